import { PAGE_COMPONENT_TYPES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { COMPONENT_RENDERERS } from '../src/index.ts';
import { render, section } from './fixtures.ts';

describe('the 16 portal components', () => {
  it('has a renderer for each type the contract names', () => {
    expect(Object.keys(COMPONENT_RENDERERS).sort()).toEqual([...PAGE_COMPONENT_TYPES].sort());
    expect(PAGE_COMPONENT_TYPES).toHaveLength(16);
  });

  it('header: logo, title and subtitle on its colours', () => {
    const html = section({
      id: 'h',
      type: 'header',
      title: '演播大会',
      subtitle: '2026',
      logo: 'agent/1/logo.png',
      backgroundColor: '#003eb3',
    });
    expect(html).toContain('style="background:#003eb3;color:#ffffff"');
    expect(html).toContain('<strong>演播大会</strong><small>2026</small>');
    expect(html).toContain('class="logo" src="/files/agent/1/logo.png"');
  });

  it('banner: one slide per picture, turning every 3000 ms unless told (seed 001 §9)', () => {
    const html = section({
      id: 'b',
      type: 'banner',
      menuArr: [
        { image: '/files/1.jpg', title: '第一张', link: { kind: 'url', url: 'https://example.com' } },
        { image: '/files/2.jpg', link: { kind: 'activity', activityId: 11 } },
      ],
    });
    expect(html).toContain('<div class="p-banner default" data-auto="3000">');
    expect(html.match(/class="slide"/g)).toHaveLength(2);
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('href="/watch/11"');
    expect(html).toContain('<span class="caption">第一张</span>');
    expect(html).toContain('<span class="pager default"><i class="on"></i><i></i></span>');
    const numbered = section({
      id: 'b',
      type: 'banner',
      autoTimer: 5000,
      paginationStyle: 'number',
      menuArr: [{ image: '/a.jpg' }, { image: '/b.jpg' }],
    });
    expect(numbered).toContain('data-auto="5000"');
    expect(numbered).toContain('<span class="pager number"><b>1</b>/2</span>');
    expect(section({ id: 'b', type: 'banner', menuArr: [] })).toBe('');
  });

  it('mobilesNav: one line of four (showType oneLine&4), round icons, each entry a link', () => {
    const html = section(
      {
        id: 'n',
        type: 'mobilesNav',
        menuArr: [
          { title: '直播', type: 'group', groupId: 5 },
          { title: '官网', type: 'link', url: 'https://example.com' },
          { title: '三', type: 'link', url: '/a' },
          { title: '四', type: 'link', url: '/b' },
          { title: '五', type: 'link', url: '/c' },
        ],
      },
      { sources: { 'n@0': [12, 11] } },
    );
    expect(html).toContain('<nav class="p-nav graphic" style="--cols:4">');
    expect(html).toContain('class="nav-icon round blank"');
    expect(html).toContain('<a class="nav-item" href="/watch/12">');
    expect(html).toContain('href="https://example.com"');
    expect(html.match(/class="nav-item"/g)).toHaveLength(4);
    const text = section({ id: 'n', type: 'mobilesNav', navStyle: 'text', menuArr: [{ title: '文字', type: 'link' }] });
    expect(text).not.toContain('nav-icon');
    expect(text).toContain('<div class="nav-item"><span>文字</span></div>');
  });

  it('activity: its source’s cards in order, with 直播中 on the live one and the views when asked', () => {
    const html = section(
      { id: 'a', type: 'activity', title: '精彩活动', source: { kind: 'group', groupId: 5 }, layout: 'grid' },
      { sources: { a: [12, 11, 13, 14] } },
    );
    expect(html).toContain('<h2 class="title">精彩活动</h2><div class="cards grid">');
    const ids = [...html.matchAll(/data-activity-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual([12, 11, 13, 14]);
    expect(html).toMatch(/href="\/watch\/11"[^>]*><span class="thumb">.*?<span class="badge live">直播中<\/span>/);
    expect(html).toContain('<span class="badge">未开始</span>');
    expect(html).toContain('<span class="badge">回放</span>');
    expect(html).toContain('<span class="badge">点播</span>');
    expect(html).toContain('<small>120 次观看</small>');
    expect(section({ id: 'a', type: 'activity', showViewers: false }, { sources: { a: [11] } })).not.toContain(
      '次观看',
    );
    expect(section({ id: 'a', type: 'activity' })).toContain('暂无活动');
  });

  it('video: a recorded activity’s cover with a play button, opening its watch page', () => {
    const html = section({ id: 'v', type: 'video', title: '宣传片', activityId: 13, cover: '/files/p.jpg' });
    expect(html).toContain('<h2 class="title">宣传片</h2><a class="p-video" href="/watch/13"');
    expect(html).toContain('class="poster" src="/files/p.jpg"');
    expect(html).toContain('class="play"');
    expect(section({ id: 'v', type: 'video', activityId: 999 })).toBe('');
  });

  it('activity-tab: a tab per entry switching its own cards, the first chosen', () => {
    const html = section(
      {
        id: 't',
        type: 'activity-tab',
        tabs: [
          { title: '全部', source: { kind: 'new' } },
          { title: '点播', source: { kind: 'chosen', activityIds: [14] } },
        ],
      },
      { sources: { 't#0': [11, 12], 't#1': [14] } },
    );
    expect(html).toContain(
      '<input type="radio" name="tabs-t" id="tabs-t-0" checked><label for="tabs-t-0">全部</label>',
    );
    expect(html).toContain('<label for="tabs-t-1">点播</label>');
    expect(html.match(/class="tab-panel"/g)).toHaveLength(2);
    expect(html.match(/data-activity-id/g)).toHaveLength(3);
  });

  it('card: pictures, titles and text, columns as chosen, each a link', () => {
    const html = section({
      id: 'c',
      type: 'card',
      columns: 3,
      items: [{ title: '报名入口', description: '点击报名', image: '/c.jpg', link: { kind: 'url', url: '/watch/12' } }],
    });
    expect(html).toContain('<div class="p-cards" style="--cols:3">');
    expect(html).toContain('<a class="p-card" href="/watch/12">');
    expect(html).toContain('<strong>报名入口</strong><span>点击报名</span>');
  });

  it('slogan: the text aligned, sized and coloured', () => {
    expect(
      section({ id: 's', type: 'slogan', text: '精彩不止', align: 'left', fontSize: 24, textColor: '#ff0000' }),
    ).toBe('<p class="p-slogan" style="text-align:left;font-size:24px;color:#ff0000">精彩不止</p>');
  });

  it('graphic: a picture beside its text, the text never read as HTML', () => {
    const html = section({
      id: 'g',
      type: 'graphic',
      title: '介绍',
      content: '第一行\n<b>第二行</b>',
      image: '/g.jpg',
      imagePosition: 'left',
    });
    expect(html).toContain('<div class="p-graphic left">');
    expect(html).toContain('<strong>介绍</strong>');
    expect(html).toContain('第一行\n&lt;b&gt;第二行&lt;/b&gt;');
  });

  it('catalog: its catalogs linking to their public pages', () => {
    const html = section(
      { id: 'k', type: 'catalog', title: '合辑', catalogIds: [7] },
      { catalogs: { k: [{ id: 7, name: '系列课', cover: '', activityCount: 3, link: '/watch/catalog/7' }] } },
    );
    expect(html).toContain('href="/watch/catalog/7"');
    expect(html).toContain('系列课<small>3 个活动</small>');
    expect(section({ id: 'k', type: 'catalog' })).toContain('暂无合辑');
  });

  it('sudokuNav: three to a row', () => {
    const html = section({
      id: 'g',
      type: 'sudokuNav',
      menuArr: Array.from({ length: 9 }, (_, i) => ({
        title: `入口${i}`,
        type: 'link' as const,
        url: `/watch/${i + 1}`,
      })),
    });
    expect(html).toContain('<nav class="p-sudoku" style="--cols:3">');
    expect(html.match(/class="nav-item"/g)).toHaveLength(9);
  });

  it('elevator: anchors to the components it names', () => {
    const html = render([
      {
        id: 'e',
        type: 'elevator',
        anchors: [
          { title: '直播', componentId: 'live' },
          { title: '合辑', componentId: 'cat' },
        ],
      },
      { id: 'live', type: 'activity' },
      { id: 'cat', type: 'catalog' },
    ]);
    expect(html).toContain(
      '<nav class="p-elevator" style="--active:#1677ff"><a href="#c-live">直播</a><a href="#c-cat">合辑</a></nav>',
    );
    expect(html).toContain('id="c-cat"');
  });

  it('countdown: the boxes the script ticks and the target time in Beijing time', () => {
    const html = section({ id: 'd', type: 'countdown', title: '距离开幕', targetAt: '2030-01-01T12:00:00.000Z' });
    expect(html).toContain(`data-to="${Date.parse('2030-01-01T12:00:00.000Z')}" data-done="已开始"`);
    expect(html).toContain('<span class="cd-label">距离开幕</span>');
    expect(html).toContain('<b data-unit="d">--</b><span>天</span>');
    expect(html).toContain('2030-01-01 20:00');
    expect(section({ id: 'd', type: 'countdown' })).toBe('');
  });

  it('brand: logo, name and about, a link when it has one', () => {
    const html = section({
      id: 'r',
      type: 'brand',
      name: '演播科技',
      description: '专业直播',
      logo: '/b.png',
      link: { kind: 'url', url: 'https://example.com' },
    });
    expect(html).toContain('<a class="p-brand" href="https://example.com">');
    expect(html).toContain('<strong>演播科技</strong><span>专业直播</span>');
  });

  it('player: the activity’s poster opening its watch page, live badge while it pushes', () => {
    const html = section({ id: 'p', type: 'player', activityId: 11 });
    expect(html).toContain('<a class="p-player" href="/watch/11"');
    expect(html).toContain('src="/files/activity/11/cover.jpg"');
    expect(html).toContain('直播中');
    expect(html).toContain('进入直播');
    expect(section({ id: 'p', type: 'player', activityId: 12 })).toContain('立即观看');
    expect(section({ id: 'p', type: 'player', activityId: 999 })).toBe('');
  });

  it('search: a box the script filters the cards with', () => {
    const html = render(
      [
        { id: 'q', type: 'search' },
        { id: 'a', type: 'activity' },
      ],
      { sources: { a: [12] } },
    );
    expect(html).toContain('placeholder="搜索活动"');
    expect(html).toContain('data-search="产品培训"');
    expect(html).toContain('没有找到相关活动');
  });
});
