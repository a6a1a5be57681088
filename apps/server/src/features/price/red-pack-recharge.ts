import { ERROR_CODES, REWARD_ERRORS, type redPackRecharge, type redPackRechargeInput } from '@yanbo/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { DB } from '../../platform/db/schema.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { PayGatewayError, type PayNotification } from '../../platform/pay/pay-provider.ts';
import { postTxn, redPackRechargeEntries } from './ledger.ts';

// The red-packet account's funding (seed 001 §2 "red-pack balance"): a recharge is an order paid through the pay
// provider like a package order; its verified notification credits the agent's red_pack_balance once.

/** A recharge may be paid for this long. */
const RECHARGE_TTL_MINUTES = 30;

type RedPackRecharge = z.infer<typeof redPackRecharge>;

export async function createRedPackRecharge(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof redPackRechargeInput>,
): Promise<RedPackRecharge> {
  const expiresAt = new Date(Date.now() + RECHARGE_TTL_MINUTES * 60_000);
  const row = await ctx.db
    .insertInto('redPackRecharges')
    .values({ agentId: caller.agentId, amount: input.amount, payProvider: ctx.pay.name, expiresAt })
    .returning(['id', 'amount', 'status'])
    .executeTakeFirstOrThrow();
  try {
    const payUrl = await ctx.pay.checkoutUrl({
      orderId: row.id,
      amount: row.amount,
      subject: '红包账户充值',
      returnPath: input.returnPath,
      expiresAt,
    });
    return { orderId: row.id, amount: row.amount, status: row.status, payUrl };
  } catch (error) {
    if (!(error instanceof PayGatewayError)) throw error;
    await ctx.db.updateTable('redPackRecharges').set({ status: 'failed' }).where('id', '=', row.id).execute();
    throw new HttpError(503, 'Payment service unavailable', ERROR_CODES.payUnavailable);
  }
}

export async function getRedPackRecharge(ctx: AppContext, caller: Caller, orderId: number): Promise<RedPackRecharge> {
  const row = await ctx.db
    .selectFrom('redPackRecharges')
    .select(['id', 'amount', 'status'])
    .where('id', '=', orderId)
    .where('agentId', '=', caller.agentId)
    .executeTakeFirst();
  if (!row) throw notFound(REWARD_ERRORS.rechargeNotFound);
  return { orderId: row.id, amount: row.amount, status: row.status, payUrl: '' };
}

/** Whether a pay notification's order number is a red-packet recharge (their ids are far above package orders'). */
export async function isRedPackRecharge(trx: Transaction<DB>, provider: string, orderId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('redPackRecharges')
    .select('id')
    .where('id', '=', orderId)
    .where('payProvider', '=', provider)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A verified notification for a recharge, inside the notification's transaction: the row is locked and only an init
 * recharge moves on, so a replayed notification (the gateway retries until answered) credits nothing the second time.
 */
export async function applyRechargeNotification(
  trx: Transaction<DB>,
  provider: string,
  notification: PayNotification,
): Promise<'credited' | 'failed' | 'ignored' | 'replayed'> {
  const recharge = await trx
    .selectFrom('redPackRecharges')
    .selectAll()
    .where('id', '=', notification.orderId)
    .where('payProvider', '=', provider)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (recharge.tradeNo === notification.tradeNo) return 'replayed';
  if (recharge.status !== 'init') return 'ignored';
  if (notification.status === 'failed') {
    await trx
      .updateTable('redPackRecharges')
      .set({ status: 'failed', tradeNo: notification.tradeNo })
      .where('id', '=', recharge.id)
      .execute();
    return 'failed';
  }
  await trx
    .updateTable('redPackRecharges')
    .set({ status: 'paid', tradeNo: notification.tradeNo, paidAt: new Date() })
    .where('id', '=', recharge.id)
    .execute();
  await postTxn(trx, redPackRechargeEntries(recharge));
  return 'credited';
}
