import type { MonthlyStatement } from '@yanbo/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Cell } from '../exports/index.ts';

// The monthly statement per agent (issue 13 "Beyond the anchors"): for each ledger account holding the agent's
// entries, its balance before the month, the month's debits and credits and its balance after, and every entry of
// the month. Everything is a sum or a list of ledger entries in fen, so the statement reconciles to the ledger to the
// fen: opening + debits - credits = closing = the sum of the account's entries before the month's end.

const BEIJING_OFFSET_MS = 8 * 3_600_000;
/** The entries the JSON answer carries; the CSV and the PDF carry all of them. */
const JSON_LINES = 500;
const BATCH = 1000;

/** The instants a month covers, Beijing time (the agent's calendar, as the statistics'). */
export function monthInstants(month: string): { from: Date; to: Date } {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, monthIndex - 1, 1) - BEIJING_OFFSET_MS);
  const to = new Date(Date.UTC(year, monthIndex, 1) - BEIJING_OFFSET_MS);
  return { from, to };
}

/** The accounts' names on the statement. */
export const ACCOUNT_NAMES: Record<string, string> = {
  pay_clearing: '支付通道清算',
  package_sales: '套餐购买',
  audience_sales: '观众收入',
  platform_fees: '平台服务费',
  agent_balance: '账户余额',
  withdrawals_pending: '提现审核中',
  red_pack_balance: '红包账户',
  red_pack_held: '已发红包待领取',
  audience_balance: '观众红包余额',
};

export async function statementAccounts(db: Db, agentId: number, month: string) {
  const { from, to } = monthInstants(month);
  const rows = await db
    .selectFrom('ledgerEntries')
    .select([
      'account',
      sql<string>`coalesce(sum(amount) filter (where created_at < ${from}), 0)`.as('opening'),
      sql<string>`coalesce(sum(amount) filter (where created_at >= ${from} and amount > 0), 0)`.as('debits'),
      sql<string>`coalesce(-sum(amount) filter (where created_at >= ${from} and amount < 0), 0)`.as('credits'),
      sql<string>`count(*) filter (where created_at >= ${from})`.as('entries'),
    ])
    .where('agentId', '=', agentId)
    .where('createdAt', '<', to)
    .groupBy('account')
    .orderBy('account')
    .execute();
  return rows.map((row) => {
    const opening = Number(row.opening);
    const debits = Number(row.debits);
    const credits = Number(row.credits);
    return {
      account: row.account,
      opening,
      debits,
      credits,
      closing: opening + debits - credits,
      entries: Number(row.entries),
    };
  });
}

function monthLines(db: Db, agentId: number, month: string, afterId: number, limit: number) {
  const { from, to } = monthInstants(month);
  return db
    .selectFrom('ledgerEntries')
    .select(['id', 'txnId', 'account', 'activityId', 'memo', 'amount', 'createdAt'])
    .where('agentId', '=', agentId)
    .where('createdAt', '>=', from)
    .where('createdAt', '<', to)
    .where('id', '>', String(afterId))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The month's entries a batch at a time, in id order. */
export async function* statementLines(db: Db, agentId: number, month: string) {
  let afterId = 0;
  for (;;) {
    const rows = await monthLines(db, agentId, month, afterId, BATCH);
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, id: Number(row.id), amount: Number(row.amount) }));
    afterId = Number(rows[rows.length - 1]?.id);
    if (rows.length < BATCH) return;
  }
}

/** GET /v3/agent/{id}/statement. */
export async function getStatement(
  db: Db,
  agent: { id: number; company: string },
  month: string,
): Promise<MonthlyStatement> {
  const { from, to } = monthInstants(month);
  const [accounts, lines] = await Promise.all([
    statementAccounts(db, agent.id, month),
    monthLines(db, agent.id, month, 0, JSON_LINES + 1),
  ]);
  return {
    agentId: agent.id,
    company: agent.company,
    month,
    from: from.toISOString(),
    to: to.toISOString(),
    accounts,
    lines: lines.slice(0, JSON_LINES).map((row) => ({
      id: Number(row.id),
      txnId: row.txnId,
      account: row.account,
      activityId: row.activityId,
      memo: row.memo,
      amount: Number(row.amount),
      createdAt: row.createdAt.toISOString(),
    })),
    truncated: lines.length > JSON_LINES,
  };
}

/** Yuan from whole fen, exactly (no floating point): -1234 → "-12.34". */
export function yuanOf(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const beijingTime = (date: Date) =>
  new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

export const STATEMENT_HEADINGS = [
  '时间（北京时间）',
  '账户',
  '摘要',
  '活动ID',
  '流水号',
  '借方（元）',
  '贷方（元）',
  '余额（元）',
];

/**
 * The statement's CSV rows: per account its opening balance, its entries with the balance after each, and its closing
 * balance; amounts in yuan written from whole fen.
 */
export async function* statementCells(db: Db, agentId: number, month: string): AsyncGenerator<Cell[][]> {
  const accounts = await statementAccounts(db, agentId, month);
  const { from, to } = monthInstants(month);
  const running = new Map(accounts.map((account) => [account.account, account.opening]));
  yield accounts.map((account) => [
    beijingTime(from),
    ACCOUNT_NAMES[account.account] ?? account.account,
    '期初余额',
    null,
    null,
    null,
    null,
    yuanOf(account.opening),
  ]);
  for await (const lines of statementLines(db, agentId, month)) {
    yield lines.map((line) => {
      const balance = (running.get(line.account) ?? 0) + line.amount;
      running.set(line.account, balance);
      return [
        beijingTime(line.createdAt),
        ACCOUNT_NAMES[line.account] ?? line.account,
        line.memo,
        line.activityId,
        line.txnId,
        line.amount > 0 ? yuanOf(line.amount) : null,
        line.amount < 0 ? yuanOf(-line.amount) : null,
        yuanOf(balance),
      ];
    });
  }
  yield accounts.map((account) => [
    beijingTime(new Date(to.getTime() - 1000)),
    ACCOUNT_NAMES[account.account] ?? account.account,
    '期末余额',
    null,
    null,
    yuanOf(account.debits),
    yuanOf(account.credits),
    yuanOf(account.closing),
  ]);
}
