// The portal page feature's door: the public pages built in the console, and the limit and short answers
// every public page shares.
export { registerPortalPages } from './portal-page-routes.ts';
export { admitPublicPage, PUBLIC_PAGE_LIMIT } from './public-page-limit.ts';
export { shortPage } from './short-page.ts';
