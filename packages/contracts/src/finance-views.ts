import { z } from 'zod';
import { agentIdParams } from './account.ts';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, isoDateTimeInput, listOf, pageQuery } from './common.ts';
import { INCOME_PAGE_SIZE, ORDER_PAGE_SIZE } from './constants.ts';
import { statsRangeQuery } from './stats.ts';

// The finance views (issue 13 "Views"; seed 001 §3/§7 Finance, seed 000 §3 income breakdown and §7 Income): what the
// ledger says an agent earned, holds and spent, and what its streams used. Every amount is an integer in fen; the
// console formats yuan. The calls that move money (cards, withdrawals, outflow, recharge, balances) are finance.ts.

/** The kinds of audience income (seed 000 §3: per-view = paid watching, gift-reward), and the shop's sales (goods). */
export const INCOME_TYPES = ['per-view', 'gift-reward', 'goods'] as const;
export type IncomeType = (typeof INCOME_TYPES)[number];

/** One payment a viewer made to the agent: what the viewer paid, the platform's fee and what the agent earned. */
export const incomeRecord = z.object({
  /** The ledger entry that credited the agent (the order of `id desc`, seed 000 §7). */
  id: z.number().int(),
  type: z.enum(INCOME_TYPES),
  activityId: z.number().int().nullable(),
  activityName: z.string().nullable(),
  orderId: z.number().int().nullable(),
  payer: z.string(),
  description: z.string(),
  /** fen the viewer paid */
  amount: z.number().int(),
  /** fen the platform kept */
  fee: z.number().int(),
  /** fen credited to the agent */
  earnings: z.number().int(),
  createdAt: isoDateTime,
});
export type IncomeRecord = z.infer<typeof incomeRecord>;

const timeFilter = { startTime: isoDateTimeInput.optional(), endTime: isoDateTimeInput.optional() };

/** GET /order: the earnings list (seed 001 §7 Earnings), 10 a page, with the total earnings of what the filter finds. */
export const earningsQuery = pageQuery(ORDER_PAGE_SIZE).extend({
  type: z.enum(INCOME_TYPES).optional(),
  activityId: id.optional(),
  ...timeFilter,
});
export type EarningsQuery = z.infer<typeof earningsQuery>;
export const earningsList = listOf(incomeRecord).extend({
  totalAmount: z.number().int(),
  totalFee: z.number().int(),
  totalEarnings: z.number().int(),
});
export type EarningsList = z.infer<typeof earningsList>;

/**
 * GET /agent/{id}/gain-details (seed 000 §7: "with query and order id desc"; §9 page size 5): one tab of the income
 * breakdown, per-view or gift-reward.
 */
export const gainDetailsQuery = pageQuery(INCOME_PAGE_SIZE).extend({
  type: z.enum(INCOME_TYPES).default('gift-reward'),
  activityId: id.optional(),
  order: z.literal('id desc').default('id desc'),
  ...timeFilter,
});
export type GainDetailsQuery = z.infer<typeof gainDetailsQuery>;
export const gainDetails = listOf(incomeRecord).extend({ totalEarnings: z.number().int() });
export type GainDetails = z.infer<typeof gainDetails>;

