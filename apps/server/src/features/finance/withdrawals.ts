import {
  type AccountBalance,
  type CashList,
  FINANCE_ERRORS,
  type outflowInput,
  type Withdrawal,
  type WithdrawalList,
  type WithdrawalReview,
  type withdrawalReviewQuery,
  type withdrawInput,
} from '@yanbo/contracts';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { ownAgent, withAgentSubtree } from '../../platform/tenancy.ts';
import { postTxn, withdrawalEntries } from '../price/index.ts';
import { maskCardNo } from './finance-cards.ts';

// Money out (issue 13; seed 001 §4 withdrawal, §7 withdraw and outflow): a withdrawal to one of the agent's cards or an
// outflow with a remark takes its amount out of the balance at once (into withdrawals_pending), and an agent above it
// reviews it: approved, it is paid out with the transfer's reference; rejected, the amount returns to the balance.
// Each step is one ledger txn in the transaction that changes the withdrawal.
//
// The balance is the negated sum of the agent's audience_sales and agent_balance entries, never a stored figure. A
// request that lowers it takes the agent's row lock first and reads the balance under it, so however many requests run
// at once each sees the ones before it and none takes the balance below zero.

/** GET /agent/balance, GET /v3/agent/{id}/account-balance: every figure a sum of ledger entries. */
export async function accountBalance(db: Db | Transaction<DB>, agentId: number): Promise<AccountBalance> {
  const { rows } = await sql<{
    balance: string;
    income: string;
    recharged: string;
    withdrawn: string;
    pending: string;
  }>`
    select
      coalesce(-sum(amount) filter (where account in ('audience_sales', 'agent_balance')), 0) as balance,
      coalesce(-sum(amount) filter (where account = 'audience_sales'), 0) as income,
      coalesce(-sum(amount) filter (where account = 'agent_balance' and recharge_id is not null), 0) as recharged,
      coalesce(-sum(amount) filter (where account = 'pay_clearing' and withdrawal_id is not null), 0) as withdrawn,
      coalesce(-sum(amount) filter (where account = 'withdrawals_pending'), 0) as pending
    from ledger_entries
    where agent_id = ${agentId}
      and account in ('audience_sales', 'agent_balance', 'withdrawals_pending', 'pay_clearing')`.execute(db);
  const row = rows[0];
  return {
    balance: Number(row?.balance ?? 0),
    income: Number(row?.income ?? 0),
    recharged: Number(row?.recharged ?? 0),
    withdrawn: Number(row?.withdrawn ?? 0),
    pending: Number(row?.pending ?? 0),
  };
}

export async function agentAccountBalance(ctx: AppContext, caller: Caller, agentId: number) {
  return accountBalance(ctx.db, ownAgent(caller, agentId));
}

const withdrawalColumns = [
  'withdrawals.id',
  'withdrawals.agentId',
  'withdrawals.kind',
  'withdrawals.cardId',
  'withdrawals.amount',
  'withdrawals.deliveryId',
  'withdrawals.remark',
  'withdrawals.status',
  'withdrawals.reference',
  'withdrawals.createdAt',
  'withdrawals.reviewedAt',
  'agentCards.bank',
  'agentCards.cardNo',
  'agentCards.holder',
] as const;

type WithdrawalRow = {
  id: number;
  agentId: number;
  kind: string;
  cardId: number | null;
  amount: number;
  deliveryId: string | null;
  remark: string;
  status: string;
  reference: string;
  createdAt: Date;
  reviewedAt: Date | null;
  bank: string | null;
  cardNo: string | null;
  holder: string | null;
};

const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
  id: row.id,
  agentId: row.agentId,
  kind: row.kind as Withdrawal['kind'],
  cardId: row.cardId,
  bank: row.bank ?? '',
  cardNo: row.cardNo ? maskCardNo(row.cardNo) : '',
  amount: row.amount,
  deliveryId: row.deliveryId,
  remark: row.remark,
  status: row.status as Withdrawal['status'],
  reference: row.reference,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

const withdrawals = (db: Db | Transaction<DB>) =>
  db.selectFrom('withdrawals').leftJoin('agentCards', 'agentCards.id', 'withdrawals.cardId');

