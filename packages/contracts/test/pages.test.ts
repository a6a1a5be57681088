import { describe, expect, test } from 'vitest';
import {
  activityIdsQuery,
  convertLegacyPageData,
  emptyPageData,
  isLegacyPageData,
  MAX_PAGE_COMPONENTS,
  newPageComponent,
  PAGE_COMPONENT_TYPES,
  PAGE_ERRORS,
  PORTAL_BANNER_AUTO_TIMER,
  pageColumnQuery,
  pageCreate,
  pageData,
  pageLink,
  pageUpdate,
} from '../src/pages.ts';

describe('convertLegacyPageData (seed 001 §4 legacy pages)', () => {
  test('legacy mobilesNav becomes a mobilesNav menuArr with navStyle graphic, borderStyle round, showType oneLine&4', () => {
    const data = convertLegacyPageData({
      mobilesNav: [
        { title: '直播', icon: 'agent/1/files/a.png', type: 'group', groupId: 7, num: 4 },
        { name: '回放', img: '/files/b.png', type: 'activity', activities: [3, { id: 4 }] },
      ],
      banner: [],
    });
    const nav = data.components.find((component) => component.type === 'mobilesNav');
    expect(nav).toEqual({
      id: 'legacy-nav',
      type: 'mobilesNav',
      navStyle: 'graphic',
      borderStyle: 'round',
      showType: 'oneLine&4',
      menuArr: [
        { title: '直播', icon: 'agent/1/files/a.png', type: 'group', groupId: 7, activities: [], num: 4, url: '' },
        { title: '回放', icon: '/files/b.png', type: 'activity', groupId: null, activities: [3, 4], num: 6, url: '' },
      ],
    });
  });

  test('legacy banner becomes a banner menuArr with paginationStyle default, autoTimer 3000, showType default', () => {
    const data = convertLegacyPageData({
      mobilesNav: [],
      banner: [{ img: '/files/one.png', link: 'https://example.com/a' }, { image: 'agent/1/files/two.jpg' }],
    });
    const banner = data.components.find((component) => component.type === 'banner');
    expect(banner).toEqual({
      id: 'legacy-banner',
      type: 'banner',
      paginationStyle: 'default',
      autoTimer: 3000,
      showType: 'default',
      menuArr: [
        { image: '/files/one.png', title: '', link: { kind: 'url', url: 'https://example.com/a' } },
        { image: 'agent/1/files/two.jpg', title: '', link: { kind: 'none' } },
      ],
    });
    expect(PORTAL_BANNER_AUTO_TIMER).toBe(3000);
  });

  test('legacy blocks may hold their entries under menuArr; the nav comes before the banner', () => {
    const data = convertLegacyPageData({
      banner: { menuArr: [{ image: '/files/x.png' }] },
      mobilesNav: { menuArr: [{ title: '首页', type: 'link', url: '/watch/page/1' }] },
    });
    expect(data.components.map((component) => component.type)).toEqual(['mobilesNav', 'banner']);
    expect(data.config).toEqual(emptyPageData().config);
  });

  test('the old componentArr form is read into components in order, with its config', () => {
    const data = convertLegacyPageData({
      config: { carouselType: 'fade', icon: '/files/icon.png', share: { title: '分享', description: '', imgUrl: '' } },
      componentArr: [
        { type: 'header', data: { title: '我的频道' } },
        { id: 'slogan-1', type: 'slogan', text: '欢迎' },
        { type: 'banner', menuArr: [{ image: '/files/b.png' }] },
        { type: 'mobilesNav', menuArr: [{ title: '全部', type: 'group', groupId: 2 }] },
      ],
    });
    expect(data.config.carouselType).toBe('fade');
    expect(data.config.share.title).toBe('分享');
    expect(data.components.map((component) => [component.id, component.type])).toEqual([
      ['legacy-1', 'header'],
      ['slogan-1', 'slogan'],
      ['legacy-3', 'banner'],
      ['legacy-4', 'mobilesNav'],
    ]);
    const header = data.components[0];
    expect(header?.type === 'header' && header.title).toBe('我的频道');
    const banner = data.components[2];
    expect(banner?.type === 'banner' && [banner.autoTimer, banner.paginationStyle, banner.showType]).toEqual([
      3000,
      'default',
      'default',
    ]);
    const nav = data.components[3];
    expect(nav?.type === 'mobilesNav' && [nav.navStyle, nav.borderStyle, nav.showType]).toEqual([
      'graphic',
      'round',
      'oneLine&4',
    ]);
  });

  test('entries that no longer validate are dropped, the rest kept', () => {
    const data = convertLegacyPageData({
      config: 'not an object',
      componentArr: [
        { type: 'unknown-kind' },
        'text',
        null,
        { type: 'slogan', text: 'x'.repeat(500) },
        { type: 'graphic', title: '保留' },
        {
          type: 'elevator',
          anchors: [
            { title: '去图文', componentId: 'legacy-5' },
            { title: '无', componentId: 'x' },
          ],
        },
      ],
    });
    expect(data.components.map((component) => component.type)).toEqual(['graphic', 'elevator']);
    const elevator = data.components[1];
    expect(elevator?.type === 'elevator' && elevator.anchors).toEqual([{ title: '去图文', componentId: 'legacy-5' }]);
    expect(pageData.safeParse(data).success).toBe(true);
  });

  test('a dangerous legacy link is not carried over', () => {
    const data = convertLegacyPageData({
      mobilesNav: [],
      banner: [{ image: '/files/a.png', link: 'javascript:alert(1)' }],
    });
    const banner = data.components.find((component) => component.type === 'banner');
    expect(banner?.type === 'banner' && banner.menuArr[0]?.link).toEqual({ kind: 'none' });
  });

  test('repeated component ids are made unique and at most 100 components are kept', () => {
    const componentArr = Array.from({ length: 150 }, () => ({ id: 'same', type: 'slogan', text: 'a' }));
    const data = convertLegacyPageData({ config: {}, componentArr });
    expect(data.components).toHaveLength(MAX_PAGE_COMPONENTS);
    expect(new Set(data.components.map((component) => component.id)).size).toBe(MAX_PAGE_COMPONENTS);
    expect(pageData.safeParse(data).success).toBe(true);
  });

  test('current data passes through unchanged; only exactly two keys other than config and components is legacy', () => {
    const current = pageData.parse({ components: [{ id: 'b1', type: 'banner' }] });
    expect(convertLegacyPageData(current)).toEqual(current);
    expect(isLegacyPageData(current)).toBe(false);
    expect(isLegacyPageData({ config: {}, componentArr: [] })).toBe(true);
    expect(isLegacyPageData({ mobilesNav: [], banner: [] })).toBe(true);
    expect(isLegacyPageData({ banner: [] })).toBe(false);
    expect(isLegacyPageData({ a: 1, b: 2, c: 3 })).toBe(false);
    expect(isLegacyPageData([1, 2])).toBe(false);
  });

  test('an old contents block becomes an activity-tab, one tab per menu entry', () => {
    const data = convertLegacyPageData({
      config: {},
      componentArr: [
        {
          type: 'contents',
          menuArr: [
            { title: '年会', type: 'group', groupId: 5, num: 4 },
            { title: '精选', type: 'activity', activities: [{ id: 9 }, 8] },
            { title: '', type: 'group', groupId: 6 },
          ],
        },
      ],
    });
    expect(data.components).toEqual([
      {
        id: 'legacy-1',
        type: 'activity-tab',
        layout: 'list',
        tabs: [
          { title: '年会', num: 4, source: { kind: 'group', groupId: 5 } },
          { title: '精选', num: 6, source: { kind: 'chosen', activityIds: [9, 8] } },
        ],
      },
    ]);
  });

  test('current data that no longer validates keeps the components that do', () => {
    const data = convertLegacyPageData({
      config: { carouselType: 'fade' },
      components: [
        { id: 's1', type: 'slogan', text: '保留' },
        { id: 'gone', type: 'retired-type' },
        { id: 'c1', type: 'contents', menuArr: [{ title: '组', type: 'group', groupId: 2 }] },
        {
          id: 'e1',
          type: 'elevator',
          anchors: [
            { title: '到标语', componentId: 's1' },
            { title: '无', componentId: 'gone' },
          ],
        },
      ],
    });
    expect(data.config.carouselType).toBe('fade');
    expect(data.components.map((component) => [component.id, component.type])).toEqual([
      ['s1', 'slogan'],
      ['c1', 'activity-tab'],
      ['e1', 'elevator'],
    ]);
    const elevator = data.components[2];
    expect(elevator?.type === 'elevator' && elevator.anchors).toEqual([{ title: '到标语', componentId: 's1' }]);
  });

  test('unreadable data gives an empty page rather than an error', () => {
    expect(convertLegacyPageData(null)).toEqual(emptyPageData());
    expect(convertLegacyPageData('x')).toEqual(emptyPageData());
    expect(convertLegacyPageData({ config: 1, components: 'no' })).toEqual(emptyPageData());
  });
});

