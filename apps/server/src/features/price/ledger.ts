import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
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
 * A viewer's paid gift: the gateway holds the money for the platform, and it is the activity's agent's audience income
 * (audience_sales; the gift order marks it as a gift reward, beside paid viewing).
 */
export function giftPaymentEntries(order: {
  id: number;
  agentId: number;
  activityId: number;
  amount: number;
  giftName: string;
}): LedgerEntry[] {
  const common = {
    agentId: order.agentId,
    activityId: order.activityId,
    orderId: null,
    giftOrderId: order.id,
    memo: order.giftName,
  };
  return [
    { ...common, account: 'pay_clearing', amount: order.amount },
    { ...common, account: 'audience_sales', amount: -order.amount },
  ];
}