/** What an entry on the agent's own money did, as the account detail shows it. */
export const TRANSACTION_KINDS = [
  'gift-reward',
  'per-view',
  'goods',
  'withdrawal',
  'withdrawal-returned',
  'outflow',
  'recharge',
  'red-packet-sent',
  'red-packet-refund',
  'other',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const accountTransaction = z.object({
  id: z.number().int(),
  kind: z.enum(TRANSACTION_KINDS),
  /** The ledger account the entry is on. */
  account: z.string(),
  activityId: z.number().int().nullable(),
  activityName: z.string().nullable(),
  memo: z.string(),
  /** fen, from the agent's side: money in positive, money out negative */
  amount: z.number().int(),
  /** fen on that account after this entry */
  balance: z.number().int(),
  createdAt: isoDateTime,
});
export type AccountTransaction = z.infer<typeof accountTransaction>;
/** GET /v3/agent/{id}/transaction (seed 000 §3 account-detail tab, page size 5). */
export const transactionQuery = pageQuery(INCOME_PAGE_SIZE).extend(timeFilter);
export const transactionList = listOf(accountTransaction);
export type TransactionList = z.infer<typeof transactionList>;

/** GET /v3/agent/{id}/hb-transaction: the red-packet account in figures (fen). */
export const redPackSummary = z.object({
  balance: z.number().int(),
  recharged: z.number().int(),
  sent: z.number().int(),
  refunded: z.number().int(),
  /** What viewers grabbed of the packets sent. */
  grabbed: z.number().int(),
  /** Sent and not yet grabbed or refunded. */
  held: z.number().int(),
});
export type RedPackSummary = z.infer<typeof redPackSummary>;
export const RED_PACK_TRANSACTION_KINDS = ['recharge', 'sent', 'refund'] as const;
export const redPackTransaction = z.object({
  id: z.number().int(),
  kind: z.enum(RED_PACK_TRANSACTION_KINDS),
  activityId: z.number().int().nullable(),
  activityName: z.string().nullable(),
  memo: z.string(),
  /** fen: recharges and refunds positive, packets sent negative */
  amount: z.number().int(),
  balance: z.number().int(),
  createdAt: isoDateTime,
});
export type RedPackTransaction = z.infer<typeof redPackTransaction>;
export const redPackTransactionQuery = pageQuery(ORDER_PAGE_SIZE).extend(timeFilter);
export const redPackTransactionList = listOf(redPackTransaction);
export type RedPackTransactionList = z.infer<typeof redPackTransactionList>;

/** The per-day figures of stream usage (seed 001 §2 "stream usage by day"). */
export const STREAM_USAGE_MODELS = ['duration', 'flux', 'viewers'] as const;
export type StreamUsageModel = (typeof STREAM_USAGE_MODELS)[number];
export const streamUsageQuery = statsRangeQuery;
export const streamUsageSummary = z.object({
  startTime: z.string(),
  endTime: z.string(),
  /** Pushes that started in the range. */
  sessions: z.number().int(),
  /** Seconds pushed within the range. */
  pushSeconds: z.number().int(),
  /** Bytes served to viewers by the pushes that started in the range. */
  playbackBytes: z.number().int(),
  peakViewers: z.number().int(),
  activities: z.number().int(),
});
export type StreamUsageSummary = z.infer<typeof streamUsageSummary>;
export const streamUsageDay = z.object({ date: z.string(), value: z.number().int() });
export const streamUsageByActivity = z.object({
  activityId: z.number().int(),
  activityName: z.string(),
  value: z.number().int(),
});
export const streamUsageSeries = z.object({
  model: z.enum(STREAM_USAGE_MODELS),
  startTime: z.string(),
  endTime: z.string(),
  /** Every day of the range, in order (0 where nothing was used). */
  days: z.array(streamUsageDay),
  activities: z.array(streamUsageByActivity),
  total: z.number().int(),
});
export type StreamUsageSeries = z.infer<typeof streamUsageSeries>;
export const streamUsageParams = z.object({ model: z.enum(STREAM_USAGE_MODELS) });

/** GET /agent/{id}/flux-resource: the flux the agent may serve and what real playback has spent of it. */
export const fluxResource = z.object({
  /** The package's flux and the credit granted by the upper agent, in GB. */
  totalGb: z.number(),
  usedBytes: z.number().int(),
  usedGb: z.number(),
  /** Remaining flux in GB, two decimals, never below 0 (seed 001 §3). */
  remainingGb: z.number(),
  /** Since when playback counts against it (the current package's start), or null: since the beginning. */
  since: isoDateTime.nullable(),
});
export type FluxResource = z.infer<typeof fluxResource>;
export const FLUX_TRANSACTION_KINDS = ['package', 'playback'] as const;
export const fluxTransaction = z.object({
  /** `package-<order id>` or `playback-<ingest session id>`. */
  key: z.string(),
  kind: z.enum(FLUX_TRANSACTION_KINDS),
  activityId: z.number().int().nullable(),
  description: z.string(),
  /** Bytes granted (positive) or served (negative). */
  bytes: z.number().int(),
  createdAt: isoDateTime,
});
export type FluxTransaction = z.infer<typeof fluxTransaction>;
export const fluxTransactionQuery = pageQuery(ORDER_PAGE_SIZE).extend(timeFilter);
export const fluxTransactionList = listOf(fluxTransaction);
export type FluxTransactionList = z.infer<typeof fluxTransactionList>;

/** GET /v3/activity/{id}/earnings: the board's earnings tile (seed 001 §7 "earnings (total)"). */
export const activityEarnings = z.object({
  activityId: z.number().int(),
  giftReward: z.number().int(),
  perView: z.number().int(),
  fee: z.number().int(),
  totalEarnings: z.number().int(),
  payments: z.number().int(),
});
export type ActivityEarnings = z.infer<typeof activityEarnings>;

/** A month of the statement, YYYY-MM in Beijing time, of the years 2000 to 2999 (the ledger's possible lifetime). */
export const statementMonth = z
  .string()
  .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM, from 2000-01 to 2999-12');
export const statementQuery = z.object({ month: statementMonth });
export const statementDownloadQuery = statementQuery;
/** One ledger account of the agent in a month: opening, what came in and out, closing (fen). */
export const statementAccount = z.object({
  account: z.string(),
  opening: z.number().int(),
  credits: z.number().int(),
  debits: z.number().int(),
  closing: z.number().int(),
  entries: z.number().int(),
});
export const statementLine = z.object({
  id: z.number().int(),
  txnId: z.string(),
  account: z.string(),
  activityId: z.number().int().nullable(),
  memo: z.string(),
  /** fen as the ledger holds it: debits positive, credits negative */
  amount: z.number().int(),
  createdAt: isoDateTime,
});
export const monthlyStatement = z.object({
  agentId: z.number().int(),
  company: z.string(),
  month: z.string(),
  from: isoDateTime,
  to: isoDateTime,
  accounts: z.array(statementAccount),
  lines: z.array(statementLine),
  /** More lines than the answer carries: the CSV and PDF carry them all. */
  truncated: z.boolean(),
});
export type MonthlyStatement = z.infer<typeof monthlyStatement>;
/** The statement's task kind in the download center (its PDF). */
export const STATEMENT_TASK_KIND = 'finance-statement';
export const statementTaskParams = z.object({ month: statementMonth });

/** GET /v3/agent/ledger-check: every balance of the caller's agent against the sum of its entries. */
export const ledgerCheckProblem = z.object({
  check: z.string(),
  subject: z.string(),
  expected: z.number(),
  found: z.number(),
});
export const ledgerCheck = z.object({
  ok: z.boolean(),
  checkedAt: isoDateTime,
  txns: z.number().int(),
  entries: z.number().int(),
  accounts: z.array(z.object({ account: z.string(), sum: z.number().int() })),
  problems: z.array(ledgerCheckProblem),
});
export type LedgerCheck = z.infer<typeof ledgerCheck>;

export const financeViewCalls = defineCalls('finance', {
  listEarnings: {
    method: 'GET',
    path: '/order',
    summary: 'The audience’s payments to the caller (paid viewing, gift rewards) with the total earnings',
    access: 'signedIn',
    query: earningsQuery,
    response: earningsList,
  },
  listGainDetails: {
    method: 'GET',
    path: '/agent/:id/gain-details',
    summary: 'One tab of the income breakdown of the caller’s agent or an agent below it, id desc',
    access: 'signedIn',
    params: agentIdParams,
    query: gainDetailsQuery,
    response: gainDetails,
  },
  listTransactions: {
    method: 'GET',
    path: '/v3/agent/:id/transaction',
    summary: 'The account detail: every entry on the agent’s earnings, newest first, with the balance after it',
    access: 'mainAccount',
    params: agentIdParams,
    query: transactionQuery,
    response: transactionList,
  },
  getRedPackSummary: {
    method: 'GET',
    path: '/v3/agent/:id/hb-transaction',
    summary: 'The red-packet account in figures: balance, recharged, sent, refunded, grabbed, held',
    access: 'mainAccount',
    params: agentIdParams,
    response: redPackSummary,
  },
  listRedPackTransactions: {
    method: 'GET',
    path: '/v3/agent/:id/hb-transaction-list',
    summary: 'The red-packet account’s entries, newest first, with the balance after each',
    access: 'mainAccount',
    params: agentIdParams,
    query: redPackTransactionQuery,
    response: redPackTransactionList,
  },
  getStreamUsageSummary: {
    method: 'GET',
    path: '/v3/agent/stream-usage/summary',
    summary: 'What the caller’s pushes used over a range of days, from the ingest sessions',
    access: 'signedIn',
    query: streamUsageQuery,
    response: streamUsageSummary,
  },
  getStreamUsage: {
    method: 'GET',
    path: '/v3/agent/stream-usage/:model',
    summary: 'One figure of stream usage per day and per activity: pushed seconds, bytes served or peak viewers',
    access: 'signedIn',
    params: streamUsageParams,
    query: streamUsageQuery,
    response: streamUsageSeries,
  },
  listFluxTransactions: {
    method: 'GET',
    path: '/v3/agent/:id/flux-transaction',
    summary: 'Flux granted by packages and spent by playback, newest first',
    access: 'mainAccount',
    params: agentIdParams,
    query: fluxTransactionQuery,
    response: fluxTransactionList,
  },
  getFluxResource: {
    method: 'GET',
    path: '/agent/:id/flux-resource',
    summary: 'The remaining flux in GB: the package’s and the credit’s less what real playback served',
    access: 'mainAccount',
    params: agentIdParams,
    response: fluxResource,
  },
  getActivityEarnings: {
    method: 'GET',
    path: '/v3/activity/:id/earnings',
    summary: 'What an activity earned: gift rewards and paid viewing, after the platform’s fee',
    access: 'signedIn',
    params: idParams,
    response: activityEarnings,
  },
  getStatement: {
    method: 'GET',
    path: '/v3/agent/:id/statement',
    summary: 'The agent’s monthly statement: each ledger account’s opening, movements and closing, and the entries',
    access: 'mainAccount',
    params: agentIdParams,
    query: statementQuery,
    response: monthlyStatement,
  },
  downloadStatement: {
    method: 'GET',
    path: '/v3/agent/:id/statement/download',
    summary: 'The monthly statement as a CSV file',
    access: 'mainAccount',
    params: agentIdParams,
    query: statementDownloadQuery,
    response: z.string(),
    produces: 'text/csv',
    download: true,
  },
  checkLedger: {
    method: 'GET',
    path: '/v3/agent/ledger-check',
    summary: 'Checks that every txn of the caller’s agent balances and every balance equals the sum of its entries',
    access: 'mainAccount',
    response: ledgerCheck,
  },
});
