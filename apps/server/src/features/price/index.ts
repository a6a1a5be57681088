// The price feature's door: its routes, and the package quotas other features enforce.
export { assertActivityQuota } from './activity-quota.ts';
export { registerPriceRoutes } from './price-routes.ts';
export { assertStorageQuota } from './storage-quota.ts';
