// The watch page's door: its public calls, the page itself, who a viewer is (audienceViewerOf: its signed-in mobile's
// id, else its signed viewer cookie's, the one reader of it; the allowed-mobiles gate, for the chat; whether a stored
// viewer id is a signed-in person), and the reminders its subscribers get when a push starts.

export { type AudienceViewer, audienceViewerOf } from './audience-viewer.ts';
export { gateViewerOf } from './gate-viewer.ts';
export { sanitiseHtml } from './html-sanitiser.ts';
export { viewerFromCookie, viewerIdOf } from './viewer-cookie.ts';
export { isMobileViewerId, MOBILE_VIEWER_ID_PATTERN, mobileViewerId } from './viewer-mobile.ts';
export { registerWatchPage } from './watch-page-html.ts';
export { registerWatchRoutes } from './watch-routes.ts';
export { type GateViewer, hasVisited, publicActivity, requireWatchOpen } from './watch-service.ts';
export { viewerAccess } from './watch-sign-in.ts';
export { remindersSettled, remindSubscribers } from './watch-subscribe.ts';
