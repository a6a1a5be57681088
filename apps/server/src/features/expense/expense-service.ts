import type { ChargeHistory, ChargeHistoryQuery } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { ownRows } from '../../platform/tenancy.ts';

// The charge history read from the ledger: what an agent was charged, its package_sales entries. A credit is negative
// there, a charge shown positive.

/** GET /agent/charge-history: the agent's charges, newest first, within startTime/endTime when given. */
export async function chargeHistory(
  ctx: AppContext,
  caller: Caller,
  query: ChargeHistoryQuery,
): Promise<ChargeHistory> {
  let base = ownRows(ctx.db, 'ledgerEntries', caller)
    .leftJoin('packageOrders', 'packageOrders.id', 'ledgerEntries.orderId')
    .leftJoin('packages', 'packages.id', 'packageOrders.packageId')
    .leftJoin('activities', 'activities.id', 'ledgerEntries.activityId')
    .where('ledgerEntries.account', '=', 'package_sales');
  if (query.startTime) base = base.where('ledgerEntries.createdAt', '>=', new Date(query.startTime));
  if (query.endTime) base = base.where('ledgerEntries.createdAt', '<=', new Date(query.endTime));
  const [rows, sums] = await Promise.all([
    base
      .select([
        'ledgerEntries.id',
        'ledgerEntries.orderId',
        'ledgerEntries.amount',
        'ledgerEntries.createdAt',
        'ledgerEntries.activityId',
        'activities.name as activityName',
        'packages.id as packageId',
        'packages.name as packageName',
      ])
      .orderBy('ledgerEntries.createdAt', 'desc')
      .orderBy('ledgerEntries.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.coalesce(eb.fn.sum<string>('ledgerEntries.amount'), eb.lit(0)).as('amount'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      orderId: row.orderId,
      kind: 'package' as const,
      packageId: row.packageId,
      packageName: row.packageName,
      activityId: row.activityId,
      activityName: row.activityName,
      amount: -Number(row.amount),
      createdAt: row.createdAt.toISOString(),
    })),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(sums.total) },
    totalAmount: -Number(sums.amount),
  };
}
