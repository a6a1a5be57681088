import { z } from 'zod';
import { smsSent } from './account.ts';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, mobile, pageQuery, pager, smsCode } from './common.ts';
import { INCOME_PAGE_SIZE } from './constants.ts';

// Finance (issue 13; seed 001 §3 Finance, §4 add bank account and withdrawal, §7 Finance, §9): every amount is an
// integer in fen on the wire and in the database; the console shows yuan. This file holds the money-moving calls
// (financeMoneyCalls): paid viewing, recharge, bank accounts, withdrawals, outflows, their review and the balances.

export const FINANCE_ERRORS = {
  cardNotFound: 'Card Not Found',
  withdrawalNotFound: 'Withdrawal Not Found',
  rechargeNotFound: 'Recharge Not Found',
  viewOrderNotFound: 'View Order Not Found',
  insufficientBalance: 'Insufficient Balance',
  alreadyReviewed: 'Withdrawal already reviewed',
  cardExists: 'Card already added',
  paidViewOff: 'Paid viewing is not enabled',
  alreadyPaid: 'Already paid for this activity',
  viewerRequired: 'A viewer is required',
} as const;

/** Seed 001 §9: the recharge page's preset selected by default (yuan). */
export const DEFAULT_CHARGE_SELECTION = 200;
/** Seed 001 §9: the recharge page's custom value before the agent types one (yuan). */
export const DEFAULT_CHARGE_VALUE = 1;
/** Seed 001 §9: the withdrawal modal's amount before the agent types one (yuan). */
export const DEFAULT_CASH_AMOUNT = 1;
/** The recharge page's presets (yuan); DEFAULT_CHARGE_SELECTION among them. */
export const CHARGE_SELECTIONS = [100, 200, 500, 1000] as const;
/** Seed 001 §3: the bank a new account is at until the agent picks another. */
export const DEFAULT_BANK_NAME = '中国工商银行';
export const BANK_NAMES = [
  '中国工商银行',
  '中国建设银行',
  '中国农业银行',
  '中国银行',
  '交通银行',
  '招商银行',
  '中国邮政储蓄银行',
  '兴业银行',
  '浦发银行',
  '中信银行',
] as const;
export type BankName = (typeof BANK_NAMES)[number];
/** A recharge or withdrawal: 0.01 to 1,000,000 yuan. */
export const MONEY_MAX = 100_000_000;
export const WITHDRAW_PAGE_SIZE = 10;
/** A viewer's price for one activity: 0.01 to 10,000 yuan. */
export const PAID_VIEW_MAX_PRICE = 1_000_000;
/** The fee rate's unit: basis points (1/10000) of a payment. */
export const FEE_RATE_UNIT = 10_000;

/** The platform's fee on an audience payment: floor(amount × rate / 10000), in fen, so it is an integer. */
export const platformFee = (amount: number, rate: number) => Math.floor((amount * rate) / FEE_RATE_UNIT);

const fen = (label: string, max = MONEY_MAX) =>
  z
    .number()
    .int(`${label} must be in whole fen`)
    .min(1, `${label} must be at least 0.01 yuan`)
    .max(max, `${label} is too large`);

const returnPath = z
  .string()
  .max(200)
  .regex(/^\/(?!\/)[\w\-/?=&%.]*$/, 'Invalid return path');

// ---------------------------------------------------------------------------------------------------------------
// Paid viewing

/** GET/PUT /activity/{id}/pay-config: a per-view price the watch page asks before it plays. */
export const payConfig = z.object({ enabled: z.boolean(), price: z.number().int().min(0) });
export type PayConfig = z.infer<typeof payConfig>;
export const payConfigUpdate = z
  .object({ enabled: z.boolean(), price: fen('Price', PAID_VIEW_MAX_PRICE).optional() })
  .refine((value) => !value.enabled || value.price !== undefined, { message: 'Price is required', path: ['price'] });

/** GET /watch/{id}/paid-view: what the viewer is asked to pay, and whether it has. */
export const paidViewState = z.object({ enabled: z.boolean(), price: z.number().int(), paid: z.boolean() });
export type PaidViewState = z.infer<typeof paidViewState>;
export const paidViewOrder = z.object({
  orderId: z.number().int(),
  amount: z.number().int(),
  status: z.enum(['init', 'paid', 'failed']),
  url: z.string(),
});
export type PaidViewOrder = z.infer<typeof paidViewOrder>;
export const paidViewOrderParams = z.object({ id, orderId: id });

// ---------------------------------------------------------------------------------------------------------------
// Recharge

