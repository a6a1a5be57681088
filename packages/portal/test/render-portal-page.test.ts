import { describe, expect, it } from 'vitest';
import { type PortalResolved, renderPortalPage } from '../src/index.ts';

const resolved: PortalResolved = {
  activities: [
    { id: 11, name: '春季发布会', cover: '/files/a/b/c.jpg', isPushing: true, progress: 'OnGoing', type: 'live' },
    { id: 12, name: '产品培训', cover: '', isPushing: false, progress: 'NotStart', type: 'live' },
    {
      id: 13,
      name: '往期回顾',
      cover: 'https://cdn.example/x.png',
      isPushing: false,
      progress: 'Ended',
      type: 'video',
    },
  ],
  groups: { 5: [12, 11] },
  catalogs: [{ id: 7, name: '系列课', activityCount: 3 }],
  bottomNav: [
    { title: '首页', link: '/p/1' },
    { title: '坏链接', link: 'javascript:alert(1)' },
    { title: '直播', link: '/watch/11' },
  ],
};

describe('renderPortalPage', () => {
  it('is one self-contained document: inline style, no outside script or stylesheet', () => {
    const html = renderPortalPage({ components: [{ type: 'banner', menuArr: [{ image: '/files/a.jpg' }] }] }, {});
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+stylesheet/);
  });

  it('escapes every string the agent wrote, in text and in attributes', () => {
    const hostile = `"><img src=x onerror=alert(1)><script>alert(2)</script>`;
    const html = renderPortalPage(
      {
        config: { title: hostile, share: { title: hostile, description: hostile } },
        components: [
          { type: 'header', title: hostile, subtitle: hostile },
          { type: 'slogan', text: hostile, color: `red;background:url(javascript:x)` },
          { type: 'card', title: hostile, text: hostile, link: `/x" onclick="alert(1)` },
          { type: 'search', placeholder: hostile },
          { type: 'activity', title: hostile, menuArr: [{ title: hostile, type: 'activity', activities: [11] }] },
        ],
      },
      { activities: [{ id: 11, name: hostile, cover: '', isPushing: false }] },
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('onerror=alert(1)>');
    expect(html).not.toContain('" onclick="');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('drops links and pictures that are not http(s) or of this site', () => {
    const html = renderPortalPage(
      {
        config: { icon: 'javascript:alert(1)' },
        components: [
          {
            type: 'banner',
            menuArr: [
              { image: 'data:image/png;base64,AAAA', link: 'javascript:alert(1)' },
              { image: '/files/ok.jpg', link: '//evil.example' },
            ],
          },
          { type: 'sudokuNav', menuArr: [{ title: '报名', link: 'vbscript:x', icon: 'https://cdn.example/i.png' }] },
        ],
      },
      resolved,
    );
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:image');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('vbscript');
    expect(html).toContain('src="/files/ok.jpg"');
    expect(html).toContain('src="https://cdn.example/i.png"');
    // The bottom navigation keeps its good entries only.
    expect(html).toContain('<a href="/p/1" class="on">');
    expect(html).toContain('href="/watch/11"');
    expect(html).not.toContain('坏链接');
  });

  it('lazy-loads every picture', () => {
    const html = renderPortalPage(
      {
        components: [
          { type: 'activity', menuArr: [{ type: 'group', groupId: 5 }] },
          { type: 'brand', logo: '/l.png' },
        ],
      },
      resolved,
    );
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThan(1);
    for (const image of images) expect(image).toContain('loading="lazy"');
  });

  it('names each section by its index, skips unknown and empty components, and bounds the count', () => {
    const html = renderPortalPage(
      {
        components: [
          { type: 'slogan', text: '第一' },
          { type: 'nonsense', text: 'x' },
          { type: 'slogan', text: '' },
          { type: 'slogan', text: '第四' },
        ],
      },
      {},
    );
    expect(html).toContain('id="c0" data-type="slogan"');
    expect(html).toContain('id="c3" data-type="slogan"');
    expect(html).not.toContain('id="c1"');
    expect(html).not.toContain('id="c2"');
    const many = renderPortalPage(
      { components: Array.from({ length: 500 }, () => ({ type: 'slogan', text: 'x' })) },
      {},
    );
    expect(many.match(/data-type="slogan"/g)).toHaveLength(100);
  });

  it('reads the components as an object keyed by type, with contents as a list', () => {
    const html = renderPortalPage(
      {
        components: {
          header: { title: '品牌活动' },
          contents: [{ type: 'slogan', text: '欢迎' }],
        },
      },
      {},
    );
    expect(html.indexOf('品牌活动')).toBeLessThan(html.indexOf('欢迎'));
    expect(html).toContain('<title>品牌活动</title>');
  });

  it('includes the script only for the components that need it, and keeps it small', () => {
    expect(renderPortalPage({ components: [{ type: 'slogan', text: 'x' }] }, {})).not.toContain('<script>');
    const html = renderPortalPage(
      {
        components: [
          { type: 'banner', menuArr: [{ image: '/a.jpg' }, { image: '/b.jpg' }] },
          { type: 'countdown', time: '2030-01-01T00:00:00Z' },
          { type: 'search' },
        ],
      },
      {},
    );
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain('p-banner');
    expect(script).toContain('p-countdown');
    expect(script).toContain('data-search-box');
    expect(script.length).toBeLessThan(1200);
  });

  it('forces the preview’s width with a class, and shows an empty page in Chinese', () => {
    expect(renderPortalPage({}, {}, { viewport: 'desktop' })).toContain('<body class="vp-desktop">');
    expect(renderPortalPage({}, {}, { viewport: 'mobile' })).toContain('<body class="vp-mobile">');
    expect(renderPortalPage({}, {})).toContain('页面暂无内容');
    expect(renderPortalPage({}, {}, { baseUrl: 'https://yanbo.example/' })).toContain(
      '<base href="https://yanbo.example/">',
    );
    expect(renderPortalPage({}, {}, { baseUrl: 'javascript:x' })).not.toContain('<base');
  });

  it('renders the same document for the same input (its ETag is stable)', () => {
    const page = { components: [{ type: 'activity-tab', menuArr: [{ title: 'A', type: 'group', groupId: 5 }] }] };
    expect(renderPortalPage(page, resolved)).toBe(renderPortalPage(page, resolved));
  });
});
