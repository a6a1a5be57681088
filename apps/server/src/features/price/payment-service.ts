import { ERROR_CODES, PRICE_ERRORS } from '@yanbo/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { type PayCheckout, PayGatewayError, type PayNotification } from '../../platform/pay/pay-provider.ts';
import { packagePaymentEntries, postTxn } from './ledger.ts';
import { grantPackage } from './package-rules.ts';
import { readHolding, toPricePackage } from './package-service.ts';

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

export type NotificationOutcome = 'credited' | 'failed' | 'ignored' | 'replayed';

/**
 * A verified notification from the pay provider, applied in one transaction: the order row is locked, the
 * notification is recorded once by the gateway's transaction id (a replay finds it taken and changes nothing), and
 * only an init order moves on. A paid one writes its ledger txn and grants its package in the same transaction.
 */
export async function applyPayNotification(
  ctx: AppContext,
  provider: string,
  notification: PayNotification,
): Promise<NotificationOutcome> {
  return ctx.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('packageOrders')
      .selectAll()
      .where('id', '=', notification.orderId)
      .where('payProvider', '=', provider)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound(PRICE_ERRORS.orderNotFound);
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
}