export const rechargeInput = z.object({
  amount: fen('Amount').default(DEFAULT_CHARGE_SELECTION * 100),
  returnPath: returnPath.default('/financial'),
});
export const recharge = z.object({
  orderId: z.number().int(),
  amount: z.number().int(),
  status: z.enum(['init', 'paid', 'failed']),
  payUrl: z.string(),
});
export type Recharge = z.infer<typeof recharge>;
export const rechargeResultQuery = z.object({ orderId: id });

// ---------------------------------------------------------------------------------------------------------------
// Bank accounts

export const agentCard = z.object({
  id: z.number().int(),
  type: z.literal('debit'),
  holder: z.string(),
  bank: z.string(),
  /** Only the last four digits leave the server. */
  cardNo: z.string(),
  mobile: z.string(),
  createdAt: isoDateTime,
});
export type AgentCard = z.infer<typeof agentCard>;
export const agentCardList = z.object({ accountList: z.array(agentCard) });
export type AgentCardList = z.infer<typeof agentCardList>;
export const agentCardInput = z.object({
  type: z.literal('debit').default('debit'),
  holder: z.string().trim().min(1, 'Holder is required').max(30, 'Holder must be at most 30 characters'),
  bank: z.enum(BANK_NAMES).default(DEFAULT_BANK_NAME),
  cardNo: z
    .string()
    .trim()
    .regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits'),
  mobile,
  code: smsCode,
});
export const cardSmsInput = z.object({ mobile });

// ---------------------------------------------------------------------------------------------------------------
// Withdrawals and outflows

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export const withdrawal = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  kind: z.enum(['withdraw', 'outflow']),
  cardId: z.number().int().nullable(),
  bank: z.string(),
  cardNo: z.string(),
  amount: z.number().int(),
  deliveryId: z.string().nullable(),
  remark: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  reference: z.string(),
  createdAt: isoDateTime,
  reviewedAt: isoDateTime.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawInput = z.object({
  cardId: id,
  amount: fen('Amount').default(DEFAULT_CASH_AMOUNT * 100),
  /** The console's key for this request: sent again, it answers the same withdrawal. */
  deliveryId: z
    .string()
    .trim()
    .regex(/^[\w-]{8,64}$/, 'Invalid delivery id')
    .optional(),
});
export const withdrawListQuery = pageQuery(WITHDRAW_PAGE_SIZE);
/** GET /agent/withdraw: the cash list with its pager (seed 001 §3). */
export const cashList = z.object({ cashList: z.array(withdrawal), pager });
export type CashList = z.infer<typeof cashList>;
export const outflowInput = z.object({
  remark: z.string().trim().max(200, 'Remark must be at most 200 characters').default(''),
  amount: fen('Amount'),
});
/** Seed 000 §9: the income breakdown's pages are 5 long. */
export const outflowQuery = pageQuery(INCOME_PAGE_SIZE);
export const withdrawalList = listOf(withdrawal);
export type WithdrawalList = z.infer<typeof withdrawalList>;

/** A withdrawal of an agent below the caller, as its reviewer sees it. */
export const withdrawalReview = withdrawal.extend({ company: z.string(), contact: z.string(), holder: z.string() });
export type WithdrawalReview = z.infer<typeof withdrawalReview>;
export const withdrawalReviewList = listOf(withdrawalReview);
export const withdrawalReviewQuery = pageQuery(WITHDRAW_PAGE_SIZE).extend({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
});
export const approveInput = z.object({
  reference: z.string().trim().min(1, 'Reference is required').max(64, 'Reference must be at most 64 characters'),
});
export const rejectInput = z.object({
  reason: z.string().trim().max(200, 'Reason must be at most 200 characters').default(''),
});

/**
 * The agent's account balance, derived from the ledger: income (the audience's payments less the platform's fee)
 * and recharges in, withdrawals out; pending is what is asked for and under review (already out of the balance).
 */
export const accountBalance = z.object({
  balance: z.number().int(),
  income: z.number().int(),
  recharged: z.number().int(),
  withdrawn: z.number().int(),
  pending: z.number().int(),
});
export type AccountBalance = z.infer<typeof accountBalance>;

