// The watch page's door: its public calls, the page itself, who a viewer is (its signed viewer cookie, the one reader
// of it; its signed-in mobile and the allowed-mobiles gate, for the chat), and the reminders its subscribers get when a
// push starts.

export { viewerFromCookie, viewerIdOf } from './viewer-cookie.ts';
export { mobileViewerId } from './viewer-mobile.ts';
export { registerWatchPage } from './watch-page-html.ts';
export { registerWatchRoutes } from './watch-routes.ts';
export { publicActivity } from './watch-service.ts';
export { viewerAccess } from './watch-sign-in.ts';
export { remindersSettled, remindSubscribers } from './watch-subscribe.ts';
