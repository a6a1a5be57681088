// The account feature's door: its routes, and the caller as the console sees it (a sub-account's session shows it).
export { registerAccountRoutes } from './account-routes.ts';
export { toMe } from './account-views.ts';
// Verification codes, for the watch page's reminder subscription (预约) to send and check its own.
export { checkSmsCode, issueSmsCode } from './sms-codes.ts';