export const financeMoneyCalls = defineCalls('finance', {
  getPayConfig: {
    method: 'GET',
    path: '/activity/:id/pay-config',
    summary: 'The activity’s per-view price',
    access: 'signedIn',
    params: idParams,
    response: payConfig,
  },
  updatePayConfig: {
    method: 'PUT',
    path: '/activity/:id/pay-config',
    summary: 'Set or switch off the activity’s per-view price',
    access: 'signedIn',
    params: idParams,
    body: payConfigUpdate,
    response: payConfig,
  },
  getWatchPaidView: {
    method: 'GET',
    path: '/watch/:id/paid-view',
    summary: 'What the viewer pays to watch, and whether it has',
    access: 'public',
    params: idParams,
    response: paidViewState,
  },
  createWatchPaidView: {
    method: 'POST',
    path: '/watch/:id/paid-view/order',
    summary: 'Order the viewer’s access to the activity; pay it at the url answered',
    access: 'public',
    params: idParams,
    response: paidViewOrder,
  },
  getWatchPaidViewOrder: {
    method: 'GET',
    path: '/watch/:id/paid-view/order/:orderId',
    summary: 'The viewer’s own view order and whether it is paid',
    access: 'public',
    params: paidViewOrderParams,
    response: paidViewOrder,
  },
  createRechargeOrder: {
    method: 'POST',
    path: '/v3/agent/:id/recharge-order',
    summary: 'Order a recharge of the agent’s account balance; pay it at the url answered',
    access: 'mainAccount',
    params: idParams,
    body: rechargeInput,
    response: recharge,
  },
  getRechargeResult: {
    method: 'GET',
    path: '/v3/agent/:id/recharge-result',
    summary: 'A recharge and whether it is paid (the result page polls it)',
    access: 'mainAccount',
    params: idParams,
    query: rechargeResultQuery,
    response: recharge,
  },
  listCards: {
    method: 'GET',
    path: '/agent/card',
    summary: 'The agent’s bank accounts',
    access: 'mainAccount',
    response: agentCardList,
  },
  sendCardSms: {
    method: 'POST',
    path: '/v3/agent/card/sms',
    summary: 'Send a code to the mobile of a bank account about to be added',
    access: 'mainAccount',
    body: cardSmsInput,
    response: smsSent,
  },
  addCard: {
    method: 'POST',
    path: '/agent/card',
    summary: 'Add a bank account, its mobile confirmed by the code sent to it',
    access: 'mainAccount',
    body: agentCardInput,
    response: agentCard,
  },
  withdraw: {
    method: 'POST',
    path: '/agent/withdraw',
    summary: 'Ask to withdraw to one of the agent’s bank accounts; the amount leaves the balance at once',
    access: 'mainAccount',
    body: withdrawInput,
    response: withdrawal,
  },
  listWithdrawals: {
    method: 'GET',
    path: '/agent/withdraw',
    summary: 'The agent’s withdrawals, newest first',
    access: 'mainAccount',
    query: withdrawListQuery,
    response: cashList,
  },
  getBalance: {
    method: 'GET',
    path: '/agent/balance',
    summary: 'The agent’s account balance, from the ledger',
    access: 'mainAccount',
    response: accountBalance,
  },
  getAccountBalance: {
    method: 'GET',
    path: '/v3/agent/:id/account-balance',
    summary: 'The agent’s account balance, from the ledger',
    access: 'mainAccount',
    params: idParams,
    response: accountBalance,
  },
  listOutflows: {
    method: 'GET',
    path: '/agent/:id/outflow',
    summary: 'The agent’s withdrawals and outflows (the account detail), newest first',
    access: 'mainAccount',
    params: idParams,
    query: outflowQuery,
    response: withdrawalList,
  },
  createOutflow: {
    method: 'POST',
    path: '/agent/:id/outflow',
    summary: 'Ask for money out of the balance with a remark; reviewed like a withdrawal',
    access: 'mainAccount',
    params: idParams,
    body: outflowInput,
    response: withdrawal,
  },
  listWithdrawalReviews: {
    method: 'GET',
    path: '/v3/agent/withdraw-review',
    summary: 'The withdrawals of the agents below the caller, to review',
    access: 'mainAccount',
    query: withdrawalReviewQuery,
    response: withdrawalReviewList,
  },
  approveWithdrawal: {
    method: 'POST',
    path: '/v3/agent/withdraw-review/:id/approve',
    summary: 'Mark a lower agent’s withdrawal paid, with the transfer’s reference',
    access: 'mainAccount',
    params: idParams,
    body: approveInput,
    response: withdrawalReview,
  },
  rejectWithdrawal: {
    method: 'POST',
    path: '/v3/agent/withdraw-review/:id/reject',
    summary: 'Refuse a lower agent’s withdrawal; its amount returns to that agent’s balance',
    access: 'mainAccount',
    params: idParams,
    body: rejectInput,
    response: withdrawalReview,
  },
});
