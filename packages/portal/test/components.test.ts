import { describe, expect, it } from 'vitest';
import { COMPONENT_RENDERERS, type PortalResolved, renderPortalPage } from '../src/index.ts';

const resolved: PortalResolved = {
  activities: [
    { id: 11, name: '春季发布会', cover: '/files/a/b/c.jpg', isPushing: true, progress: 'OnGoing', type: 'live' },
    { id: 12, name: '产品培训', cover: '', isPushing: false, progress: 'NotStart', type: 'live' },
    { id: 13, name: '往期回顾', cover: '', isPushing: false, progress: 'Ended', type: 'live' },
    { id: 14, name: '点播课程', cover: '', isPushing: false, progress: 'OnGoing', type: 'video' },
  ],
  groups: { 5: [12, 11, 13] },
  catalogs: [{ id: 7, name: '系列课', cover: '/files/c.jpg', activityCount: 3 }],
};

/** The one section a single component makes. */
function section(component: Record<string, unknown>): string {
  const html = renderPortalPage({ components: [component] }, resolved);
  return /<section [^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
}

describe('the 16 portal components', () => {
  it('has a renderer for each type the seed names', () => {
    expect(Object.keys(COMPONENT_RENDERERS).sort()).toEqual(
      [
        'header',
        'banner',
        'mobilesNav',
        'activity',
        'video',
        'activity-tab',
        'card',
        'slogan',
        'graphic',
        'catalog',
        'sudokuNav',
        'elevator',
        'countdown',
        'brand',
        'player',
        'search',
      ].sort(),
    );
  });

  it('header: logo, title and subtitle, linked when it has a link', () => {
    const html = section({
      type: 'header',
      title: '演播大会',
      subtitle: '2026',
      logo: '/files/logo.png',
      link: '/p/1',
    });
    expect(html).toContain('<strong>演播大会</strong><small>2026</small>');
    expect(html).toContain('src="/files/logo.png"');
    expect(html).toContain('<a href="/p/1">');
  });

  it('banner: one slide per picture, turning every 3000 ms unless told (seed 001 §9)', () => {
    const html = section({
      type: 'banner',
      menuArr: [
        { image: '/files/1.jpg', title: '第一张', link: 'https://example.com' },
        { image: '/files/2.jpg', activityId: 11 },
        { title: '无图' },
      ],
    });
    expect(html).toContain('data-auto="3000"');
    expect(html.match(/class="slide"/g)).toHaveLength(2);
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('href="/watch/11"');
    expect(html).toContain('<span class="caption">第一张</span>');
    expect(html.match(/<i><\/i>/g)).toHaveLength(2);
    expect(section({ type: 'banner', autoTimer: 5000, menuArr: [{ image: '/a.jpg' }] })).toContain('data-auto="5000"');
    expect(section({ type: 'banner', autoTimer: 1, menuArr: [{ image: '/a.jpg' }] })).toContain('data-auto="3000"');
    expect(section({ type: 'banner', menuArr: [] })).toBe('');
  });

  it('mobilesNav: one line of four (showType oneLine&4), round icons, each a link', () => {
    const html = section({
      type: 'mobilesNav',
      navStyle: 'graphic',
      borderStyle: 'round',
      showType: 'oneLine&4',
      menuArr: [
        { title: '直播', icon: '/i1.png', link: '/watch/11' },
        { title: '合辑', icon: '/i2.png', link: '/watch/catalog/7' },
      ],
    });
    expect(html).toContain('class="p-nav one-line" style="--cols:4"');
    expect(html).toContain('class="nav-icon round"');
    expect(html).toContain('<a class="nav-item" href="/watch/11">');
    expect(html).toContain('<span>合辑</span>');
    expect(section({ type: 'mobilesNav', navStyle: 'text', menuArr: [{ title: '文字' }] })).not.toContain('nav-icon');
  });

  it('activity: cards per menu entry, a group’s in its order and cut at num, with 直播中 on the live one', () => {
    const html = section({
      type: 'activity',
      title: '精彩活动',
      menuArr: [
        { title: '分组', type: 'group', groupId: 5, num: 2 },
        { title: '精选', type: 'activity', activities: [13, { id: 14 }, 999] },
      ],
    });
    expect(html).toContain('<h2 class="title">精彩活动</h2>');
    const ids = [...html.matchAll(/data-activity-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual([12, 11, 13, 14]);
    expect(html).toMatch(/href="\/watch\/11"[^>]*>.*?<span class="badge live">直播中<\/span>/);
    expect(html).toContain('<span class="badge">未开始</span>');
    expect(html).toContain('<span class="badge">回放</span>');
    expect(html).toContain('<span class="badge">点播</span>');
    expect(section({ type: 'activity', menuArr: [{ type: 'group', groupId: 99 }] })).toContain('暂无活动');
  });

  it('video: a player that loads nothing before play; no player for a bad address', () => {
    const html = section({ type: 'video', title: '宣传片', src: 'https://cdn.example/v.mp4', poster: '/p.jpg' });
    expect(html).toContain('<video class="p-video" src="https://cdn.example/v.mp4" poster="/p.jpg"');
    expect(html).toContain('preload="none"');
    expect(section({ type: 'video', src: 'javascript:alert(1)' })).toBe('');
  });

  it('activity-tab: a tab per entry switching its own cards, the first chosen', () => {
    const html = section({
      type: 'activity-tab',
      menuArr: [
        { title: '全部', type: 'group', groupId: 5 },
        { title: '点播', type: 'activity', activities: [14] },
      ],
    });
    expect(html).toContain('<input type="radio" name="tabs0" id="tabs0-0" checked><label for="tabs0-0">全部</label>');
    expect(html).toContain('<label for="tabs0-1">点播</label>');
    expect(html.match(/class="tab-panel"/g)).toHaveLength(2);
  });

  it('card: picture, title and text as one link', () => {
    const html = section({ type: 'card', title: '报名入口', text: '点击报名', image: '/c.jpg', link: '/watch/12' });
    expect(html).toContain('<a class="p-card" href="/watch/12">');
    expect(html).toContain('<strong>报名入口</strong><span>点击报名</span>');
  });

  it('slogan: the text, in the colours given only when they are colours', () => {
    expect(section({ type: 'slogan', text: '精彩不止', color: '#ff0000', backgroundColor: '#fff' })).toContain(
      'style="color:#ff0000;background:#fff">精彩不止',
    );
    expect(section({ type: 'slogan', text: 'x', color: 'red;position:fixed' })).not.toContain('style=');
  });

  it('graphic: pictures beside text, the text never read as HTML', () => {
    const html = section({ type: 'graphic', title: '介绍', text: '第一行\n<b>第二行</b>', image: '/g.jpg' });
    expect(html).toContain('<strong>介绍</strong>');
    expect(html).toContain('第一行\n&lt;b&gt;第二行&lt;/b&gt;');
    const list = section({ type: 'graphic', menuArr: [{ title: '甲' }, { title: '乙', link: '/watch/11' }] });
    expect(list.match(/class="graphic"/g)).toHaveLength(2);
  });

  it('catalog: the chosen catalogs linking to their public pages', () => {
    const html = section({ type: 'catalog', title: '合辑', catalogIds: [7, 8] });
    expect(html).toContain('href="/watch/catalog/7"');
    expect(html).toContain('系列课<small>3 个活动</small>');
    expect(html).not.toContain('catalog/8');
    expect(section({ type: 'catalog', catalogIds: [] })).toContain('暂无合辑');
  });

  it('sudokuNav: at most nine entries, three to a row', () => {
    const html = section({
      type: 'sudokuNav',
      menuArr: Array.from({ length: 12 }, (_, i) => ({ title: `入口${i}`, link: `/watch/${i + 1}` })),
    });
    expect(html).toContain('class="p-sudoku" style="--cols:3"');
    expect(html.match(/class="nav-item"/g)).toHaveLength(9);
  });

  it('elevator: anchors to the sections it names by index or id, the others left out', () => {
    const html = renderPortalPage(
      {
        components: [
          {
            type: 'elevator',
            menuArr: [
              { title: '直播', target: 1 },
              { title: '合辑', target: 'cat' },
              { title: '不存在', target: 9 },
            ],
          },
          { type: 'activity', menuArr: [{ type: 'group', groupId: 5 }] },
          { type: 'catalog', id: 'cat', catalogIds: [7] },
        ],
      },
      resolved,
    );
    expect(html).toContain('<nav class="p-elevator"><a href="#c1">直播</a><a href="#c2">合辑</a></nav>');
    expect(html).toContain('id="c2" data-type="catalog"');
  });

  it('countdown: the boxes the script ticks and the target time in Beijing time', () => {
    const html = section({ type: 'countdown', title: '距离开幕', time: '2030-01-01T12:00:00.000Z' });
    expect(html).toContain(`data-to="${Date.parse('2030-01-01T12:00:00.000Z')}"`);
    expect(html).toContain('<span class="cd-label">距离开幕</span>');
    expect(html).toContain('<b data-unit="d">--</b><span>天</span>');
    expect(html).toContain('2030-01-01 20:00');
    expect(section({ type: 'countdown', time: 'not a time' })).toBe('');
  });

  it('brand: logo, name and about', () => {
    const html = section({ type: 'brand', name: '演播科技', description: '专业直播', logo: '/b.png' });
    expect(html).toContain('<strong>演播科技</strong><span>专业直播</span>');
    expect(html).toContain('class="brand-logo"');
  });

  it('player: the activity’s poster opening its watch page, live badge while it pushes', () => {
    const html = section({ type: 'player', activityId: 11 });
    expect(html).toContain('<a class="p-player" href="/watch/11"');
    expect(html).toContain('src="/files/a/b/c.jpg"');
    expect(html).toContain('直播中');
    expect(html).toContain('立即观看');
    expect(section({ type: 'player', activityId: 999 })).toBe('');
  });

  it('search: a box the script filters the cards with', () => {
    const html = renderPortalPage(
      { components: [{ type: 'search' }, { type: 'activity', menuArr: [{ type: 'group', groupId: 5 }] }] },
      resolved,
    );
    expect(html).toContain('placeholder="搜索活动"');
    expect(html).toContain('data-search="产品培训"');
    expect(html).toContain('没有找到相关活动');
  });
});
