// The price feature's door: its routes, and the package quotas other features enforce.
export { assertActivityQuota } from './activity-quota.ts';
export {
  agentRechargeEntries,
  audiencePaymentEntries,
  giftPaymentEntries,
  postTxn,
  redPackBalance,
  redPacketEntries,
  withdrawalEntries,
} from './ledger.ts';
export { audienceFeeRate } from './package-service.ts';
export {
  addPaidOrderKind,
  followPayOrder,
  type NotificationOutcome,
  openCheckout,
  type PaidOrderKind,
  placePayOrder,
} from './payment-service.ts';
export { registerPriceRoutes } from './price-routes.ts';
export { createRedPackRecharge, getRedPackRecharge } from './red-pack-recharge.ts';
export { assertStorageQuota } from './storage-quota.ts';
