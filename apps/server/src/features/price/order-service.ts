import {
  INITIAL_ORDER_STATUS,
  ORDER_TTL_MINUTES,
  type OrderCreated,
  type OrderStatusAnswer,
  PRICE_ERRORS,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { ownActivity, ownRows } from '../../platform/tenancy.ts';
import { discountedPrice } from './package-rules.ts';
import { openCheckout, reconcileOrder } from './payment-service.ts';

// Package orders (seed 000 §3, §4, §7; seed 001 §7 Orders): placed init, paid or failed through the pay provider. The
// order list and its CSV are the orders feature's.

/** POST /agent/order: prices the package (with its promotion code) and answers the pay provider's url. */
export async function createOrder(
  ctx: AppContext,
  caller: Caller,
  body: { packageId: number; promotionCode: string; activityId?: number | null | undefined },
): Promise<OrderCreated> {
  const { db } = ctx;
  const pkg = await db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', body.packageId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!pkg) throw notFound(PRICE_ERRORS.packageNotFound);
  const activityId = body.activityId ?? null;
  // Package 100005 is bought for one activity and needs its id (seed 000 §9); no other package takes one.
  if (pkg.forActivity && activityId === null) throw invalidField('activityId', PRICE_ERRORS.activityIdRequired);
  if (!pkg.forActivity && activityId !== null) throw invalidField('activityId', PRICE_ERRORS.activityIdNotAllowed);
  let subject = pkg.name;
  if (activityId !== null) {
    await ownActivity(db, caller, activityId);
    const activity = await db.selectFrom('activities').select('name').where('id', '=', activityId).executeTakeFirst();
    subject = `${pkg.name}（${activity?.name ?? activityId}）`;
  }

  let promotion = null;
  if (body.promotionCode) {
    promotion = await db
      .selectFrom('promotionCodes')
      .select(['percentOff', 'amountOff'])
      .where(sql<string>`upper(code)`, '=', body.promotionCode.toUpperCase())
      .where('enabled', '=', true)
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', new Date())]))
      .where((eb) => eb.or([eb('packageId', 'is', null), eb('packageId', '=', pkg.id)]))
      .executeTakeFirst();
    if (!promotion) throw invalidField('promotionCode', PRICE_ERRORS.promotionCodeInvalid);
  }
  const amount = discountedPrice(pkg.price, promotion ?? null);
  const expiresAt = new Date(Date.now() + ORDER_TTL_MINUTES * 60_000);
  const order = await db
    .insertInto('packageOrders')
    .values({
      agentId: caller.agentId,
      subagentId: caller.subagentId,
      packageId: pkg.id,
      activityId,
      promotionCode: body.promotionCode.toUpperCase(),
      listPrice: pkg.price,
      discount: pkg.price - amount,
      amount,
      status: INITIAL_ORDER_STATUS,
      payProvider: ctx.pay.name,
      expiresAt,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
  const url = await openCheckout(ctx, {
    orderId: order.id,
    amount,
    subject,
    returnPath: `/price?orderId=${order.id}`,
    expiresAt,
  });
  return { orderId: order.id, status: order.status, listPrice: pkg.price, discount: pkg.price - amount, amount, url };
}

/** GET /agent/order/status: the caller's order; one left init past its time fails (its pay link has expired too). */
export async function orderStatus(ctx: AppContext, caller: Caller, orderId: number): Promise<OrderStatusAnswer> {
  const { db } = ctx;
  let row = await ownRows(db, 'packageOrders', caller)
    .select(['id', 'packageId', 'activityId', 'amount', 'status', 'paidAt', 'expiresAt'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row) throw notFound(PRICE_ERRORS.orderNotFound);
  if (row.status === 'init' && (await reconcileOrder(ctx, row.id, row.expiresAt.getTime() <= Date.now()))) {
    return orderStatus(ctx, caller, orderId);
  }
  if (row.status === 'init' && row.expiresAt.getTime() <= Date.now()) {
    row =
      (await db
        .updateTable('packageOrders')
        .set({ status: 'failed', closedAt: new Date() })
        .where('id', '=', orderId)
        .where('status', '=', 'init')
        .returning(['id', 'packageId', 'activityId', 'amount', 'status', 'paidAt', 'expiresAt'])
        .executeTakeFirst()) ?? row;
  }
  return toOrderStatus(row);
}

interface OrderStatusRow {
  id: number;
  packageId: number;
  activityId: number | null;
  amount: OrderStatusAnswer['amount'];
  status: OrderStatusAnswer['status'];
  paidAt: Date | null;
}

/** An order as GET /agent/order/{id}/status answers it. */
export function toOrderStatus(row: OrderStatusRow): OrderStatusAnswer {
  return {
    orderId: row.id,
    packageId: row.packageId,
    activityId: row.activityId,
    amount: row.amount,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}
