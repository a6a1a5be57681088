import {
  ERROR_CODES,
  ERROR_MESSAGES,
  FINANCE_ERRORS,
  type PaidViewOrder,
  type PaidViewState,
  type PayConfig,
  payConfig,
  type payConfigUpdate,
} from '@yanbo/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors.ts';
import { take } from '../../platform/rate-limit.ts';
import { readActivitySection, writeActivitySection } from '../../platform/settings-store.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import {
  audienceFeeRate,
  audiencePaymentEntries,
  followPayOrder,
  openCheckout,
  type PaidOrderKind,
  placePayOrder,
  postTxn,
} from '../price/index.ts';

// Paid viewing (issue 13 "Money in"): an activity's per-view price, kept with its settings; the watch page asks the
// viewer to pay it through the pay provider before it plays, and a paid order is that viewer's access to the
// activity from then on (its mobile's id once signed in, else its browser's). Each payment is one ledger txn: the
// gateway's money, the platform's fee and the agent's earnings apart (price/ledger.ts audiencePaymentEntries).

const OFF: PayConfig = { enabled: false, price: 0 };
/** A view order may be paid for this long. */
const VIEW_ORDER_TTL_MINUTES = 15;
/** View orders a viewer may place on one activity per minute (each one is a row and a gateway call). */
const VIEW_ORDER_RATE = { max: 10, windowMs: 60_000 } as const;

const readPayConfig = async (db: Db, activityId: number) =>
  (await readActivitySection(db, activityId, 'payConfig', payConfig, OFF)).value;

/** GET /activity/{id}/pay-config */
export async function getPayConfig(db: Db, caller: Caller, activityId: number): Promise<PayConfig> {
  return readPayConfig(db, await ownActivity(db, caller, activityId));
}

/** PUT /activity/{id}/pay-config: switching off keeps the last price for the next time it is switched on. */
export async function updatePayConfig(
  db: Db,
  caller: Caller,
  activityId: number,
  input: z.output<typeof payConfigUpdate>,
): Promise<PayConfig> {
  const id = await ownActivity(db, caller, activityId);
  const current = await readPayConfig(db, id);
  return writeActivitySection(db, caller.agentId, id, 'payConfig', {
    enabled: input.enabled,
    price: input.price ?? current.price,
  });
}

/** The activity as the audience reaches it (the watch page's own rule: enabled, not archived nor deleted). */
async function watchedActivity(db: Db, activityId: number) {
  const row = await db
    .selectFrom('activities')
    .innerJoin('agents', 'agents.id', 'activities.agentId')
    .select(['activities.id', 'activities.agentId', 'activities.name'])
    .where('activities.id', '=', activityId)
    .where('activities.deletedAt', 'is', null)
    .where('activities.isArchived', '=', false)
    .where('activities.status', '=', 'enabled')
    .where('agents.status', '!=', 'disabled')
    .executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row;
}

