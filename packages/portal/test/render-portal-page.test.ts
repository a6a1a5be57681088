import { pageData } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { allPortalScripts, renderPortalPage } from '../src/index.ts';
import { render, resolved } from './fixtures.ts';

const hostile = `"><img src=x onerror=alert(1)><script>alert(2)</script>`;

describe('renderPortalPage', () => {
  it('is one self-contained document: inline style, no outside script or stylesheet', () => {
    const html = render([{ id: 'b', type: 'banner', menuArr: [{ image: '/files/a.jpg' }] }]);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('<title>测试页面</title>');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+stylesheet/);
  });

  it('escapes every string the agent wrote, in text and in attributes', () => {
    const html = renderPortalPage(
      hostile,
      pageData.parse({
        config: { share: { title: hostile, description: hostile } },
        components: [
          { id: 'h', type: 'header', title: hostile, subtitle: hostile },
          { id: 's', type: 'slogan', text: hostile },
          { id: 'c', type: 'card', items: [{ title: hostile, description: hostile }] },
          { id: 'q', type: 'search', placeholder: hostile.slice(0, 30) },
          { id: 'g', type: 'graphic', title: hostile, content: hostile },
          { id: 'a', type: 'activity', title: hostile.slice(0, 30), source: { kind: 'chosen', activityIds: [11] } },
        ],
      }),
      { ...resolved, activities: [{ ...resolved.activities[0], name: hostile }], sources: { a: [11] } },
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('onerror=alert(1)><script>');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain(`<title>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;`);
  });

  it('keeps only http(s) links and links of this site, even when the data was never validated', () => {
    const data = pageData.parse({
      components: [
        { id: 'b', type: 'banner', menuArr: [{ image: '/files/ok.jpg', link: { kind: 'url', url: '/watch/11' } }] },
      ],
    });
    // A preview renders the editor's data as it stands, before the server has checked it.
    const banner = data.components[0];
    if (banner?.type !== 'banner') throw new Error('banner expected');
    banner.menuArr.push(
      { image: 'javascript:alert(1)', title: '', link: { kind: 'url', url: 'javascript:alert(1)' } },
      { image: '/files/two.jpg', title: '', link: { kind: 'url', url: '//evil.example/x' } },
      { image: '/files/three.jpg', title: '', link: { kind: 'url', url: 'data:text/html,x' } },
    );
    const html = renderPortalPage('x', data, resolved);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('data:text');
    expect(html).toContain('<a class="slide" href="/watch/11">');
    expect(html.match(/class="slide"/g)).toHaveLength(3);
  });

  it('links to activities only while they are the owner’s, and to catalogs and pages by their paths', () => {
    const html = render([
      {
        id: 'c',
        type: 'card',
        items: [
          { title: '活动', link: { kind: 'activity', activityId: 11 } },
          { title: '别人的', link: { kind: 'activity', activityId: 999 } },
          { title: '合辑', link: { kind: 'catalog', catalogId: 7 } },
          { title: '页面', link: { kind: 'page', pageId: 3 } },
        ],
      },
    ]);
    expect(html).toContain('<a class="p-card" href="/watch/11">');
    expect(html).toContain('<div class="p-card"><span class="card-body"><strong>别人的</strong>');
    expect(html).toContain('href="/watch/catalog/7"');
    expect(html).toContain('href="/watch/page/3"');
  });

  it('serves uploaded pictures under /files/ and lazy-loads every picture', () => {
    const html = render(
      [
        { id: 'a', type: 'activity', source: { kind: 'group', groupId: 5 } },
        { id: 'b', type: 'brand', name: '演播', logo: 'agent/3/logo.png' },
      ],
      { sources: { a: [11, 13] } },
    );
    expect(html).toContain('src="/files/agent/3/logo.png"');
    expect(html).toContain('src="/files/activity/11/cover.jpg"');
    expect(html).toContain('src="https://cdn.example/x.png"');
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images.length).toBe(3);
    for (const image of images) expect(image).toContain('loading="lazy"');
  });

  it('names each section after its component, and leaves out empty ones', () => {
    const html = render([
      { id: 'first', type: 'slogan', text: '第一' },
      { id: 'empty', type: 'slogan', text: '' },
      { id: 'last', type: 'slogan', text: '第三' },
    ]);
    expect(html).toContain('<section class="block block-slogan" id="c-first">');
    expect(html).toContain('id="c-last"');
    expect(html).not.toContain('id="c-empty"');
  });

  it('includes the script only for the components that need it, and keeps it small', () => {
    expect(render([{ id: 's', type: 'slogan', text: 'x' }])).not.toContain('<script>');
    const html = render([
      { id: 'b', type: 'banner', menuArr: [{ image: '/a.jpg' }, { image: '/b.jpg' }] },
      { id: 'c', type: 'countdown', targetAt: '2030-01-01T00:00:00Z' },
      { id: 'q', type: 'search' },
    ]);
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain('p-banner');
    expect(script).toContain('scrollTo');
    expect(script).toContain('p-countdown');
    expect(script).toContain('data-search-box');
    expect(script.length).toBeLessThan(1500);
    const fading = render([{ id: 'b', type: 'banner', menuArr: [{ image: '/a.jpg' }] }], {}, { carouselType: 'fade' });
    expect(fading).toContain("classList.add('fade')");
    expect(fading).not.toContain('scrollTo');
  });

  it('lists every script a page can carry, so an embedding page may allow them by hash', () => {
    const scripts = allPortalScripts();
    // Four sets with a banner, each sliding or fading, and three without one.
    expect(scripts).toHaveLength(11);
    const html = render(
      [
        { id: 'b', type: 'banner', menuArr: [{ image: '/a.jpg' }] },
        { id: 'q', type: 'search' },
      ],
      {},
      { carouselType: 'fade' },
    );
    expect(scripts).toContain(/<script>([\s\S]*)<\/script>/.exec(html)?.[1]);
  });

  it('draws the bottom navigation when enabled, its first item current', () => {
    const html = render([], {
      bottomNav: {
        enabled: true,
        color: '#666666',
        activeColor: '#1677ff',
        items: [
          { title: '首页', icon: '', link: { kind: 'page', pageId: 1 } },
          { title: '直播', icon: '', link: { kind: 'activity', activityId: 11 } },
        ],
      },
    });
    expect(html).toContain('<body class="has-nav">');
    expect(html).toContain(
      '<a href="/watch/page/1" class="on"><span>首页</span></a><a href="/watch/11"><span>直播</span></a>',
    );
    expect(render([], { bottomNav: { enabled: false, color: '', activeColor: '', items: [] } })).not.toContain(
      'bottom-nav"',
    );
  });

  it('forces the preview’s width with a class, sets a base for a srcDoc, and shows an empty page in Chinese', () => {
    const data = pageData.parse({});
    expect(renderPortalPage('x', data, resolved, { viewport: 'desktop' })).toContain('<body class="vp-desktop">');
    expect(renderPortalPage('x', data, resolved, { viewport: 'mobile' })).toContain('<body class="vp-mobile">');
    expect(renderPortalPage('x', data, resolved)).toContain('页面暂无内容');
    expect(renderPortalPage('x', data, resolved, { baseUrl: 'https://yanbo.example/' })).toContain(
      '<base href="https://yanbo.example/">',
    );
    expect(renderPortalPage('x', data, resolved, { baseUrl: 'javascript:x' })).not.toContain('<base');
  });

  it('renders the same document for the same input (its ETag is stable)', () => {
    const components = [
      { id: 't', type: 'activity-tab' as const, tabs: [{ title: 'A', source: { kind: 'new' as const } }] },
    ];
    expect(render(components)).toBe(render(components));
  });
});
