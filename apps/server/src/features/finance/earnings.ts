import type {
  ActivityEarnings,
  EarningsList,
  EarningsQuery,
  GainDetails,
  GainDetailsQuery,
  IncomeRecord,
  IncomeType,
} from '@yanbo/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import type { FinanceSubject } from './finance-agent.ts';

// The audience's payments to an agent, read off the ledger (issue 13 "Money in"): each paid view, paid gift and shop sale is one
// txn in which the pay provider's clearing account is debited what the viewer paid, and the agent's audience_sales and
// the platform's platform_fees are credited its earnings and the fee. A payment is listed by its audience_sales entry
// (so `order id desc` of seed 000 §7 is that entry's id), with the fee and earnings summed over its txn.

interface IncomeFilter {
  type?: IncomeType | undefined;
  activityId?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/**
 * The entries of the audience's payments: `listed` the agent's audience_sales credits (one per payment), otherwise also
 * the platform_fees ones, for the totals (every entry of a payment's txn names its order, activity and time alike).
 */
function incomeEntries(db: Db, subject: FinanceSubject, filter: IncomeFilter, listed = true) {
  let query = db
    .selectFrom('ledgerEntries as e')
    .leftJoin('activities as a', 'a.id', 'e.activityId')
    .where('e.agentId', '=', subject.agent.id)
    .where('e.account', 'in', listed ? ['audience_sales'] : ['audience_sales', 'platform_fees'])
    .where((eb) =>
      eb.or([
        eb('e.giftOrderId', 'is not', null),
        eb('e.viewOrderId', 'is not', null),
        eb('e.shopOrderId', 'is not', null),
      ]),
    );
  if (listed) query = query.where('e.amount', '<', '0');
  if (filter.type === 'gift-reward') query = query.where('e.giftOrderId', 'is not', null);
  if (filter.type === 'per-view') query = query.where('e.viewOrderId', 'is not', null);
  if (filter.type === 'goods') query = query.where('e.shopOrderId', 'is not', null);
  if (filter.activityId !== undefined) query = query.where('e.activityId', '=', filter.activityId);
  if (filter.startTime) query = query.where('e.createdAt', '>=', new Date(filter.startTime));
  if (filter.endTime) query = query.where('e.createdAt', '<=', new Date(filter.endTime));
  // A sub-account sees the income of its own activities only.
  if (subject.subagentId !== null) query = query.where('a.subagentId', '=', subject.subagentId);
  return query;
}

/** Sums over a payment's txn: what the agent's audience_sales and the platform's fees were credited. */
function txnSum(
  eb: ExpressionBuilder<DB & { e: DB['ledgerEntries'] }, 'e'>,
  account: 'audience_sales' | 'platform_fees',
) {
  return eb
    .selectFrom('ledgerEntries as t')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('t.amount'), eb.val('0')).as('sum'))
    .whereRef('t.txnId', '=', 'e.txnId')
    .where('t.account', '=', account);
}

async function incomePage(
  db: Db,
  subject: FinanceSubject,
  filter: IncomeFilter,
  page: number,
  pageSize: number,
): Promise<{ items: IncomeRecord[]; total: number; earnings: number; fee: number }> {
  const base = incomeEntries(db, subject, filter);
  const [rows, sums] = await Promise.all([
    base
      .leftJoin('giftOrders as g', 'g.id', 'e.giftOrderId')
      .leftJoin('paidViewOrders as v', 'v.id', 'e.viewOrderId')
      .leftJoin('shopOrders as s', 's.id', 'e.shopOrderId')
      .select((eb) => [
        'e.id',
        'e.activityId',
        'e.giftOrderId',
        'e.viewOrderId',
        'e.shopOrderId',
        'e.memo',
        'e.createdAt',
        'a.name as activityName',
        'g.nickname',
        'g.giftName',
        'g.count as giftCount',
        'v.viewerId',
        's.buyerName',
        's.productName',
        's.count as goodsCount',
        txnSum(eb, 'audience_sales').as('earned'),
        txnSum(eb, 'platform_fees').as('fee'),
      ])
      .orderBy('e.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    // The totals in one pass over the entries, not one lookup per payment.
    incomeEntries(db, subject, filter, false)
      .select([
        sql<string>`count(*) filter (where e.account = 'audience_sales' and e.amount < 0)`.as('total'),
        sql<string>`coalesce(sum(e.amount) filter (where e.account = 'audience_sales'), 0)`.as('earned'),
        sql<string>`coalesce(sum(e.amount) filter (where e.account = 'platform_fees'), 0)`.as('fee'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((row): IncomeRecord => {
    const earnings = -Number(row.earned);
    const fee = -Number(row.fee);
    const isGift = row.giftOrderId !== null;
    const isGoods = row.shopOrderId !== null;
    return {
      id: Number(row.id),
      type: isGift ? 'gift-reward' : isGoods ? 'goods' : 'per-view',
      activityId: row.activityId,
      activityName: row.activityName,
      orderId: row.giftOrderId ?? row.viewOrderId ?? row.shopOrderId,
      payer: row.nickname ?? row.buyerName ?? (row.viewerId ? `观众 ${row.viewerId.slice(0, 6)}` : ''),
      description: isGift
        ? `${row.giftName ?? row.memo} × ${row.giftCount ?? 1}`
        : isGoods
          ? `${row.productName ?? row.memo} × ${row.goodsCount ?? 1}`
          : row.memo,
      amount: earnings + fee,
      fee,
      earnings,
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { items, total: Number(sums.total), earnings: -Number(sums.earned), fee: -Number(sums.fee) };
}

/** GET /order: the earnings list with the totals of everything the filter finds. */
export async function listEarnings(db: Db, subject: FinanceSubject, query: EarningsQuery): Promise<EarningsList> {
  const found = await incomePage(db, subject, query, query.page, query.pageSize);
  return {
    items: found.items,
    pager: { page: query.page, pageSize: query.pageSize, total: found.total },
    totalAmount: found.earnings + found.fee,
    totalFee: found.fee,
    totalEarnings: found.earnings,
  };
}

/** GET /agent/{id}/gain-details: one tab of the income breakdown, 5 a page, id desc (seed 000 §3, §7, §9). */
export async function listGainDetails(db: Db, subject: FinanceSubject, query: GainDetailsQuery): Promise<GainDetails> {
  const found = await incomePage(db, subject, query, query.page, query.pageSize);
  return {
    items: found.items,
    pager: { page: query.page, pageSize: query.pageSize, total: found.total },
    totalEarnings: found.earnings,
  };
}

/** GET /v3/activity/{id}/earnings: the board's earnings tile, for an activity the caller may see. */
export async function activityEarnings(db: Db, caller: Caller, activityId: number): Promise<ActivityEarnings> {
  await ownActivity(db, caller, activityId);
  const subject: FinanceSubject = { agent: caller.agent, subagentId: null };
  const [gifts, views] = await Promise.all([
    incomePage(db, subject, { type: 'gift-reward', activityId }, 1, 1),
    incomePage(db, subject, { type: 'per-view', activityId }, 1, 1),
  ]);
  return {
    activityId,
    giftReward: gifts.earnings,
    perView: views.earnings,
    fee: gifts.fee + views.fee,
    totalEarnings: gifts.earnings + views.earnings,
    payments: gifts.total + views.total,
  };
}
