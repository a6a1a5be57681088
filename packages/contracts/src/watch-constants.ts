// The watch page's constants, kept free of zod so the audience's small bundle can import them on their own.

export const WATCH_ERRORS = {
  wrongWatchCode: 'Wrong watch code',
  watchCodeLocked: 'Too many wrong watch codes, try again later',
  visitNotFound: 'Visit Not Found',
  activityEnded: 'The activity has ended',
  subscribeLimit: 'Too many subscriptions, try again later',
  signInLimit: 'Too many sign-ins, try again later',
  shareLimit: 'Too many share requests, try again later',
  shareUrlForeign: 'url: Must be this activity’s watch page on a host it is served on',
  notOpen: 'The activity is not open to this viewer',
} as const;

/** The viewer token (after the right watch code) travels in this header; the page keeps it per activity. */
export const WATCH_TOKEN_HEADER = 'x-watch-token';
/** The viewer id cookie: one per browser, so unique viewers are counted without an account. */
export const VIEWER_COOKIE = 'yanbo_viewer';
/** The page says it is still there this often; a heartbeat adds at most WATCH_HEARTBEAT_MAX_SECONDS of watch time. */
export const WATCH_HEARTBEAT_SECONDS = 30;
export const WATCH_HEARTBEAT_MAX_SECONDS = 60;
/** Wrong watch codes from one address before it waits (as the login lockout does). */
export const WATCH_CODE_MAX_FAILURES = 10;
export const WATCH_CODE_FAILURE_WINDOW_SECONDS = 900;
export const WATCH_TOKEN_TTL_DAYS = 7;
/**
 * A viewer signed in by SMS: the signed mobile rides in this HttpOnly cookie, for the agent whose page it was given on,
 * so that agent's allowed-mobiles list and its chat know the viewer by that mobile.
 */
export const VIEWER_MOBILE_COOKIE = 'yanbo_viewer_mobile';
export const VIEWER_SIGN_IN_TTL_DAYS = 30;
/**
 * Who may watch when the activity lists allowed mobiles: anyone (no list), sign in first, or this mobile is not listed;
 * blocked: the signed-in mobile is a person the agent blocked in its CRM (seed 001 §6 block management).
 */
export const MOBILE_GATES = ['open', 'signIn', 'notAllowed', 'blocked'] as const;
export type MobileGate = (typeof MOBILE_GATES)[number];
/** The HLS playlist URL carries the page's viewer id, so an HLS viewer is counted online while it keeps fetching. */
export const HLS_VIEWER_PARAM = 'viewer';
/** An HLS viewer that fetched nothing for this many target durations has left. */
export const HLS_VIEWER_IDLE_TARGETS = 3;
