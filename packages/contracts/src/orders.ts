import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, pageQuery } from './common.ts';
import { ORDER_PAGE_SIZE } from './constants.ts';
import { ORDER_STATUSES } from './price.ts';

// The package order list on /order (seed 001 §3 Order list, §6): the caller's orders and its lower agents', their CSV
// download, and the payments made for one activity. Placing and paying an order is price.ts.

export const packageOrder = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  company: z.string(),
  contact: z.string(),
  packageId: z.number().int(),
  packageName: z.string(),
  activityId: z.number().int().nullable(),
  activityName: z.string().nullable(),
  promotionCode: z.string(),
  listPrice: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
});
export type PackageOrder = z.infer<typeof packageOrder>;
export const packageOrderList = listOf(packageOrder);
export type PackageOrderList = z.infer<typeof packageOrderList>;

/** GET /agent/order (seed 001 §3 Order list): the caller's orders and its lower agents'; id and company filter. */
export const orderListQuery = pageQuery(ORDER_PAGE_SIZE).extend({
  id: id.optional(),
  company: z.string().trim().max(60).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

const flag = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean(),
);
/** GET /agent/order/download?admin=: admin includes the lower agents' orders (seed 001 §6). */
export const orderDownloadQuery = z.object({ admin: flag.default(false) });

/** GET /activity/{id}/pay: the payments made for an activity (packages bought for it, audience payments). */
export const activityPayQuery = pageQuery(ORDER_PAGE_SIZE);
export const activityPayment = z.object({
  id: z.number().int(),
  kind: z.enum(['package', 'audience']),
  orderId: z.number().int().nullable(),
  payer: z.string(),
  description: z.string(),
  amount: z.number().int(),
  createdAt: isoDateTime,
});
export type ActivityPayment = z.infer<typeof activityPayment>;
export const activityPayHistory = listOf(activityPayment).extend({ totalAmount: z.number().int() });
export type ActivityPayHistory = z.infer<typeof activityPayHistory>;

export const orderCalls = defineCalls('orders', {
  listOrders: {
    method: 'GET',
    path: '/agent/order',
    summary: 'The caller’s orders and those of the agents below it',
    access: 'mainAccount',
    query: orderListQuery,
    response: packageOrderList,
  },
  downloadOrders: {
    method: 'GET',
    path: '/agent/order/download',
    summary: 'The orders as a CSV file (admin: with the agents below the caller)',
    access: 'mainAccount',
    query: orderDownloadQuery,
    response: z.string(),
    produces: 'text/csv',
    download: true,
  },
  getActivityPayHistory: {
    method: 'GET',
    path: '/activity/:id/pay',
    summary: 'The payments made for an activity, with the total',
    access: 'signedIn',
    params: idParams,
    query: activityPayQuery,
    response: activityPayHistory,
  },
});
