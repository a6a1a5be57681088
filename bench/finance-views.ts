import { listGainDetails } from '../apps/server/src/features/finance/earnings.ts';
import type { FinanceSubject } from '../apps/server/src/features/finance/finance-agent.ts';
import { checkLedger } from '../apps/server/src/features/finance/index.ts';
import { getStatement } from '../apps/server/src/features/finance/statement.ts';
import { listTransactions } from '../apps/server/src/features/finance/transactions.ts';
import { withMigratedDatabase } from './bench-server.ts';
import { writeSection } from './readme-section.ts';
import { timedAgainst } from './timed-against.ts';

// The finance views over one agent's ledger on PostgreSQL (issue 13 "Views"): FINANCE_BENCH_TXNS paid gifts (default
// 100,000; three ledger entries each, with the platform's fee), spread over 100 days. Each view is the service the route
// calls, against the plainest query on the same rows in the same run: the newest 5 of the agent's audience_sales
// entries by index. The balances are sums of entries (never stored), so the account detail's running balance and the
// ledger check read every entry of the agent: the figures say what that costs.

const TXNS = Number(process.env.FINANCE_BENCH_TXNS ?? 100_000);
const RUNS = 20;
const AGENT = { mobile: '13800000031', contact: 'finance bench' };

export async function benchFinanceViews() {
  await withMigratedDatabase('finance-views', AGENT, async (database, agent) => {
    const { db } = database;
    const agentId = agent.id;
    const loaded = Date.now();
    await database.withScripts(async (run) => {
      await run(`insert into activities (agent_id, name) values (${agentId}, '基准活动')`);
      await run(`insert into gifts (agent_id, name, icon, price) values (${agentId}, '玫瑰', '/g.png', 100)`);
      // Gift n: n yuan-cents (100 + n % 900), paid n minutes before now; its txn as the pay notification writes it.
      await run(`insert into gift_orders (agent_id, activity_id, gift_id, viewer_id, nickname, gift_name, gift_icon,
          price, count, amount, status, pay_provider, created_at, expires_at, paid_at)
        select ${agentId}, a.id, g.id, 'v' || n, '观众' || n, '玫瑰', '/g.png', 100 + n % 900, 1, 100 + n % 900, 'paid',
          'sandbox', now() - make_interval(mins => n), now(), now() - make_interval(mins => n)
        from generate_series(1, ${TXNS}) n, activities a, gifts g where a.agent_id = ${agentId} and g.agent_id = ${agentId}`);
      await run(`insert into ledger_entries (txn_id, account, agent_id, activity_id, gift_order_id, amount, memo, created_at)
        select 'bench-' || o.id, e.account, o.agent_id, o.activity_id, o.id,
          case e.account when 'pay_clearing' then o.amount when 'platform_fees' then -(o.amount / 10)
            else -(o.amount - o.amount / 10) end, '玫瑰', o.paid_at
        from gift_orders o, (values ('pay_clearing'), ('audience_sales'), ('platform_fees')) e(account)
        where o.agent_id = ${agentId} order by o.paid_at, e.account`);
      await run('vacuum analyze');
      return [];
    });
    const loadSeconds = (Date.now() - loaded) / 1000;
    const subject: FinanceSubject = { agent, subagentId: null };
    const newestFive = () =>
      db
        .selectFrom('ledgerEntries')
        .selectAll()
        .where('agentId', '=', agentId)
        .where('account', '=', 'audience_sales')
        .orderBy('id', 'desc')
        .limit(5)
        .execute();
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    const cases: [string, () => Promise<unknown>][] = [
      [
        'gain-details, gift-reward page 1 (5, id desc, with the total)',
        () => listGainDetails(db, subject, { page: 1, pageSize: 5, type: 'gift-reward', order: 'id desc' }),
      ],
      [
        'gain-details, page 1,000',
        () => listGainDetails(db, subject, { page: 1000, pageSize: 5, type: 'gift-reward', order: 'id desc' }),
      ],
      ['account detail page 1 (running balance)', () => listTransactions(db, subject, { page: 1, pageSize: 5 })],
      ['monthly statement (this month, JSON)', () => getStatement(db, agent, month)],
      ['ledger check of the agent', () => checkLedger(db, agentId)],
    ];
    const rows: string[] = [];
    for (const [label, fn] of cases) {
      const { median: ms, baseMedian } = await timedAgainst(fn, newestFive, RUNS);
      rows.push(`| ${label} | ${ms.toFixed(1)} | ${baseMedian.toFixed(2)} | ${(ms / baseMedian).toFixed(0)}× |`);
      console.log(`${label}: ${ms.toFixed(1)} ms (baseline ${baseMedian.toFixed(2)} ms)`);
    }
    await writeSection(
      'finance-views',
      `## Finance views over one agent's ledger (issue 13)

${TXNS.toLocaleString('en')} paid gifts of one agent on PostgreSQL (${(TXNS * 3).toLocaleString('en')} ledger entries, loaded in
${loadSeconds.toFixed(0)} s), each view the service its route calls, median of ${RUNS} runs against the baseline run
alternately with it: the newest 5 of the agent's audience_sales entries by index (\`bench/finance-views.ts\`,
\`FINANCE_BENCH_TXNS\` scales it).

| view | median ms | baseline ms | ratio |
|---|---|---|---|
${rows.join('\n')}

Balances are sums of entries, never stored (ARCHITECTURE.md), so the total of the income tabs, the account detail's
running balance, the statement's opening balances and the ledger check each read all of the agent's entries: their
cost grows with the agent's history, while a page of rows alone stays as cheap as the baseline.
The income tabs' totals are one pass of filtered sums over the entries (they were one subquery per payment
at first: 648 ms for page 1 at 100,000 payments).`,
    );
  });
}