async function readWithdrawal(db: Db | Transaction<DB>, id: number): Promise<Withdrawal> {
  return toWithdrawal(
    await withdrawals(db).select(withdrawalColumns).where('withdrawals.id', '=', id).executeTakeFirstOrThrow(),
  );
}

interface Request {
  kind: 'withdraw' | 'outflow';
  amount: number;
  cardId: number | null;
  deliveryId: string | null;
  remark: string;
}

/**
 * Takes the amount out of the balance: under the agent's row lock, the balance read, the request refused when it would
 * go below zero, else the withdrawal and its ledger txn written together. A deliveryId seen before answers its
 * withdrawal again (the console's retry of the same submission), checked again under the lock.
 */
async function requestWithdrawal(ctx: AppContext, caller: Caller, request: Request): Promise<Withdrawal> {
  const agentId = caller.agentId;
  const earlier = (trx: Db | Transaction<DB>) =>
    request.deliveryId === null
      ? Promise.resolve(undefined)
      : trx
          .selectFrom('withdrawals')
          .select('id')
          .where('agentId', '=', agentId)
          .where('deliveryId', '=', request.deliveryId)
          .executeTakeFirst();
  const before = await earlier(ctx.db);
  if (before) return readWithdrawal(ctx.db, before.id);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('agents').select('id').where('id', '=', agentId).forUpdate().execute();
    const again = await earlier(trx);
    if (again) return again.id;
    const { balance } = await accountBalance(trx, agentId);
    if (request.amount > balance) throw badRequest(FINANCE_ERRORS.insufficientBalance, undefined, 'amount');
    const row = await trx
      .insertInto('withdrawals')
      .values({ agentId, ...request })
      .returning(['id', 'agentId', 'amount'])
      .executeTakeFirstOrThrow();
    await postTxn(
      trx,
      withdrawalEntries('ask', row, request.kind === 'withdraw' ? '提现申请' : request.remark || '出账'),
    );
    return row.id;
  });
  return readWithdrawal(ctx.db, id);
}

/** POST /agent/withdraw: to one of the agent's own cards (another's answers 404, as a missing one). */
export async function withdraw(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof withdrawInput>,
): Promise<Withdrawal> {
  const card = await ctx.db
    .selectFrom('agentCards')
    .select('id')
    .where('id', '=', input.cardId)
    .where('agentId', '=', caller.agentId)
    .executeTakeFirst();
  if (!card) throw notFound(FINANCE_ERRORS.cardNotFound);
  return requestWithdrawal(ctx, caller, {
    kind: 'withdraw',
    amount: input.amount,
    cardId: card.id,
    deliveryId: input.deliveryId ?? null,
    remark: '',
  });
}

/** POST /agent/{id}/outflow: money asked out with a remark, reviewed as a withdrawal is. */
export async function createOutflow(
  ctx: AppContext,
  caller: Caller,
  agentId: number,
  input: z.output<typeof outflowInput>,
): Promise<Withdrawal> {
  ownAgent(caller, agentId);
  return requestWithdrawal(ctx, caller, {
    kind: 'outflow',
    amount: input.amount,
    cardId: null,
    deliveryId: null,
    remark: input.remark,
  });
}

