import { ERROR_CODES, type PayNotifyAnswer, PRICE_ERRORS } from '@yanbo/contracts';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../../platform/errors.ts';
import {
  type PayCheckout,
  PayGatewayError,
  type PayNotification,
  type PayProvider,
} from '../../platform/pay/pay-provider.ts';
import { packageOrderPayments } from './package-payments.ts';
import { applyRechargeNotification, isRedPackRecharge } from './red-pack-recharge.ts';

// Every order paid through the pay provider (package orders, recharges, paid views, gift and shop orders) goes the
// same way: placed with a time to pay and the provider's checkout url; read by its buyer, who polls it, with the
// gateway asked when its notification is late and the order failed once past its time; and settled by the provider's
// signed notification in one transaction with its ledger txn and what it bought, a replay changing nothing. A kind of
// order says only its table and what paying it does (PaidOrderKind); its ids come from package_orders' sequence, so a
// notification's order id names one order of one kind.

/** The columns every kind's table has. */
interface PayOrderColumns {
  id: number;
  amount: number;
  status: string;
  payProvider: string;
  tradeNo: string | null;
  expiresAt: Date;
  paidAt: Date | null;
}

/** The tables of orders paid through the provider. */
export type PayOrderTable = { [T in keyof DB]: Selectable<DB[T]> extends PayOrderColumns ? T : never }[keyof DB];
/** A row of one kind's table (of any of them, for the union). */
type PayOrderRow<T extends PayOrderTable> = T extends PayOrderTable ? Selectable<DB[T]> : never;

/** What a paid order came to besides paid (a shop order whose product sold out), and what to do once committed. */
interface Settled<T extends PayOrderTable> {
  status?: PayOrderRow<T> extends { status: infer S } ? S : never;
  afterCommit?: () => void;
}

/** One kind of order paid through the provider. */
export interface PaidOrderKind<T extends PayOrderTable = PayOrderTable> {
  table: T;
  /** How long an order may be paid for; its pay link expires with it. */
  ttlMinutes: number;
  /** Whether the table keeps when an unpaid order was closed (closedAt). */
  closedAt: boolean;
  /** pay_notifications keeps every notification of the kind under this column; the others' rows keep their trade. */
  notifications?: 'orderId' | 'giftOrderId';
  /**
   * Paid, inside the notification's transaction with the order row locked: writes the ledger txn and what the order
   * bought. The order is then marked paid (or the status answered) with the same time.
   */
  settle(trx: Transaction<DB>, order: PayOrderRow<T>, now: Date): Promise<Settled<T> | undefined>;
}

/** What placing and failing an order need of its kind. */
type OrderTable = Pick<PaidOrderKind, 'table' | 'closedAt'>;

// Kysely cannot check a column through a table name that is itself a type parameter (as platform/tenancy.ts says), so
// the mechanism reads and writes the kinds' tables through an untyped view and answers their rows typed.
// biome-ignore lint/suspicious/noExplicitAny: the view the generic functions build on; their answers are typed.
type AnyTables = Kysely<any>;
const ordersOf = (db: Db | Transaction<DB>) => db as AnyTables;

/** An order still unpaid fails: its gateway refused it, its time ran out, or the provider said it failed. */
async function failOrder(db: Db | Transaction<DB>, kind: OrderTable, orderId: number, tradeNo?: string) {
  await ordersOf(db)
    .updateTable(kind.table)
    .set({ status: 'failed', ...(kind.closedAt && { closedAt: new Date() }), ...(tradeNo && { tradeNo }) })
    .where('id', '=', orderId)
    .where('status', '=', 'init')
    .execute();
}

/**
 * The pay provider's url for a new order (a package order when no kind is named). When the gateway refuses or cannot
 * be reached, the order can never be paid: it fails at once (so it is not left waiting in the order list) and the
 * buyer is told the service is unavailable.
 */
export async function openCheckout(
  ctx: AppContext,
  checkout: PayCheckout,
  kind: OrderTable = packageOrderPayments,
): Promise<string> {
  try {
    return await ctx.pay.checkoutUrl(checkout);
  } catch (error) {
    if (!(error instanceof PayGatewayError)) throw error;
    await failOrder(ctx.db, kind, checkout.orderId);
    throw new HttpError(503, 'Payment service unavailable', ERROR_CODES.payUnavailable);
  }
}

