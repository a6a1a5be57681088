// The account feature's door: its routes, and the caller as the console sees it (a sub-account's session shows it).
export { registerAccountRoutes } from './account-routes.ts';
export { toMe } from './account-views.ts';
