import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime } from './common.ts';
import { ACTIVITY_PACKAGE_ID } from './constants.ts';

// Packages, placing and paying an order for one (seed 000 §3, §4, §7, §9; seed 001 §6, §7 Orders). The order list is
// orders.ts, the charge history expense.ts. Money is in integer fen everywhere on the wire; the console formats it as
// yuan.

/** Package type tabs; the tab defaults to trail (seed 001 §4: "The package type defaults to trail"). */
export const PACKAGE_TYPES = ['trail', 'annual', 'activity'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const DEFAULT_PACKAGE_TYPE: PackageType = 'trail';
/**
 * The free plan: a row of the package table that is not on sale; an agent with no current package holds its grants
 * (issue 8: one package table drives the card, the confirmation and what the server enforces).
 */
export const FREE_PACKAGE_ID = 100000;

/** Order status starts as init (seed 000 §4) and ends paid or failed (cancelled at the pay page, or expired). */
export const ORDER_STATUSES = ['init', 'paid', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const INITIAL_ORDER_STATUS: OrderStatus = 'init';
/** How often the console polls GET /agent/order/status while an order is init. */
export const ORDER_STATUS_POLL_MS = 2_000;
/** An order not paid within this time fails; the pay page refuses it from then on. */
export const ORDER_TTL_MINUTES = 30;

/** Buying a package goes through these steps, buyStep starting at 0 (seed 000 §4). */
export const BUY_STEPS = ['choose', 'confirm', 'pay', 'result'] as const;
export type BuyStep = 0 | 1 | 2 | 3;

export const PRICE_ERRORS = {
  packageNotFound: 'Package Not Found',
  orderNotFound: 'Order Not Found',
  promotionCodeInvalid: 'Promotion code is invalid',
  activityIdRequired: `Required for package ${ACTIVITY_PACKAGE_ID}`,
  activityIdNotAllowed: `Only package ${ACTIVITY_PACKAGE_ID} is bought for an activity`,
  orderNotPending: 'Only an unpaid order can be cancelled or paid',
  invalidSignature: 'Invalid signature',
  amountMismatch: 'Amount does not match the order',
} as const;

export const pricePackage = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['free', ...PACKAGE_TYPES]),
  description: z.string(),
  /** Price in fen. */
  price: z.number().int(),
  /** Activities the agent may keep. */
  activityQuota: z.number().int(),
  /** Sub-accounts the agent may have. */
  subagentQuota: z.number().int(),
  fluxGb: z.number(),
  storageGb: z.number(),
  validityDays: z.number().int(),
  /** Copied to the agent's hasContract when paid (seed 001 §6). */
  isUltimatePackage: z.boolean(),
  /** Bought for one activity (package 100005): the order needs an activityId. */
  forActivity: z.boolean(),
  /** The platform's fee on the audience's payments (paid views, gifts) while this package is held, basis points. */
  audienceFeeRate: z.number().int(),
});
export type PricePackage = z.infer<typeof pricePackage>;
export const packageList = z.object({ items: z.array(pricePackage) });
export type PackageList = z.infer<typeof packageList>;

/**
 * What the agent holds now: its last package paid, whether it is still current, and what applies at this moment.
 * Once the package has expired its grants stop: the agent is back on the free plan (FREE_PACKAGE_ID), no contract.
 */
export const currentPackage = z.object({
  packageId: z.number().int().nullable(),
  packageName: z.string().nullable(),
  startedAt: isoDateTime.nullable(),
  expiresAt: isoDateTime.nullable(),
  /** The last package's validity has ended (checked by the server at the moment of the request). */
  expired: z.boolean(),
  /** The current package's, or the free plan's when none is current. */
  activityQuota: z.number().int(),
  subagentQuota: z.number().int(),
  fluxGb: z.number(),
  storageGb: z.number(),
  hasContract: z.boolean(),
});
export type CurrentPackage = z.infer<typeof currentPackage>;

/** GET /agent/packageConfig: how the buy flow works here, and the agent's current package. */
export const packageConfig = z.object({
  types: z.array(z.enum(PACKAGE_TYPES)),
  defaultType: z.enum(PACKAGE_TYPES),
  activityPackageId: z.number().int(),
  statusPollMs: z.number().int(),
  orderTtlMinutes: z.number().int(),
  payProvider: z.string(),
  current: currentPackage,
  /** What an agent holds without a current package (shown on /price). */
  freePlan: pricePackage,
});
export type PackageConfig = z.infer<typeof packageConfig>;

export const promotionCode = z
  .string()
  .trim()
  .max(32, 'Promotion code must be at most 32 characters')
  .regex(/^[A-Za-z0-9_-]*$/, 'Invalid promotion code');

/** POST /agent/order (seed 000 §3 Order payload): activityId only, and always, for package 100005. */
export const orderCreateBody = z.object({
  packageId: id,
  promotionCode: promotionCode.default(''),
  activityId: id.nullish(),
});
export type OrderCreateBody = z.input<typeof orderCreateBody>;