/** A new order of the kind through the current provider, for its time to pay, and the url where it is paid. */
export async function placePayOrder<T extends PayOrderTable>(
  ctx: AppContext,
  kind: PaidOrderKind<T>,
  values: Omit<Insertable<DB[T]>, 'payProvider' | 'expiresAt'>,
  describe: (orderId: number) => Pick<PayCheckout, 'subject' | 'returnPath'>,
): Promise<{ id: number; amount: number; url: string }> {
  const expiresAt = new Date(Date.now() + kind.ttlMinutes * 60_000);
  const order: { id: number; amount: number } = await ordersOf(ctx.db)
    .insertInto(kind.table)
    .values({ ...values, payProvider: ctx.pay.name, expiresAt })
    .returning(['id', 'amount'])
    .executeTakeFirstOrThrow();
  const url = await openCheckout(
    ctx,
    { orderId: order.id, amount: order.amount, expiresAt, ...describe(order.id) },
    kind,
  );
  return { ...order, url };
}

/** Whose order it is: column values (a list: any of them) that the order must have. */
type Owner<T extends PayOrderTable> = { [C in keyof PayOrderRow<T>]?: PayOrderRow<T>[C] | PayOrderRow<T>[C][] };

/**
 * The buyer's order as its status page polls it, or undefined when it is not the owner's. One still unpaid is asked of
 * the gateway (its notification lost or late: WeChat Pay says to query when none came), and one past its time that
 * nothing settled fails: it can no longer be paid.
 */
export async function followPayOrder<T extends PayOrderTable>(
  ctx: AppContext,
  kind: PaidOrderKind<T>,
  orderId: number,
  owner: Owner<T>,
): Promise<PayOrderRow<T> | undefined> {
  const scope = Object.entries(owner) as [string, unknown][];
  if (scope.some(([, value]) => Array.isArray(value) && value.length === 0)) return undefined;
  const read = async (): Promise<PayOrderColumns | undefined> => {
    let query = ordersOf(ctx.db).selectFrom(kind.table).selectAll().where('id', '=', orderId);
    for (const [column, value] of scope) query = query.where(column, Array.isArray(value) ? 'in' : '=', value);
    return (await query.executeTakeFirst()) as PayOrderColumns | undefined;
  };
  let order = await read();
  if (order?.status === 'init') {
    const due = (row: PayOrderColumns) => row.expiresAt.getTime() <= Date.now();
    if (await reconcileOrder(ctx, order.id, due(order))) order = (await read()) ?? order;
    if (order.status === 'init' && due(order)) {
      await failOrder(ctx.db, kind, order.id);
      order = (await read()) ?? order;
    }
  }
  return order as PayOrderRow<T> | undefined;
}

/** An unsettled order is asked about at most this often, however often the console polls it. */
const QUERY_INTERVAL_MS = 10_000;
/** When each order was last asked about, per provider (one per app). */
const lastQueriedBy = new WeakMap<PayProvider, Map<number, number>>();

/**
 * Asks the gateway about an order still init and applies a settled answer as its notification would be. `force` asks
 * now, as before an order is failed for its time: a payment made in its last seconds is credited, not lost to a late
 * notification. True when it settled.
 */
export async function reconcileOrder(ctx: AppContext, orderId: number, force: boolean): Promise<boolean> {
  const { pay } = ctx;
  if (!pay.queryOrder) return false;
  const lastQueried = lastQueriedBy.get(pay) ?? new Map<number, number>();
  lastQueriedBy.set(pay, lastQueried);
  const now = Date.now();
  if (!force && now - (lastQueried.get(orderId) ?? 0) < QUERY_INTERVAL_MS) return false;
  if (lastQueried.size >= 10_000) lastQueried.clear();
  lastQueried.set(orderId, now);
  try {
    const answer = await pay.queryOrder(orderId);
    if (!answer || answer.orderId !== orderId) return false;
    const outcome = await applyPayNotification(ctx, pay.name, answer);
    return outcome === 'credited' || outcome === 'failed';
  } catch (error) {
    // The gateway unreachable, or an order it does not know (placed with another provider): the order stays as it is.
    if (error instanceof PayGatewayError || error instanceof HttpError) return false;
    throw error;
  }
}

export type NotificationOutcome = 'credited' | 'failed' | 'ignored' | 'replayed';

const paidOrderKinds = new WeakMap<AppContext, PaidOrderKind[]>();

