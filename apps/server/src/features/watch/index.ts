// The watch page's door: its public calls, the page itself, and the reminders its subscribers get when a push starts.
export { registerWatchPage } from './watch-page-html.ts';
export { registerWatchRoutes, viewerOf } from './watch-routes.ts';
export { publicActivity, validViewerId } from './watch-service.ts';
export { remindersSettled, remindSubscribers } from './watch-subscribe.ts';
