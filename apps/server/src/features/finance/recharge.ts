import { ERROR_CODES, FINANCE_ERRORS, PRICE_ERRORS, type Recharge, type rechargeInput } from '@yanbo/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { PayGatewayError } from '../../platform/pay/pay-provider.ts';
import { ownAgent } from '../../platform/tenancy.ts';
import { agentRechargeEntries, type PaidOrderKind, postTxn, reconcileOrder } from '../price/index.ts';

// The agent's recharge of its account balance (seed 001 §7 POST /v3/agent/{id}/recharge-order, GET recharge-result):
// an order paid through the pay provider whose verified notification credits agent_balance once. The result page polls
// the result until it is paid or failed.

/** A recharge may be paid for this long. */
const RECHARGE_TTL_MINUTES = 30;

/** POST /v3/agent/{id}/recharge-order: the amount defaults to seed 001 §9's charge selection (200 yuan). */
export async function createRecharge(
  ctx: AppContext,
  caller: Caller,
  agentId: number,
  input: z.output<typeof rechargeInput>,
): Promise<Recharge> {
  ownAgent(caller, agentId);
  const expiresAt = new Date(Date.now() + RECHARGE_TTL_MINUTES * 60_000);
  const row = await ctx.db
    .insertInto('agentRecharges')
    .values({ agentId: caller.agentId, amount: input.amount, payProvider: ctx.pay.name, expiresAt })
    .returning(['id', 'amount', 'status'])
    .executeTakeFirstOrThrow();
  // The result page is where the payer comes back to, so it can poll this order.
  const back = `${input.returnPath}${input.returnPath.includes('?') ? '&' : '?'}orderId=${row.id}`;
  try {
    const payUrl = await ctx.pay.checkoutUrl({
      orderId: row.id,
      amount: row.amount,
      subject: '账户充值',
      returnPath: back,
      expiresAt,
    });
    return { orderId: row.id, amount: row.amount, status: 'init', payUrl };
  } catch (error) {
    if (!(error instanceof PayGatewayError)) throw error;
    await ctx.db.updateTable('agentRecharges').set({ status: 'failed' }).where('id', '=', row.id).execute();
    throw new HttpError(503, 'Payment service unavailable', ERROR_CODES.payUnavailable);
  }
}

/** GET /v3/agent/{id}/recharge-result?orderId: an order still open is asked of the gateway (a notification late). */
export async function rechargeResult(
  ctx: AppContext,
  caller: Caller,
  agentId: number,
  orderId: number,
): Promise<Recharge> {
  ownAgent(caller, agentId);
  const read = () =>
    ctx.db
      .selectFrom('agentRecharges')
      .select(['id', 'amount', 'status', 'expiresAt'])
      .where('id', '=', orderId)
      .where('agentId', '=', caller.agentId)
      .executeTakeFirst();
  let row = await read();
  if (!row) throw notFound(FINANCE_ERRORS.rechargeNotFound);
  if (row.status === 'init' && (await reconcileOrder(ctx, row.id, row.expiresAt.getTime() <= Date.now()))) {
    row = (await read()) ?? row;
  }
  // An order past its time that no notification settled can no longer be paid.
  if (row.status === 'init' && row.expiresAt.getTime() <= Date.now()) {
    await ctx.db
      .updateTable('agentRecharges')
      .set({ status: 'failed' })
      .where('id', '=', row.id)
      .where('status', '=', 'init')
      .execute();
    row = (await read()) ?? row;
  }
  return { orderId: row.id, amount: row.amount, status: row.status as Recharge['status'], payUrl: '' };
}

/**
 * The provider's notification for a recharge, inside the payment's transaction: the row locked, only an init one moves
 * on, and the same gateway transaction again is a replay that changes nothing.
 */
export const rechargePayments: PaidOrderKind = async (trx, provider, notification) => {
  const recharge = await trx
    .selectFrom('agentRecharges')
    .selectAll()
    .where('id', '=', notification.orderId)
    .where('payProvider', '=', provider)
    .forUpdate()
    .executeTakeFirst();
  if (!recharge) return undefined;
  if (notification.amount !== recharge.amount) throw badRequest(PRICE_ERRORS.amountMismatch);
  if (recharge.tradeNo === notification.tradeNo) return { outcome: 'replayed' };
  if (recharge.status !== 'init') return { outcome: 'ignored' };
  if (notification.status === 'failed') {
    await trx
      .updateTable('agentRecharges')
      .set({ status: 'failed', tradeNo: notification.tradeNo })
      .where('id', '=', recharge.id)
      .execute();
    return { outcome: 'failed' };
  }
  await trx
    .updateTable('agentRecharges')
    .set({ status: 'paid', tradeNo: notification.tradeNo, paidAt: new Date() })
    .where('id', '=', recharge.id)
    .execute();
  await postTxn(trx, agentRechargeEntries(recharge));
  return { outcome: 'credited' };
};