async function pageOf(ctx: AppContext, agentId: number, query: { page: number; pageSize: number }) {
  const base = ctx.db.selectFrom('withdrawals').where('agentId', '=', agentId);
  const [rows, total] = await Promise.all([
    withdrawals(ctx.db)
      .select(withdrawalColumns)
      .where('withdrawals.agentId', '=', agentId)
      .orderBy('withdrawals.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toWithdrawal),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(total.n) },
  };
}

/** GET /agent/withdraw: the cash list (seed 001 §3) with its pager, newest first. */
export async function listWithdrawals(
  ctx: AppContext,
  caller: Caller,
  query: { page: number; pageSize: number },
): Promise<CashList> {
  const { items, pager } = await pageOf(ctx, caller.agentId, query);
  return { cashList: items, pager };
}

/** GET /agent/{id}/outflow: the account detail of the income breakdown (seed 000 §3), 5 a page. */
export async function listOutflows(
  ctx: AppContext,
  caller: Caller,
  agentId: number,
  query: { page: number; pageSize: number },
): Promise<WithdrawalList> {
  return pageOf(ctx, ownAgent(caller, agentId), query);
}

// ---------------------------------------------------------------------------------------------------------------
// Review by the agents above

const reviewColumns = [...withdrawalColumns, 'agents.company', 'agents.contact'] as const;

/**
 * Whether the caller is the platform's own agent (the one ADMIN_MOBILE names, signed in as itself): it reviews the
 * withdrawals of the agents that have no agent above them (those who signed up), whose money would otherwise wait
 * for nobody.
 */
function isPlatformAgent(ctx: AppContext, caller: Caller): boolean {
  return ctx.config.adminMobile !== '' && caller.subagentId === null && caller.agent.mobile === ctx.config.adminMobile;
}

/** The withdrawals the caller may review: of the agents below it, and for the platform's agent, of top-level ones. */
function reviewable(db: Db | Transaction<DB>, caller: Caller, platformAgent: boolean) {
  return withAgentSubtree(db, caller.agentId)
    .selectFrom('withdrawals')
    .leftJoin('agentCards', 'agentCards.id', 'withdrawals.cardId')
    .innerJoin('agents', 'agents.id', 'withdrawals.agentId')
    .where((eb) =>
      eb.or([
        eb('withdrawals.agentId', 'in', eb.selectFrom('agentTree').select('agentTree.id')),
        ...(platformAgent ? [eb.and([eb('agents.parentId', 'is', null), eb('agents.id', '<>', caller.agentId)])] : []),
      ]),
    );
}

const toReview = (row: WithdrawalRow & { company: string; contact: string }): WithdrawalReview => ({
  ...toWithdrawal(row),
  company: row.company,
  contact: row.contact,
  holder: row.holder ?? '',
});

/** GET /v3/agent/withdraw-review: pending first is the status filter's job; newest first. */
export async function listWithdrawalReviews(
  ctx: AppContext,
  caller: Caller,
  query: z.output<typeof withdrawalReviewQuery>,
) {
  let base = reviewable(ctx.db, caller, isPlatformAgent(ctx, caller));
  if (query.status) base = base.where('withdrawals.status', '=', query.status);
  const [rows, total] = await Promise.all([
    base
      .select(reviewColumns)
      .orderBy('withdrawals.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toReview),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(total.n) },
  };
}

/**
 * Approve (paid, with the transfer's reference) or reject (the amount back to the balance) a pending withdrawal the
 * caller may review (an agent below it; a top-level one for the platform's agent); one of another tree, or the caller's own, answers 404. The row is locked, so two reviewers
 * at once settle it once.
 */
export async function reviewWithdrawal(
  ctx: AppContext,
  caller: Caller,
  id: number,
  decision: { approve: true; reference: string } | { approve: false; reason: string },
): Promise<WithdrawalReview> {
  await ctx.db.transaction().execute(async (trx) => {
    const found = await reviewable(trx, caller, isPlatformAgent(ctx, caller))
      .select('withdrawals.id')
      .where('withdrawals.id', '=', id)
      .executeTakeFirst();
    if (!found) throw notFound(FINANCE_ERRORS.withdrawalNotFound);
    const row = await trx
      .selectFrom('withdrawals')
      .select(['id', 'agentId', 'amount', 'status', 'remark'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.status !== 'pending') throw conflict(FINANCE_ERRORS.alreadyReviewed);
    await trx
      .updateTable('withdrawals')
      .set({
        status: decision.approve ? 'paid' : 'rejected',
        reference: decision.approve ? decision.reference : '',
        remark:
          decision.approve || !decision.reason ? row.remark : `${row.remark}（驳回：${decision.reason}）`.slice(0, 400),
        reviewedBy: caller.agentId,
        reviewedAt: new Date(),
      })
      .where('id', '=', id)
      .execute();
    await postTxn(
      trx,
      withdrawalEntries(
        decision.approve ? 'pay' : 'reject',
        row,
        decision.approve ? `提现打款 ${decision.reference}` : '提现驳回',
      ),
    );
  });
  const row = await reviewable(ctx.db, caller, isPlatformAgent(ctx, caller))
    .select(reviewColumns)
    .where('withdrawals.id', '=', id)
    .executeTakeFirstOrThrow();
  return toReview(row);
}

/** GET /agent/balance: the caller's own. */
export const ownBalance = (ctx: AppContext, caller: Caller) => accountBalance(ctx.db, caller.agentId);