describe('page data', () => {
  test('every one of the 16 component types makes a valid fresh component', () => {
    expect(PAGE_COMPONENT_TYPES).toHaveLength(16);
    const components = PAGE_COMPONENT_TYPES.map((type, index) => newPageComponent(type, `c${index}`));
    expect(pageData.safeParse({ components }).success).toBe(true);
    const banner = newPageComponent('banner', 'b');
    expect(banner.type === 'banner' && banner.autoTimer).toBe(3000);
  });

  test('component ids are unique and elevator anchors name a component of the page', () => {
    const twice = pageData.safeParse({
      components: [
        { id: 'a', type: 'slogan' },
        { id: 'a', type: 'search' },
      ],
    });
    expect(twice.error?.issues[0]).toMatchObject({
      message: PAGE_ERRORS.componentIdRepeated,
      path: ['components', 1, 'id'],
    });
    const anchors = pageData.safeParse({
      components: [{ id: 'e', type: 'elevator', anchors: [{ title: '去', componentId: 'missing' }] }],
    });
    expect(anchors.error?.issues[0]?.path).toEqual(['components', 0, 'anchors', 0, 'componentId']);
  });

  test('strings and arrays are bounded', () => {
    const many = Array.from({ length: MAX_PAGE_COMPONENTS + 1 }, (_, i) => ({ id: `s${i}`, type: 'slogan' }));
    expect(pageData.safeParse({ components: many }).success).toBe(false);
    expect(pageData.safeParse({ components: [{ id: 's', type: 'slogan', text: 'x'.repeat(201) }] }).success).toBe(
      false,
    );
    expect(pageData.safeParse({ components: [{ id: 'bad id', type: 'slogan' }] }).success).toBe(false);
    expect(pageCreate.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(PAGE_ERRORS.nameRequired);
    expect(pageUpdate.safeParse({ name: 'x'.repeat(61) }).error?.issues[0]?.message).toBe(PAGE_ERRORS.nameTooLong);
  });

  test('links lead only to http(s) addresses or paths of this site', () => {
    expect(pageLink.safeParse({ kind: 'url', url: 'javascript:alert(1)' }).success).toBe(false);
    expect(pageLink.safeParse({ kind: 'url', url: 'data:text/html,x' }).success).toBe(false);
    expect(pageLink.safeParse({ kind: 'url', url: 'https://example.com/x' }).success).toBe(true);
    expect(pageLink.safeParse({ kind: 'url', url: '/watch/12' }).success).toBe(true);
    expect(pageLink.safeParse({ kind: 'activity', activityId: 0 }).success).toBe(false);
  });
});

describe('queries', () => {
  test('activityIds is a comma list kept in order, repeats dropped, bounded', () => {
    expect(activityIdsQuery.parse({ activityIds: '3,1,3,2' }).activityIds).toEqual([3, 1, 2]);
    expect(activityIdsQuery.parse({ activityIds: '' }).activityIds).toEqual([]);
    expect(activityIdsQuery.safeParse({ activityIds: '1,a' }).success).toBe(false);
    expect(activityIdsQuery.safeParse({ activityIds: '0' }).success).toBe(false);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(activityIdsQuery.safeParse({ activityIds: tooMany }).success).toBe(false);
  });

  test('columns are fetched with page size 9999 (seed 001 §9)', () => {
    expect(pageColumnQuery.parse({}).pageSize).toBe(9999);
    expect(pageColumnQuery.safeParse({ pageSize: 10_000 }).success).toBe(false);
  });
});
