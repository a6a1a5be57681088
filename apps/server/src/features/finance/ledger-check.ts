import type { LedgerCheck } from '@yanbo/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

// The check anyone can run (issue 13 "Beyond the anchors": every balance equals the sum of its entries): every txn's
// entries sum to zero, and every amount the product keeps beside the ledger (a packet's remaining money, a viewer's
// grabs, paid orders, pending withdrawals) equals the sum of the ledger entries that account for it. For one agent
// (GET /v3/agent/ledger-check) or for all of them (scripts/check-ledger.ts).

interface Reconciliation {
  check: string;
  /** What the rows beside the ledger say, per agent (fen). */
  expected: RawBuilder<unknown>;
  /** The ledger's side, per agent (fen, the account's balance as the agent sees it). */
  found: RawBuilder<unknown>;
}

const ledgerSum = (where: RawBuilder<unknown>) =>
  sql`select agent_id, -sum(amount) as amount from ledger_entries where ${where} group by agent_id`;

const RECONCILIATIONS: Reconciliation[] = [
  {
    check: 'red_pack_held = remaining money of the packets sent',
    expected: sql`select agent_id, sum(remaining_amount) as amount from red_packets group by agent_id`,
    found: ledgerSum(sql`account = 'red_pack_held'`),
  },
  {
    check: 'red_pack_balance = paid recharges - packets sent + refunds',
    expected: sql`select agent_id, sum(amount) as amount from (
        select agent_id, amount from red_pack_recharges where status = 'paid'
        union all select agent_id, -total_amount from red_packets
        union all select agent_id, refunded_amount from red_packets) m group by agent_id`,
    found: ledgerSum(sql`account = 'red_pack_balance'`),
  },
  {
    // A shop order paid after the last one was sold is kept for its buyer too (features/products).
    check: 'audience_balance = red packets grabbed + sold-out shop payments',
    expected: sql`select agent_id, sum(amount) as amount from (
        select agent_id, amount from red_packet_grabs
        union all select agent_id, amount from shop_orders where status = 'soldOut') m group by agent_id`,
    found: ledgerSum(sql`account = 'audience_balance'`),
  },
  {
    check: 'package_sales = paid package orders',
    expected: sql`select agent_id, sum(amount) as amount from package_orders where status = 'paid' group by agent_id`,
    found: ledgerSum(sql`account = 'package_sales'`),
  },
  {
    check: 'gift income and fees = paid gift orders',
    expected: sql`select agent_id, sum(amount) as amount from gift_orders where status = 'paid' group by agent_id`,
    found: ledgerSum(sql`account in ('audience_sales', 'platform_fees') and gift_order_id is not null`),
  },
  {
    check: 'paid-view income and fees = paid view orders',
    expected: sql`select agent_id, sum(amount) as amount from paid_view_orders where status = 'paid' group by agent_id`,
    found: ledgerSum(sql`account in ('audience_sales', 'platform_fees') and view_order_id is not null`),
  },
  {
    check: 'goods income and fees = paid shop orders',
    expected: sql`select agent_id, sum(amount) as amount from shop_orders where status = 'paid' group by agent_id`,
    found: ledgerSum(sql`account in ('audience_sales', 'platform_fees') and shop_order_id is not null`),
  },
  {
    check: 'withdrawals_pending = withdrawals under review',
    expected: sql`select agent_id, sum(amount) as amount from withdrawals where status = 'pending' group by agent_id`,
    found: ledgerSum(sql`account = 'withdrawals_pending'`),
  },
];

/** Runs every check, for one agent or (agentId null) for all. */
export async function checkLedger(db: Db, agentId: number | null): Promise<LedgerCheck> {
  const forAgent = (column: RawBuilder<unknown>) => (agentId === null ? sql`true` : sql`${column} = ${agentId}`);
  const [unbalanced, totals, accounts, ...reconciled] = await Promise.all([
    sql<{ txnId: string; sum: string }>`
      select txn_id, sum(amount) as sum from ledger_entries
      where txn_id in (select txn_id from ledger_entries where ${forAgent(sql.ref('agent_id'))})
      group by txn_id having sum(amount) <> 0`.execute(db),
    sql<{ txns: string; entries: string }>`
      select count(distinct txn_id) as txns, count(*) as entries from ledger_entries
      where ${forAgent(sql.ref('agent_id'))}`.execute(db),
    sql<{ account: string; sum: string }>`
      select account, sum(amount) as sum from ledger_entries where ${forAgent(sql.ref('agent_id'))}
      group by account order by account`.execute(db),
    ...RECONCILIATIONS.map((item) =>
      sql<{ agentId: number; expected: string | null; found: string | null }>`
        select coalesce(e.agent_id, f.agent_id) as agent_id, e.amount as expected, f.amount as found
        from (${item.expected}) e full join (${item.found}) f on f.agent_id = e.agent_id
        where coalesce(e.amount, 0) <> coalesce(f.amount, 0)
          and ${forAgent(sql`coalesce(e.agent_id, f.agent_id)`)}
        order by 1`.execute(db),
    ),
  ]);
  const problems: LedgerCheck['problems'] = unbalanced.rows.map((row) => ({
    check: 'txn balances',
    subject: `txn ${row.txnId}`,
    expected: 0,
    found: Number(row.sum),
  }));
  RECONCILIATIONS.forEach((item, index) => {
    for (const row of reconciled[index]?.rows ?? [])
      problems.push({
        check: item.check,
        subject: `agent ${row.agentId}`,
        expected: Number(row.expected ?? 0),
        found: Number(row.found ?? 0),
      });
  });
  const total = totals.rows[0];
  return {
    ok: problems.length === 0,
    checkedAt: new Date().toISOString(),
    txns: Number(total?.txns ?? 0),
    entries: Number(total?.entries ?? 0),
    accounts: accounts.rows.map((row) => ({ account: row.account, sum: Number(row.sum) })),
    problems,
  };
}
