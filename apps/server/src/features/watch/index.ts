// The watch page's door: its public calls and the page itself.
export { registerWatchPage } from './watch-page-html.ts';
export { registerWatchRoutes } from './watch-routes.ts';