/** Lets the provider's notifications reach another kind of order (registered once per app, with its routes). */
export function addPaidOrderKind(ctx: AppContext, kind: PaidOrderKind): void {
  paidOrderKinds.set(ctx, [...(paidOrderKinds.get(ctx) ?? []), kind]);
}

/**
 * POST /pay/notify/{provider}: no session, the gateway's signature over the raw body instead. Another provider's path
 * is not there at all.
 */
export async function receivePayNotification(
  ctx: AppContext,
  provider: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<PayNotifyAnswer> {
  if (provider !== ctx.pay.name) throw notFound();
  const notification = ctx.pay.verifyNotification(headers, rawBody);
  if (!notification) throw unauthorized(PRICE_ERRORS.invalidSignature);
  const outcome = await applyPayNotification(ctx, ctx.pay.name, notification);
  return { code: 'SUCCESS', outcome };
}

/** A verified notification from the pay provider, applied in one transaction to the one order its id names. */
async function applyPayNotification(
  ctx: AppContext,
  provider: string,
  notification: PayNotification,
): Promise<NotificationOutcome> {
  let afterCommit: (() => void) | undefined;
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<NotificationOutcome> => {
    if (await isRedPackRecharge(trx, provider, notification.orderId)) {
      const amount = await trx
        .selectFrom('redPackRecharges')
        .select('amount')
        .where('id', '=', notification.orderId)
        .executeTakeFirstOrThrow();
      if (notification.amount !== amount.amount) throw badRequest(PRICE_ERRORS.amountMismatch);
      return applyRechargeNotification(trx, provider, notification);
    }
    for (const kind of [packageOrderPayments, ...(paidOrderKinds.get(ctx) ?? [])]) {
      const applied = await applyToOrder(trx, kind, provider, notification);
      if (applied) {
        afterCommit = applied.afterCommit;
        return applied.outcome;
      }
    }
    throw notFound(PRICE_ERRORS.orderNotFound);
  });
  afterCommit?.();
  return outcome;
}

/**
 * A notification for an order of this kind, or undefined when its id names none: the order row is locked, the same
 * gateway transaction again is a replay that changes nothing (its trade kept on the order, or for the kinds that keep
 * every notification, found taken in pay_notifications), and only an order still unpaid moves on. Paid, the kind
 * settles it in the same transaction.
 */
async function applyToOrder(
  trx: Transaction<DB>,
  kind: PaidOrderKind,
  provider: string,
  notification: PayNotification,
): Promise<{ outcome: NotificationOutcome; afterCommit?: (() => void) | undefined } | undefined> {
  const order = (await ordersOf(trx)
    .selectFrom(kind.table)
    .selectAll()
    .where('id', '=', notification.orderId)
    .where('payProvider', '=', provider)
    .forUpdate()
    .executeTakeFirst()) as PayOrderRow<PayOrderTable> | undefined;
  if (!order) return undefined;
  if (notification.amount !== order.amount) throw badRequest(PRICE_ERRORS.amountMismatch);
  if (order.tradeNo === notification.tradeNo) return { outcome: 'replayed' };
  let recorded: { id: number } | undefined;
  if (kind.notifications) {
    recorded = await trx
      .insertInto('payNotifications')
      .values({
        provider,
        tradeNo: notification.tradeNo,
        orderId: kind.notifications === 'orderId' ? order.id : null,
        giftOrderId: kind.notifications === 'giftOrderId' ? order.id : null,
        status: notification.status,
        amount: notification.amount,
        outcome: 'pending',
      })
      .onConflict((oc) => oc.columns(['provider', 'tradeNo']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return { outcome: 'replayed' };
  }

  let outcome: NotificationOutcome;
  let afterCommit: (() => void) | undefined;
  if (order.status !== 'init') {
    outcome = 'ignored';
  } else if (notification.status === 'failed') {
    await failOrder(trx, kind, order.id, notification.tradeNo);
    outcome = 'failed';
  } else {
    const now = new Date();
    const settled = await kind.settle(trx, order, now);
    await ordersOf(trx)
      .updateTable(kind.table)
      .set({ status: settled?.status ?? 'paid', paidAt: now, tradeNo: notification.tradeNo })
      .where('id', '=', order.id)
      .execute();
    outcome = 'credited';
    afterCommit = settled?.afterCommit;
  }
  if (recorded) await trx.updateTable('payNotifications').set({ outcome }).where('id', '=', recorded.id).execute();
  return { outcome, afterCommit };
}