async function hasPaid(db: Db, activityId: number, viewerIds: string[]): Promise<boolean> {
  if (viewerIds.length === 0) return false;
  const row = await db
    .selectFrom('paidViewOrders')
    .select('id')
    .where('activityId', '=', activityId)
    .where('viewerId', 'in', viewerIds)
    .where('status', '=', 'paid')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const present = (ids: (string | undefined)[]) => ids.filter((id): id is string => !!id);

/**
 * Whether the watch page may play for this viewer: 'open' when the activity asks no price or the viewer (under its
 * mobile's id or its browser's) has paid, else 'pay'.
 */
export async function paidViewGate(
  db: Db,
  activityId: number,
  viewerIds: (string | undefined)[],
): Promise<'open' | 'pay'> {
  const config = await readPayConfig(db, activityId);
  if (!config.enabled || config.price <= 0) return 'open';
  return (await hasPaid(db, activityId, present(viewerIds))) ? 'open' : 'pay';
}

/** GET /watch/{id}/paid-view */
export async function watchPaidView(
  db: Db,
  activityId: number,
  viewerIds: (string | undefined)[],
): Promise<PaidViewState> {
  await watchedActivity(db, activityId);
  const config = await readPayConfig(db, activityId);
  const enabled = config.enabled && config.price > 0;
  return { enabled, price: enabled ? config.price : 0, paid: await hasPaid(db, activityId, present(viewerIds)) };
}

/**
 * A view order as a kind of paid order: paid, its ledger txn is the audience payment (the gateway's money, the
 * platform's fee, the agent's earnings), and the paid order is the viewer's access from then on.
 */
export const paidViewPayments: PaidOrderKind<'paidViewOrders'> = {
  table: 'paidViewOrders',
  ttlMinutes: VIEW_ORDER_TTL_MINUTES,
  closedAt: false,
  async settle(trx, order) {
    const activity = await trx
      .selectFrom('activities')
      .select('name')
      .where('id', '=', order.activityId)
      .executeTakeFirst();
    await postTxn(
      trx,
      audiencePaymentEntries({
        agentId: order.agentId,
        activityId: order.activityId,
        amount: order.amount,
        feeRate: await audienceFeeRate(trx, order.agentId),
        memo: `付费观看：${activity?.name ?? order.activityId}`,
        viewerId: order.viewerId,
        viewOrderId: order.id,
      }),
    );
    return undefined;
  },
};

/**
 * POST /watch/{id}/paid-view/order: the viewer's order at the activity's price. An order of the viewer's still open
 * is answered again instead of a new one, so reloading the page does not pile up orders.
 */
export async function createWatchPaidView(
  ctx: AppContext,
  activityId: number,
  viewer: { viewerId: string | undefined; browserId: string | undefined },
): Promise<PaidViewOrder> {
  const activity = await watchedActivity(ctx.db, activityId);
  if (!viewer.viewerId) throw badRequest(FINANCE_ERRORS.viewerRequired);
  const viewerId = viewer.viewerId;
  const config = await readPayConfig(ctx.db, activity.id);
  if (!config.enabled || config.price <= 0) throw conflict(FINANCE_ERRORS.paidViewOff);
  if (await hasPaid(ctx.db, activity.id, present([viewerId, viewer.browserId]))) {
    throw conflict(FINANCE_ERRORS.alreadyPaid);
  }
  const describe = (orderId: number) => ({
    subject: `观看：${activity.name}`.slice(0, 60),
    returnPath: `/watch/${activity.id}?viewOrder=${orderId}`,
  });
  const open = await ctx.db
    .selectFrom('paidViewOrders')
    .select(['id', 'amount', 'expiresAt'])
    .where('activityId', '=', activity.id)
    .where('viewerId', '=', viewerId)
    .where('status', '=', 'init')
    .where('amount', '=', config.price)
    .where('expiresAt', '>', new Date(Date.now() + 60_000))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (open) {
    const checkout = { orderId: open.id, amount: open.amount, expiresAt: open.expiresAt, ...describe(open.id) };
    const url = await openCheckout(ctx, checkout, paidViewPayments);
    return { orderId: open.id, amount: open.amount, status: 'init', url };
  }
  const wait = await take(ctx.limits, VIEW_ORDER_RATE, `view-order:${activity.id}:${viewerId}`);
  if (wait !== null) throw tooManyRequests('Too many orders', ERROR_CODES.rateLimited, wait);
  const values = { agentId: activity.agentId, activityId: activity.id, viewerId, amount: config.price };
  const order = await placePayOrder(ctx, paidViewPayments, values, describe);
  return { orderId: order.id, amount: order.amount, status: 'init', url: order.url };
}

/** GET /watch/{id}/paid-view/order/{orderId}: the viewer's own order (under its id or its browser's). */
export async function watchPaidViewOrder(
  ctx: AppContext,
  activityId: number,
  viewerIds: (string | undefined)[],
  orderId: number,
): Promise<PaidViewOrder> {
  const order = await followPayOrder(ctx, paidViewPayments, orderId, { activityId, viewerId: present(viewerIds) });
  if (!order) throw notFound(FINANCE_ERRORS.viewOrderNotFound);
  return { orderId: order.id, amount: order.amount, status: order.status, url: '' };
}
