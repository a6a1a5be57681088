import { type OrderCheckout, type OrderStatusAnswer, PRICE_ERRORS } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { ownRows, updateOwnRows } from '../../platform/tenancy.ts';
import { toOrderStatus } from './order-service.ts';

// An unpaid (init) order can be paid again (继续支付) or cancelled (取消订单) from /price and /order (issue 8), so a
// second click or a closed pay page leaves no order the agent cannot act on.

async function pendingOrder(ctx: AppContext, caller: Caller, orderId: number) {
  const row = await ownRows(ctx.db, 'packageOrders', caller)
    .innerJoin('packages', 'packages.id', 'packageOrders.packageId')
    .leftJoin('activities', 'activities.id', 'packageOrders.activityId')
    .select([
      'packageOrders.id',
      'packageOrders.packageId',
      'packageOrders.activityId',
      'packageOrders.amount',
      'packageOrders.status',
      'packageOrders.expiresAt',
      'packages.name as packageName',
      'activities.name as activityName',
    ])
    .where('packageOrders.id', '=', orderId)
    .executeTakeFirst();
  if (!row) throw notFound(PRICE_ERRORS.orderNotFound);
  if (row.status !== 'init' || row.expiresAt.getTime() <= Date.now()) {
    throw conflict(PRICE_ERRORS.orderNotPending);
  }
  return row;
}

/** GET /agent/order/{id}/checkout: where the unpaid order is paid, as its creation answered it. */
export async function orderCheckout(ctx: AppContext, caller: Caller, orderId: number): Promise<OrderCheckout> {
  const order = await pendingOrder(ctx, caller, orderId);
  const subject =
    order.activityId === null ? order.packageName : `${order.packageName}（${order.activityName ?? order.activityId}）`;
  const url = await ctx.pay.checkoutUrl({
    orderId: order.id,
    amount: order.amount,
    subject,
    returnPath: `/price?orderId=${order.id}`,
    expiresAt: order.expiresAt,
  });
  return { orderId: order.id, url };
}

/**
 * POST /agent/order/{id}/cancel: the unpaid order fails now, as an expired one does; its pay link is refused from then
 * on. A paid or already failed order answers 409.
 */
export async function cancelOrder(ctx: AppContext, caller: Caller, orderId: number): Promise<OrderStatusAnswer> {
  await pendingOrder(ctx, caller, orderId);
  const row = await updateOwnRows(ctx.db, 'packageOrders', caller)
    .set({ status: 'failed', closedAt: new Date() })
    .where('id', '=', orderId)
    .where('status', '=', 'init')
    .returning(['id', 'packageId', 'activityId', 'amount', 'status', 'paidAt'])
    .executeTakeFirst();
  // Paid between the check and the update: the payment wins.
  if (!row) throw conflict(PRICE_ERRORS.orderNotPending);
  return toOrderStatus(row);
}
