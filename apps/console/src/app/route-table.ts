import { matchPath } from 'react-router';

// Every screen of seed 000 §2. A route's name is its feature area (the console folder, the i18n namespace and the
// menu key, ARCHITECTURE.md), dotted for the area's sub-screens; `menu` names the menu item a screen highlights
// when it isn't its own area's (an activity's board and statistics belong to the activity list).

export interface ConsoleRoute {
  path: string;
  name: string;
  menu?: string;
}

/** Screens reachable without a manage token: the global entry rule skips them (seed 000 §2). */
export const publicRoutes = [
  { path: '/login', name: 'login' },
  { path: '/signup', name: 'signup' },
  { path: '/lostpass', name: 'lostpass' },
  // A meeting join link's room: its token is the permission, no console session needed.
  { path: '/meeting/:id', name: 'meeting' },
] as const satisfies readonly ConsoleRoute[];

/** Outside every rule: it must render even where the console itself can't. */
export const NOT_SUPPORTED_PATH = '/not-supported';

/** Screens inside the console layout, behind the entry rule. */
export const consoleRoutes = [
  { path: '/', name: 'activities' },
  { path: '/board/:id', name: 'board', menu: 'activities' },
  { path: '/stats/:id', name: 'stats', menu: 'activities' },
  { path: '/board/:id/settings', name: 'activity-settings', menu: 'activities' },
  { path: '/board/:id/live', name: 'live-stream', menu: 'activities' },
  { path: '/board/:id/template', name: 'page-template', menu: 'activities' },
  { path: '/board/:id/comments', name: 'comments', menu: 'activities' },
  { path: '/board/:id/live-ops', name: 'live-ops', menu: 'activities' },
  { path: '/board/:id/interactions', name: 'interactions', menu: 'activities' },
  { path: '/board/:id/rewards', name: 'rewards', menu: 'activities' },
  { path: '/ditch', name: 'ditches' },
  { path: '/sensitive-words', name: 'sensitive-words' },
  { path: '/gifts', name: 'gifts' },
  { path: '/robots', name: 'robots' },
  { path: '/order', name: 'orders' },
  { path: '/product/list', name: 'products' },
  { path: '/product/create', name: 'products.create' },
  { path: '/product/:id/edit', name: 'products.edit' },
  { path: '/aggregation', name: 'aggregation' },
  { path: '/settings', name: 'branding' },
  { path: '/user', name: 'account' },
  { path: '/price', name: 'price' },
  { path: '/subaccount', name: 'subaccounts' },
  { path: '/subaccount/creatson', name: 'subaccounts.create' },
  { path: '/expense', name: 'expense' },
  { path: '/agent', name: 'agents' },
  { path: '/agent/list', name: 'agents.list' },
  { path: '/agent/create', name: 'agents.create' },
  { path: '/agent/:agentId/edit', name: 'agents.edit' },
  { path: '/pages', name: 'pages' },
  { path: '/pages/:pageId/edit', name: 'pages.edit' },
  { path: '/CRMUser', name: 'crm' },
  { path: '/crmcreatTag', name: 'crm.createTag' },
  { path: '/CRMUser/detail/:id', name: 'crm.detail' },
  { path: '/agency', name: 'agency' },
  { path: '/catalog', name: 'catalogs' },
  { path: '/catalog/:catalogId/setting', name: 'catalogs.setting' },
  { path: '/enroll', name: 'enroll' },
  { path: '/Enroll/edit', name: 'enroll.edit' },
  { path: '/Enroll/record', name: 'enroll.record' },
  { path: '/financial', name: 'financial' },
  { path: '/download', name: 'download' },
  { path: '/application', name: 'applications' },
  { path: '/application/vote', name: 'applications.vote' },
  { path: '/application/vote/create', name: 'applications.vote.create' },
  { path: '/application/vote/edit', name: 'applications.vote.edit' },
  { path: '/application/product', name: 'applications.product' },
  { path: '/application/product/create', name: 'applications.product.create' },
  { path: '/application/product/edit', name: 'applications.product.edit' },
  { path: '/application/photoLive', name: 'applications.photoLive' },
  { path: '/application/photoLive/create', name: 'applications.photoLive.create' },
  { path: '/application/photoLive/edit', name: 'applications.photoLive.edit' },
  { path: '/application/document', name: 'applications.document' },
  { path: '/application/form', name: 'applications.form' },
  { path: '/application/form/create', name: 'applications.form.create' },
  { path: '/application/form/edit', name: 'applications.form.edit' },
  { path: '/application/form/data', name: 'applications.form.data' },
] as const satisfies readonly ConsoleRoute[];

export type PublicRouteName = (typeof publicRoutes)[number]['name'];
export type ConsoleRouteName = (typeof consoleRoutes)[number]['name'];

const allRoutes: readonly ConsoleRoute[] = [...publicRoutes, ...consoleRoutes];

/** The route a URL path shows, matched the way the router matches (case-insensitive, whole path). */
export function routeForPath(pathname: string): ConsoleRoute | undefined {
  return allRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** A screen reachable without a manage token (/login, /signup, /lostpass, a meeting room). */
export function isPublicPath(pathname: string): boolean {
  return publicRoutes.some((route) => matchPath({ path: route.path, end: true }, pathname));
}

export function routeByName(name: string): ConsoleRoute | undefined {
  return allRoutes.find((route) => route.name === name);
}

/** The menu item a route highlights: its own area unless it says otherwise. */
export function menuKeyOf(route: ConsoleRoute): string {
  return route.menu ?? route.name.split('.')[0];
}

/** The menu item to highlight for a URL path; none for paths the console doesn't know. */
export function menuKeyForPath(pathname: string): string | undefined {
  const route = routeForPath(pathname);
  return route ? menuKeyOf(route) : undefined;
}
