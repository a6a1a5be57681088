import { randomUUID } from 'node:crypto';
import { platformFee } from '@yanbo/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB, LedgerEntryRow } from '../../platform/db/schema.ts';

// The double-entry ledger (ARCHITECTURE.md): one money movement is one txn whose entries sum to zero (the database
// refuses to commit one that does not); balances and histories are sums and lists of entries.

export interface LedgerEntry {
  account: LedgerEntryRow['account'];
  agentId: number;
  activityId: number | null;
  orderId: number | null;
  /** A viewer's gift order (the package order is then null). */
  giftOrderId?: number | null;
  /** fen, signed: debits positive, credits negative */
  amount: number;
  memo?: string;
  /** The viewer whose money an audience_balance entry is, or who paid an audience payment. */
  viewerId?: string | null;
  /** A viewer's paid view, an agent's recharge, a withdrawal: what caused the entry (migration 049). */
  viewOrderId?: number | null;
  rechargeId?: number | null;
  withdrawalId?: number | null;
}

/** Writes one balanced txn inside the caller's transaction, next to the change that caused it. */
export async function postTxn(trx: Transaction<DB>, entries: LedgerEntry[]): Promise<string> {
  if (entries.reduce((sum, entry) => sum + entry.amount, 0) !== 0) throw new Error('ledger txn does not balance');
  const txnId = randomUUID();
  await trx
    .insertInto('ledgerEntries')
    .values(entries.map((entry) => ({ ...entry, memo: entry.memo ?? '', txnId })))
    .execute();
  return txnId;
}

/**
 * The agent's red-packet balance (fen): what recharges credited to red_pack_balance less what sent packets took
 * (a liability to the agent, so credits are negative and the balance is their negated sum).
 */
export async function redPackBalance(db: Kysely<DB>, agentId: number): Promise<number> {
  const row = await db
    .selectFrom('ledgerEntries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('sum'))
    .where('agentId', '=', agentId)
    .where('account', '=', 'red_pack_balance')
    .executeTakeFirstOrThrow();
  return -Number(row.sum);
}

/** A red-packet recharge paid through the gateway: the gateway holds the money, the agent's red-packet account owns it. */
export function redPackRechargeEntries(recharge: { id: number; agentId: number; amount: number }): LedgerEntry[] {
  const common = {
    agentId: recharge.agentId,
    activityId: null,
    orderId: null,
    memo: `red-pack recharge ${recharge.id}`,
  };
  return [
    { ...common, account: 'pay_clearing', amount: recharge.amount },
    { ...common, account: 'red_pack_balance', amount: -recharge.amount },
  ];
}

/** Money moving between the agent's red-packet balance, its sent packets (held) and a viewer's balance. */
export function redPacketEntries(
  movement: 'send' | 'grab' | 'refund',
  packet: { id: number; agentId: number; activityId: number },
  amount: number,
  viewerId: string | null = null,
): LedgerEntry[] {
  const common = {
    agentId: packet.agentId,
    activityId: packet.activityId,
    orderId: null,
    memo: `red packet ${packet.id}`,
  };
  switch (movement) {
    case 'send':
      return [
        { ...common, account: 'red_pack_balance', amount },
        { ...common, account: 'red_pack_held', amount: -amount },
      ];
    case 'grab':
      return [
        { ...common, account: 'red_pack_held', amount },
        { ...common, account: 'audience_balance', amount: -amount, viewerId },
      ];
    case 'refund':
      return [
        { ...common, account: 'red_pack_held', amount },
        { ...common, account: 'red_pack_balance', amount: -amount },
      ];
  }
}

/** A package order paid through the gateway: the gateway holds the money for the platform, the agent's purchase. */
export function packagePaymentEntries(order: {
  id: number;
  agentId: number;
  activityId: number | null;
  amount: number;
  packageName: string;
}): LedgerEntry[] {
  const common = { agentId: order.agentId, activityId: order.activityId, orderId: order.id, memo: order.packageName };
  return [
    { ...common, account: 'pay_clearing', amount: order.amount },
    { ...common, account: 'package_sales', amount: -order.amount },
  ];
}

/**
 * A payment of the audience to an agent (a paid view, a paid gift): the gateway holds the money, the platform's fee
 * (the rate of the agent's package, stated on /price) is platform_fees', and the rest is the agent's earnings in
 * audience_sales. The one place the fee is taken, so gifts and paid views cannot differ.
 */
export function audiencePaymentEntries(payment: {
  agentId: number;
  activityId: number;
  amount: number;
  /** basis points of the amount */
  feeRate: number;
  memo: string;
  viewerId: string;
  giftOrderId?: number;
  viewOrderId?: number;
}): LedgerEntry[] {
  const fee = platformFee(payment.amount, payment.feeRate);
  const common = {
    agentId: payment.agentId,
    activityId: payment.activityId,
    orderId: null,
    giftOrderId: payment.giftOrderId ?? null,
    viewOrderId: payment.viewOrderId ?? null,
    viewerId: payment.viewerId,
    memo: payment.memo,
  };
  const entries: LedgerEntry[] = [
    { ...common, account: 'pay_clearing', amount: payment.amount },
    { ...common, account: 'audience_sales', amount: -(payment.amount - fee) },
  ];
  if (fee > 0) entries.push({ ...common, account: 'platform_fees', amount: -fee });
  return entries;
}

/** A viewer's paid gift: an audience payment under its gift order (gift reward, beside paid viewing). */
export function giftPaymentEntries(
  order: { id: number; agentId: number; activityId: number; amount: number; giftName: string; viewerId: string },
  feeRate: number,
): LedgerEntry[] {
  return audiencePaymentEntries({
    agentId: order.agentId,
    activityId: order.activityId,
    amount: order.amount,
    feeRate,
    memo: order.giftName,
    viewerId: order.viewerId,
    giftOrderId: order.id,
  });
}

/** An agent's recharge of its account balance paid through the gateway: the gateway holds it, the agent owns it. */
export function agentRechargeEntries(recharge: { id: number; agentId: number; amount: number }): LedgerEntry[] {
  const common = { agentId: recharge.agentId, activityId: null, orderId: null, rechargeId: recharge.id };
  return [
    { ...common, account: 'pay_clearing', amount: recharge.amount, memo: `recharge ${recharge.id}` },
    { ...common, account: 'agent_balance', amount: -recharge.amount, memo: `recharge ${recharge.id}` },
  ];
}

/**
 * A withdrawal's steps: asked (the balance to withdrawals_pending), paid (out of the platform through pay_clearing)
 * or rejected (back to the balance).
 */
export function withdrawalEntries(
  step: 'ask' | 'pay' | 'reject',
  withdrawal: { id: number; agentId: number; amount: number },
  memo: string,
): LedgerEntry[] {
  const common = { agentId: withdrawal.agentId, activityId: null, orderId: null, withdrawalId: withdrawal.id, memo };
  const [from, to] =
    step === 'ask'
      ? (['agent_balance', 'withdrawals_pending'] as const)
      : step === 'pay'
        ? (['withdrawals_pending', 'pay_clearing'] as const)
        : (['withdrawals_pending', 'agent_balance'] as const);
  return [
    { ...common, account: from, amount: withdrawal.amount },
    { ...common, account: to, amount: -withdrawal.amount },
  ];
}
