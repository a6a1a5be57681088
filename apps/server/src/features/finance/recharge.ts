import { FINANCE_ERRORS, type Recharge, type rechargeInput } from '@yanbo/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { ownAgent } from '../../platform/tenancy.ts';
import { agentRechargeEntries, followPayOrder, type PaidOrderKind, placePayOrder, postTxn } from '../price/index.ts';

// The agent's recharge of its account balance (seed 001 §7 POST /v3/agent/{id}/recharge-order, GET recharge-result):
// an order paid through the pay provider whose verified notification credits agent_balance once. The result page polls
// the result until it is paid or failed.

/** A recharge may be paid for this long. */
const RECHARGE_TTL_MINUTES = 30;

/** An agent's recharge as a kind of paid order: paid, agent_balance is credited in the same transaction. */
export const rechargePayments: PaidOrderKind<'agentRecharges'> = {
  table: 'agentRecharges',
  ttlMinutes: RECHARGE_TTL_MINUTES,
  closedAt: false,
  async settle(trx, recharge) {
    await postTxn(trx, agentRechargeEntries(recharge));
    return undefined;
  },
};

/** POST /v3/agent/{id}/recharge-order: the amount defaults to seed 001 §9's charge selection (200 yuan). */
export async function createRecharge(
  ctx: AppContext,
  caller: Caller,
  agentId: number,
  input: z.output<typeof rechargeInput>,
): Promise<Recharge> {
  ownAgent(caller, agentId);
  const order = await placePayOrder(ctx, rechargePayments, { agentId: caller.agentId, amount: input.amount }, (id) => ({
    subject: '账户充值',
    // The result page is where the payer comes back to, so it can poll this order.
    returnPath: `${input.returnPath}${input.returnPath.includes('?') ? '&' : '?'}orderId=${id}`,
  }));
  return { orderId: order.id, amount: order.amount, status: 'init', payUrl: order.url };
}

/** GET /v3/agent/{id}/recharge-result?orderId: an order still open is asked of the gateway (a notification late). */
export async function rechargeResult(
  ctx: AppContext,
  caller: Caller,
  agentId: number,
  orderId: number,
): Promise<Recharge> {
  ownAgent(caller, agentId);
  const row = await followPayOrder(ctx, rechargePayments, orderId, { agentId: caller.agentId });
  if (!row) throw notFound(FINANCE_ERRORS.rechargeNotFound);
  return { orderId: row.id, amount: row.amount, status: row.status, payUrl: '' };
}
