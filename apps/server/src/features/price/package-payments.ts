import { ORDER_TTL_MINUTES } from '@yanbo/contracts';
import { sql } from 'kysely';
import { packagePaymentEntries, postTxn } from './ledger.ts';
import { grantPackage } from './package-rules.ts';
import { readHolding, toPricePackage } from './package-service.ts';
import type { PaidOrderKind } from './payment-service.ts';

/**
 * Package orders (seed 000 §4) as one kind of paid order: paid, the ledger gets the agent's purchase, and the package
 * is granted in the same transaction, or for a package bought for one activity, the activity's spend goes up.
 */
export const packageOrderPayments: PaidOrderKind<'packageOrders'> = {
  table: 'packageOrders',
  ttlMinutes: ORDER_TTL_MINUTES,
  closedAt: true,
  notifications: 'orderId',
  async settle(trx, order, now) {
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
      return undefined;
    }
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
    return undefined;
  },
};
