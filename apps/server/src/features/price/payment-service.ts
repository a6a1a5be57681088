import { ERROR_CODES, type PayNotifyAnswer, PRICE_ERRORS } from '@yanbo/contracts';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../../platform/errors.ts';
import {
  type PayCheckout,
  PayGatewayError,
  type PayNotification,
  type PayProvider,
} from '../../platform/pay/pay-provider.ts';
import { packagePaymentEntries, postTxn } from './ledger.ts';
import { grantPackage } from './package-rules.ts';
import { readHolding, toPricePackage } from './package-service.ts';
import { applyRechargeNotification, isRedPackRecharge } from './red-pack-recharge.ts';

/**
 * The pay provider's url for a new order. When the gateway refuses or cannot be reached, the order can never be paid:
 * it fails at once (so it is not left waiting in the order list) and the buyer is told the service is unavailable.
 */
export async function openCheckout(ctx: AppContext, checkout: PayCheckout): Promise<string> {
  try {
    return await ctx.pay.checkoutUrl(checkout);
  } catch (error) {
    if (!(error instanceof PayGatewayError)) throw error;
    await ctx.db
      .updateTable('packageOrders')
      .set({ status: 'failed', closedAt: new Date() })
      .where('id', '=', checkout.orderId)
      .where('status', '=', 'init')
      .execute();
    throw new HttpError(503, 'Payment service unavailable', ERROR_CODES.payUnavailable);
  }
}

/** An unsettled order is asked about at most this often, however often the console polls it. */
const QUERY_INTERVAL_MS = 10_000;
/** When each order was last asked about, per provider (one per app). */
const lastQueriedBy = new WeakMap<PayProvider, Map<number, number>>();

/**
 * Asks the gateway about an order still init (its notification lost or late: WeChat Pay says to query when none came)
 * and applies a settled answer as its notification would be. `force` asks now, as before an order is failed for its
 * time: a payment made in its last seconds is credited, not lost to a late notification. True when it settled.
 */
export async function reconcileOrder(ctx: AppContext, orderId: number, force: boolean): Promise<boolean> {
  const { pay } = ctx;
  if (!pay.queryOrder) return false;
  const lastQueried = lastQueriedBy.get(pay) ?? new Map<number, number>();
  lastQueriedBy.set(pay, lastQueried);
  const now = Date.now();
  if (!force && now - (lastQueried.get(orderId) ?? 0) < QUERY_INTERVAL_MS) return false;
  if (lastQueried.size >= 10_000) lastQueried.clear();
  lastQueried.set(orderId, now);
  try {
    const answer = await pay.queryOrder(orderId);
    if (!answer || answer.orderId !== orderId) return false;
    const outcome = await applyPayNotification(ctx, pay.name, answer);
    return outcome === 'credited' || outcome === 'failed';
  } catch (error) {
    // The gateway unreachable, or an order it does not know (placed with another provider): the order stays as it is.
    if (error instanceof PayGatewayError || error instanceof HttpError) return false;
    throw error;
  }
}

export type NotificationOutcome = 'credited' | 'failed' | 'ignored' | 'replayed';

/**
 * Another kind of order paid through the same provider (a viewer's gift order): given a notification whose id names
 * no package order, it applies it inside the transaction and says what came of it, or answers undefined when the id
 * is not one of its orders either. `afterCommit` runs once the transaction has committed (a broadcast).
 */
export type PaidOrderKind = (
  trx: Transaction<DB>,
  provider: string,
  notification: PayNotification,
) => Promise<{ outcome: NotificationOutcome; afterCommit?: () => void } | undefined>;

const paidOrderKinds = new WeakMap<AppContext, PaidOrderKind[]>();

/** Lets the provider's notifications reach another kind of order (registered once per app, with its routes). */
export function addPaidOrderKind(ctx: AppContext, kind: PaidOrderKind): void {
  paidOrderKinds.set(ctx, [...(paidOrderKinds.get(ctx) ?? []), kind]);
}

/**
 * POST /pay/notify/{provider}: no session, the gateway's signature over the raw body instead. Another provider's path
 * is not there at all.
 */
