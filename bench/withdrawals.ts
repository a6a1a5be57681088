import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxNotification,
} from '../apps/server/src/platform/pay/sandbox-pay-provider.ts';
import { withBenchServer } from './bench-server.ts';
import { writeSection } from './readme-section.ts';

// R3 (issue 13): 1,000 withdrawals sent at once against one balance through the real HTTP route never take it below
// zero and every accepted one is in the ledger; a pay notification replayed 100 times credits once; and withdrawals
// per second beside the same number of plain INSERTs on the same PostgreSQL in the same run (the cost of the agent's
// row lock, the balance read from the ledger and the balanced txn).

const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? 1_000);
const REPLAYS = 100;
/** Each withdrawal asks 1 yuan; the balance holds half of them. */
const AMOUNT = 100;
const BALANCE = (WITHDRAWALS / 2) * AMOUNT;
const SECRET = 'bench-withdrawals-secret';
const ADMIN = { mobile: '13800000012', password: 'bench-pass-1' };

interface Answer {
  status: number;
  body: { id?: number; outcome?: string; message?: string };
}

export async function benchWithdrawals() {
  await withBenchServer('withdrawals', { admin: ADMIN, secretKey: SECRET }, async (server) => {
    const { sql: pool, agentId } = server;
    const base = `${server.baseUrl}/api`;
    const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown, extra: Record<string, string> = {}): Promise<Answer> => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Answer['body'] };
    };
    const balance = async () =>
      ((await (await fetch(`${base}/agent/balance`, { headers })).json()) as { balance: number }).balance;

    // The balance: one recharge, its notification sent REPLAYS times at once as a gateway retrying would.
    const order = (await post(`/v3/agent/${agentId}/recharge-order`, { amount: BALANCE })) as unknown as {
      body: { orderId: number };
    };
    const raw = JSON.stringify({
      outTradeNo: String(order.body.orderId),
      tradeNo: `SBXBENCH${Date.now()}`,
      tradeStatus: 'SUCCESS',
      totalFee: BALANCE,
      timeEnd: new Date().toISOString(),
    });
    const signature = signSandboxNotification(SECRET, raw);
    const notifies = await Promise.all(
      Array.from({ length: REPLAYS }, () =>
        fetch(`${base}/pay/notify/sandbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          body: raw,
        }).then(async (r) => ((await r.json()) as { outcome: string }).outcome),
      ),
    );
    const credited = notifies.filter((o) => o === 'credited').length;
    const afterReplays = await balance();
    if (credited !== 1 || afterReplays !== BALANCE) {
      throw new Error(`replayed notification: ${credited} credited, balance ${afterReplays} (expected ${BALANCE})`);
    }

    // A card, written as POST /agent/card writes one once its SMS code checks.
    const card = await pool.query(
      `insert into agent_cards (agent_id, holder, bank, card_no, mobile) values ($1, '基准', '中国银行', '6216000000000000077', $2)
       returning id`,
      [agentId, ADMIN.mobile],
    );
    const cardId = card.rows[0].id as number;

    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: WITHDRAWALS }, () => post('/agent/withdraw', { cardId, amount: AMOUNT })),
    );
    const withdrawMs = performance.now() - started;
    const accepted = answers.filter((a) => a.status === 200).map((a) => a.body.id as number);
    const refused = answers.filter((a) => a.status === 400 && a.body.message === 'Insufficient Balance').length;
    const other = WITHDRAWALS - accepted.length - refused;
    const finalBalance = await balance();
    const inLedger = await pool.query(
      `select count(distinct withdrawal_id)::int as n, coalesce(-sum(amount), 0)::bigint as pending
       from ledger_entries where agent_id = $1 and account = 'withdrawals_pending' and withdrawal_id = any($2)`,
      [agentId, accepted],
    );
    const ledgerCount = inLedger.rows[0].n as number;
    if (finalBalance < 0 || accepted.length * AMOUNT > BALANCE || ledgerCount !== accepted.length || other !== 0) {
      throw new Error(
        `withdrawals: balance ${finalBalance}, ${accepted.length} accepted, ${ledgerCount} in the ledger, ${other} other`,
      );
    }

    // The baseline: the same number of plain INSERTs, as many at once as the pool holds.
    await pool.query('create table bench_plain (id serial primary key, agent_id int not null, amount int not null)');
    const plainStarted = performance.now();
    await Promise.all(
      Array.from({ length: WITHDRAWALS }, () =>
        pool.query('insert into bench_plain (agent_id, amount) values ($1, $2)', [agentId, AMOUNT]),
      ),
    );
    const plainMs = performance.now() - plainStarted;

    const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);
    const lines = [
      `## Withdrawals against one balance (R3)`,
      '',
      `${WITHDRAWALS} withdrawals of ${AMOUNT / 100} yuan sent at once through \`POST /api/agent/withdraw\` against a balance`,
      `of ${BALANCE / 100} yuan (one recharge), on PostgreSQL, beside ${WITHDRAWALS} plain INSERTs into a two-column table`,
      'through a pool of 10 connections in the same run. Run with `npm run bench -- withdrawals`.',
      '',
      '| figure | value |',
      '|---|---|',
      `| withdrawals accepted / refused (Insufficient Balance) / other | ${accepted.length} / ${refused} / ${other} |`,
      `| balance after (fen) | ${finalBalance} |`,
      `| accepted withdrawals in the ledger | ${ledgerCount} of ${accepted.length} |`,
      `| notification sent ${REPLAYS} times at once: credited / balance (fen) | ${credited} / ${afterReplays} |`,
      `| withdrawals per second (HTTP, lock + ledger) | ${perSecond(WITHDRAWALS, withdrawMs)} (${Math.round(withdrawMs)} ms) |`,
      `| plain INSERTs per second (baseline) | ${perSecond(WITHDRAWALS, plainMs)} (${Math.round(plainMs)} ms) |`,
      `| withdrawal ÷ plain insert time | ${(withdrawMs / plainMs).toFixed(1)}× |`,
      '',
      'A withdrawal takes the agent’s row lock, reads the balance as a sum of its ledger entries and writes the withdrawal',
      'with its balanced txn, so the withdrawals of one agent run one after another by design; the figure is the price of',
      'never overdrawing, measured on the shared 2-core machine, where absolute times are noise and the ratio is the figure.',
    ];
    console.log(lines.join('\n'));
    await writeSection('withdrawals', lines.join('\n'));
  });
}
