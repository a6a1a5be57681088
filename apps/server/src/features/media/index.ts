// The media feature's door: its calls (with the transcoder they feed) and the storage count the price feature bills.
export { registerMediaRoutes } from './media-routes.ts';
export { storageUsage } from './storage-usage.ts';