export async function receivePayNotification(
  ctx: AppContext,
  provider: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<PayNotifyAnswer> {
  if (provider !== ctx.pay.name) throw notFound();
  const notification = ctx.pay.verifyNotification(headers, rawBody);
  if (!notification) throw unauthorized(PRICE_ERRORS.invalidSignature);
  const outcome = await applyPayNotification(ctx, ctx.pay.name, notification);
  return { code: 'SUCCESS', outcome };
}

/**
 * A verified notification from the pay provider, applied in one transaction: the order row is locked, the
 * notification is recorded once by the gateway's transaction id (a replay finds it taken and changes nothing), and
 * only an init order moves on. A paid one writes its ledger txn and grants its package in the same transaction.
 */
async function applyPayNotification(
  ctx: AppContext,
  provider: string,
  notification: PayNotification,
): Promise<NotificationOutcome> {
  let afterCommit: (() => void) | undefined;
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<NotificationOutcome> => {
    if (await isRedPackRecharge(trx, provider, notification.orderId)) {
      const amount = await trx
        .selectFrom('redPackRecharges')
        .select('amount')
        .where('id', '=', notification.orderId)
        .executeTakeFirstOrThrow();
      if (notification.amount !== amount.amount) throw badRequest(PRICE_ERRORS.amountMismatch);
      return applyRechargeNotification(trx, provider, notification);
    }
    const order = await trx
      .selectFrom('packageOrders')
      .selectAll()
      .where('id', '=', notification.orderId)
      .where('payProvider', '=', provider)
      .forUpdate()
      .executeTakeFirst();
    if (!order) {
      for (const kind of paidOrderKinds.get(ctx) ?? []) {
        const applied = await kind(trx, provider, notification);
        if (applied) {
          afterCommit = applied.afterCommit;
          return applied.outcome;
        }
      }
      throw notFound(PRICE_ERRORS.orderNotFound);
    }
    if (notification.amount !== order.amount) throw badRequest(PRICE_ERRORS.amountMismatch);

    const recorded = await trx
      .insertInto('payNotifications')
      .values({
        provider,
        tradeNo: notification.tradeNo,
        orderId: order.id,
        status: notification.status,
        amount: notification.amount,
        outcome: 'pending',
      })
      .onConflict((oc) => oc.columns(['provider', 'tradeNo']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return 'replayed';

    let outcome: NotificationOutcome;
    if (order.status !== 'init') {
      outcome = 'ignored';
    } else if (notification.status === 'failed') {
      await trx
        .updateTable('packageOrders')
        .set({ status: 'failed', closedAt: new Date(), tradeNo: notification.tradeNo })
        .where('id', '=', order.id)
        .execute();
      outcome = 'failed';
    } else {
      const now = new Date();
      await trx
        .updateTable('packageOrders')
        .set({ status: 'paid', paidAt: now, tradeNo: notification.tradeNo })
        .where('id', '=', order.id)
        .execute();
      const pkg = await trx
        .selectFrom('packages')
        .selectAll()
        .where('id', '=', order.packageId)
        .executeTakeFirstOrThrow();
      await postTxn(trx, packagePaymentEntries({ ...order, packageName: pkg.name }));
      if (pkg.forActivity && order.activityId !== null) {
        // A package bought for one activity is that activity's spend (yuan), shown in the activity list.
        await trx
          .updateTable('activities')
          .set({ spend: sql`spend + ${order.amount / 100}` })
          .where('id', '=', order.activityId)
          .execute();
      } else {
        // The agent row is the lock: two orders paid at once stack one after the other.
        await trx.selectFrom('agents').select('id').where('id', '=', order.agentId).forUpdate().execute();
        const held = grantPackage(await readHolding(trx, order.agentId), toPricePackage(pkg), now);
        const values = {
          packageId: pkg.id,
          activityQuota: held.activityQuota,
          subagentQuota: held.subagentQuota,
          hasContract: held.hasContract,
          fluxGb: held.fluxGb,
          storageGb: held.storageGb,
          startedAt: held.startedAt ?? now,
          expiresAt: held.expiresAt ?? now,
          updatedAt: now,
        };
        await trx
          .insertInto('agentPackages')
          .values({ agentId: order.agentId, ...values })
          .onConflict((oc) => oc.column('agentId').doUpdateSet(values))
          .execute();
      }
      outcome = 'credited';
    }
    await trx.updateTable('payNotifications').set({ outcome }).where('id', '=', recorded.id).execute();
    return outcome;
  });
  afterCommit?.();
  return outcome;
}