/** The answer carries the pay provider's url; the browser goes there (seed 000 §4). */
/**
 * An order's url is either a pay page the browser goes to, or (WeChat Pay Native) a `weixin://` code_url that the
 * console shows as a QR code for the payer to scan with WeChat while it polls the order's status.
 */
export const isQrPayUrl = (url: string) => url.startsWith('weixin://');

export const orderCreated = z.object({
  orderId: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  listPrice: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
  url: z.string(),
});
export type OrderCreated = z.infer<typeof orderCreated>;

export const orderStatusQuery = z.object({ orderId: id });
export const orderStatusAnswer = z.object({
  orderId: z.number().int(),
  packageId: z.number().int(),
  activityId: z.number().int().nullable(),
  amount: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paidAt: isoDateTime.nullable(),
});
export type OrderStatusAnswer = z.infer<typeof orderStatusAnswer>;

/** GET /agent/order/{id}/checkout: where an unpaid order is paid, for 继续支付 on /price and /order. */
export const orderCheckout = z.object({ orderId: z.number().int(), url: z.string() });
export type OrderCheckout = z.infer<typeof orderCheckout>;

/** POST /pay/notify/{provider}: the pay gateway's notification, its signature over the raw body checked. */
export const payNotifyParams = z.object({ provider: z.string().max(32) });
/** What the gateway is told: received; `outcome` says what the notification did to its order. */
export const payNotifyAnswer = z.object({ code: z.literal('SUCCESS'), outcome: z.string() });
export type PayNotifyAnswer = z.infer<typeof payNotifyAnswer>;

export const priceCalls = defineCalls('price', {
  listPackages: {
    method: 'GET',
    path: '/agent/package',
    summary: 'The packages on sale',
    access: 'signedIn',
    response: packageList,
  },
  getPackageConfig: {
    method: 'GET',
    path: '/agent/packageConfig',
    summary: 'How buying works here, the free plan and the caller’s current package',
    access: 'signedIn',
    response: packageConfig,
  },
  createOrder: {
    method: 'POST',
    path: '/agent/order',
    summary: 'Order a package (with a promotion code) and get where to pay',
    access: 'mainAccount',
    body: orderCreateBody,
    response: orderCreated,
  },
  getOrderStatus: {
    method: 'GET',
    path: '/agent/order/status',
    summary: 'An order’s status, polled while it is unpaid',
    access: 'mainAccount',
    query: orderStatusQuery,
    response: orderStatusAnswer,
  },
  getOrderCheckout: {
    method: 'GET',
    path: '/agent/order/:id/checkout',
    summary: 'Where an unpaid order is paid (继续支付)',
    access: 'mainAccount',
    params: idParams,
    response: orderCheckout,
  },
  cancelOrder: {
    method: 'POST',
    path: '/agent/order/:id/cancel',
    summary: 'Cancel an unpaid order',
    access: 'mainAccount',
    params: idParams,
    response: orderStatusAnswer,
  },
  receivePayNotification: {
    method: 'POST',
    path: '/pay/notify/:provider',
    summary: 'The pay gateway’s notification of a payment, signed over its raw body',
    access: 'public',
    params: payNotifyParams,
    response: payNotifyAnswer,
  },
});

/** Fen as yuan with two decimals (19800.00), as prices are shown and exported. */
export const fenToYuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * What an agent's package row holds: the package's own grants and its validity. A package counts only while
 * expiresAt is in the future; without one the free plan applies.
 */
export interface PackageHolding {
  packageId: number | null;
  activityQuota: number;
  subagentQuota: number;
  fluxGb: number;
  storageGb: number;
  startedAt: Date | null;
  expiresAt: Date | null;
  hasContract: boolean;
}

export type PackageGrant = Pick<
  PricePackage,
  'id' | 'activityQuota' | 'subagentQuota' | 'fluxGb' | 'storageGb' | 'validityDays' | 'isUltimatePackage'
>;

const DAY_MS = 86_400_000;

export function isPackageCurrent(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() > now.getTime();
}

/**
 * What the agent holds after paying for a package. Renewing or upgrading while a package is current stacks on it:
 * quotas and storage take the larger of the two, flux adds up, the contract flag stays, and the validity extends
 * from the current end. Once the package has expired nothing of it carries over: the new one starts afresh today
 * with its own grants. isUltimatePackage is copied to hasContract (seed 001 §6).
 */
export function grantPackage(current: PackageHolding, grant: PackageGrant, now: Date): PackageHolding {
  const running = isPackageCurrent(current.expiresAt, now);
  const base = running ? (current.expiresAt as Date) : now;
  return {
    packageId: grant.id,
    activityQuota: running ? Math.max(current.activityQuota, grant.activityQuota) : grant.activityQuota,
    subagentQuota: running ? Math.max(current.subagentQuota, grant.subagentQuota) : grant.subagentQuota,
    fluxGb: running ? current.fluxGb + grant.fluxGb : grant.fluxGb,
    storageGb: running ? Math.max(current.storageGb, grant.storageGb) : grant.storageGb,
    startedAt: running ? current.startedAt : now,
    expiresAt: new Date(base.getTime() + grant.validityDays * DAY_MS),
    hasContract: (running && current.hasContract) || grant.isUltimatePackage,
  };
}
