import { describe, expect, it } from 'vitest';
import { menuTexts } from '../locales/zh-CN/menu';
import { consolePages, publicPages } from './route-pages';
import { consoleRoutes, isPublicPath, menuKeyForPath, publicRoutes, routeForPath } from './route-table';

// Seed 000 §2, row by row.
const SEED_PATHS = [
  '/login',
  '/signup',
  '/lostpass',
  '/board/:id',
  '/stats/:id',
  '/order',
  '/product/list',
  '/product/create',
  '/product/:id/edit',
  '/aggregation',
  '/settings',
  '/user',
  '/price',
  '/subaccount',
  '/subaccount/creatson',
  '/expense',
  '/agent',
  '/agent/list',
  '/agent/create',
  '/agent/:agentId/edit',
  '/pages',
  '/pages/:pageId/edit',
  '/CRMUser',
  '/crmcreatTag',
  '/CRMUser/detail/:id',
  '/agency',
  '/catalog',
  '/catalog/:catalogId/setting',
  '/enroll',
  '/Enroll/edit',
  '/Enroll/record',
  '/financial',
  '/download',
  '/application',
  '/application/vote',
  '/application/vote/create',
  '/application/vote/edit',
  '/application/product',
  '/application/product/create',
  '/application/product/edit',
  '/application/photoLive',
  '/application/photoLive/create',
  '/application/photoLive/edit',
  '/application/document',
  '/application/form',
  '/application/form/create',
  '/application/form/edit',
  '/application/form/data',
];

// Seed 001 §2 names these screens without paths: an activity's setting, live configuration (with its comments and
// check mode: the moderation screen), page template editor, and ditch management.
const SEED_001_PATHS = [
  '/board/:id/settings',
  '/board/:id/live',
  '/board/:id/template',
  '/board/:id/comments',
  // The board's 互动 screen: votes, check-ins and questions (issue 10).
  '/board/:id/interactions',
  '/ditch',
];

// Where a meeting join link leads (issue 8: it was the console's 404).
const JOIN_LINK_PATHS = ['/meeting/:id'];

// Seed 000 §1 has agents "maintain sensitive word lists and global gifts, and configure virtual audience robots" with no screen named: each gets its own.
const SEED_000_AREA_PATHS = ['/sensitive-words', '/gifts', '/robots'];

// Issue 10's live operations screen, which no seed names: a subpage of the activity's board.
const ISSUE_PATHS = ['/board/:id/live-ops'];
// Issue 10 (the audience side): an activity's lottery draws and red packets.
const AUDIENCE_REWARD_PATHS = ['/board/:id/rewards'];

const allRoutes = [...publicRoutes, ...consoleRoutes];

describe('route table', () => {
  it('has every route of seed 000 §2, spelled as given, plus the activity list at / and the screens seed 001 implies', () => {
    const paths = allRoutes.map((route) => route.path);
    expect(paths.sort()).toEqual(
      [
        ...SEED_PATHS,
        ...SEED_001_PATHS,
        ...JOIN_LINK_PATHS,
        ...SEED_000_AREA_PATHS,
        ...ISSUE_PATHS,
        ...AUDIENCE_REWARD_PATHS,
        '/',
      ].sort(),
    );
  });

  it('exempts exactly login, signup, lostpass and the meeting join link from the entry rule', () => {
    expect(publicRoutes.map((route) => route.path)).toEqual(['/login', '/signup', '/lostpass', '/meeting/:id']);
  });

  it('gives every route a unique name, a page and a Chinese title', () => {
    const names = allRoutes.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    for (const route of consoleRoutes) expect(consolePages[route.name], route.name).toBeTypeOf('function');
    for (const route of publicRoutes) expect(publicPages[route.name], route.name).toBeTypeOf('function');
    for (const name of names) expect(menuTexts[`menu.${name}`], name).toMatch(/\S/);
  });

  it('matches every concrete URL to one route only', () => {
    const concrete = (path: string) => path.replaceAll(/:\w+/g, '12');
    for (const route of allRoutes) {
      const matching = allRoutes.filter((other) => routeForPath(concrete(other.path)) === route);
      expect(matching.map((other) => other.path)).toEqual([route.path]);
    }
  });
});

describe('isPublicPath', () => {
  it('lets the signed-out screens and a meeting room open without a token, and nothing else', () => {
    for (const path of ['/login', '/signup', '/lostpass', '/meeting/12', '/LOGIN'])
      expect(isPublicPath(path)).toBe(true);
    for (const path of ['/', '/user', '/board/3', '/meeting', '/login/x', '/no-such-page']) {
      expect(isPublicPath(path)).toBe(false);
    }
  });
});

describe('menuKeyForPath', () => {
  it.each([
    ['/', 'activities'],
    ['/agent', 'agents'],
    ['/agent/12/edit', 'agents'],
    ['/agent/list', 'agents'],
    ['/board/3', 'activities'],
    ['/stats/3', 'activities'],
    ['/board/3/live', 'activities'],
    ['/board/3/comments', 'activities'],
    ['/board/3/interactions', 'activities'],
    ['/ditch', 'ditches'],
    ['/product/7/edit', 'products'],
    ['/Enroll/record', 'enroll'],
    ['/CRMUser/detail/5', 'crm'],
    ['/crmcreatTag', 'crm'],
    ['/application/form/data', 'applications'],
    ['/subaccount/creatson', 'subaccounts'],
    ['/user', 'account'],
  ])('%s highlights %s', (pathname, key) => {
    expect(menuKeyForPath(pathname)).toBe(key);
  });

  it('highlights nothing for an unknown path', () => {
    expect(menuKeyForPath('/nowhere')).toBeUndefined();
    expect(menuKeyForPath('/agent/12')).toBeUndefined();
  });
});
