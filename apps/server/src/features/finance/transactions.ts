import type {
  AccountTransaction,
  RedPackSummary,
  RedPackTransaction,
  RedPackTransactionList,
  TransactionKind,
  TransactionList,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { LedgerEntryRow } from '../../platform/db/schema.ts';
import type { FinanceSubject } from './finance-agent.ts';

// The agent's own money as its ledger accounts hold it (migration 049): audience_sales (what the audience paid it, after
// the platform's fee) and agent_balance (recharges in, withdrawals and outflows out) make its account balance, and
// red_pack_balance is its red-packet account. Both are liabilities of the platform to the agent, so a credit (negative
// in the ledger) is money in for the agent: the views show the agent's side, money in positive.

type Account = LedgerEntryRow['account'];
const EARNINGS_ACCOUNTS: Account[] = ['audience_sales', 'agent_balance'];

interface Page {
  page: number;
  pageSize: number;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/**
 * The entries of accounts, newest first, each with the balance after it: a running sum over all the agent's entries
 * on those accounts (so a page or a time filter never changes a balance), then filtered and paged.
 */
function entriesWithBalance(db: Db, agentId: number, accounts: Account[], page: Page) {
  let query = db
    .with('x', (qb) =>
      qb
        .selectFrom('ledgerEntries')
        .selectAll()
        .select(
          sql<string>`-sum(amount) over (order by id rows between unbounded preceding and current row)`.as('balance'),
        )
        .where('agentId', '=', agentId)
        .where('account', 'in', accounts),
    )
    .selectFrom('x')
    .leftJoin('activities as a', 'a.id', 'x.activityId');
  if (page.startTime) query = query.where('x.createdAt', '>=', new Date(page.startTime));
  if (page.endTime) query = query.where('x.createdAt', '<=', new Date(page.endTime));
  return query;
}

function kindOf(
  row: {
    giftOrderId: number | null;
    viewOrderId: number | null;
    shopOrderId: number | null;
    rechargeId: number | null;
  },
  withdrawal: string | null,
  amount: number,
): TransactionKind {
  if (row.giftOrderId !== null) return 'gift-reward';
  if (row.viewOrderId !== null) return 'per-view';
  if (row.shopOrderId !== null) return 'goods';
  if (row.rechargeId !== null) return 'recharge';
  if (withdrawal !== null) {
    if (amount > 0) return 'withdrawal-returned';
    return withdrawal === 'outflow' ? 'outflow' : 'withdrawal';
  }
  return 'other';
}

/** GET /v3/agent/{id}/transaction: the account detail tab (seed 000 §3), 5 a page. */
export async function listTransactions(db: Db, subject: FinanceSubject, page: Page): Promise<TransactionList> {
  const base = entriesWithBalance(db, subject.agent.id, EARNINGS_ACCOUNTS, page);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('withdrawals as w', 'w.id', 'x.withdrawalId')
      .select([
        'x.id',
        'x.account',
        'x.activityId',
        'x.memo',
        'x.amount',
        'x.balance',
        'x.createdAt',
        'x.giftOrderId',
        'x.viewOrderId',
        'x.shopOrderId',
        'x.rechargeId',
        'w.kind as withdrawalKind',
        'a.name as activityName',
      ])
      .orderBy('x.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row): AccountTransaction => {
      const amount = -Number(row.amount);
      return {
        id: Number(row.id),
        kind: kindOf(row, row.withdrawalKind, amount),
        account: row.account,
        activityId: row.activityId,
        activityName: row.activityName,
        memo: row.memo,
        amount,
        balance: Number(row.balance),
        createdAt: row.createdAt.toISOString(),
      };
    }),
    pager: { page: page.page, pageSize: page.pageSize, total: Number(count.total) },
  };
}

/** GET /v3/agent/{id}/hb-transaction-list: the red-packet account's entries, newest first. */
export async function listRedPackTransactions(
  db: Db,
  subject: FinanceSubject,
  page: Page,
): Promise<RedPackTransactionList> {
  const base = entriesWithBalance(db, subject.agent.id, ['red_pack_balance'], page);
  const [rows, count] = await Promise.all([
    base
      .select(['x.id', 'x.activityId', 'x.memo', 'x.amount', 'x.balance', 'x.createdAt', 'a.name as activityName'])
      .orderBy('x.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row): RedPackTransaction => {
      const amount = -Number(row.amount);
      // A recharge names no activity; a packet sent takes money out, its refund brings the rest back.
      const kind = row.activityId === null ? 'recharge' : amount < 0 ? 'sent' : 'refund';
      return {
        id: Number(row.id),
        kind,
        activityId: row.activityId,
        activityName: row.activityName,
        memo: row.memo,
        amount,
        balance: Number(row.balance),
        createdAt: row.createdAt.toISOString(),
      };
    }),
    pager: { page: page.page, pageSize: page.pageSize, total: Number(count.total) },
  };
}

/** GET /v3/agent/{id}/hb-transaction: the red-packet account in figures, each a sum of the ledger's entries. */
export async function redPackSummary(db: Db, subject: FinanceSubject): Promise<RedPackSummary> {
  const sums = await db
    .selectFrom('ledgerEntries')
    .select([
      sql<string>`coalesce(sum(amount) filter (where account = 'red_pack_balance' and activity_id is null and amount < 0), 0)`.as(
        'recharged',
      ),
      sql<string>`coalesce(sum(amount) filter (where account = 'red_pack_balance' and activity_id is not null and amount > 0), 0)`.as(
        'sent',
      ),
      sql<string>`coalesce(sum(amount) filter (where account = 'red_pack_balance' and activity_id is not null and amount < 0), 0)`.as(
        'refunded',
      ),
      sql<string>`coalesce(sum(amount) filter (where account = 'red_pack_balance'), 0)`.as('balance'),
      sql<string>`coalesce(sum(amount) filter (where account = 'audience_balance' and amount < 0), 0)`.as('grabbed'),
      sql<string>`coalesce(sum(amount) filter (where account = 'red_pack_held'), 0)`.as('held'),
    ])
    .where('agentId', '=', subject.agent.id)
    .where('account', 'in', ['red_pack_balance', 'red_pack_held', 'audience_balance'])
    .executeTakeFirstOrThrow();
  return {
    balance: -Number(sums.balance),
    recharged: -Number(sums.recharged),
    sent: Number(sums.sent),
    refunded: -Number(sums.refunded),
    grabbed: -Number(sums.grabbed),
    held: -Number(sums.held),
  };
}
