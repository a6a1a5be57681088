import {
  fenToYuan,
  INITIAL_ORDER_STATUS,
  ORDER_TTL_MINUTES,
  type OrderCreated,
  type OrderListQuery,
  type OrderStatusAnswer,
  type PackageOrder,
  type PackageOrderList,
  PRICE_ERRORS,
} from '@yanbo/contracts';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { ownActivity, withAgentSubtree } from '../../platform/tenancy.ts';
import { discountedPrice } from './package-rules.ts';
import { openCheckout, reconcileOrder } from './payment-service.ts';

// Package orders (seed 000 §3, §4, §7; seed 001 §3 Order list, §7 Orders): placed init, paid or failed through the
// pay provider, listed for the agent and the agents below it, and downloaded as CSV.

/** POST /agent/order: prices the package (with its promotion code) and answers the pay provider's url. */
export async function createOrder(
  ctx: AppContext,
  caller: Caller,
  body: { packageId: number; promotionCode: string; activityId?: number | null | undefined },
): Promise<OrderCreated> {
  const { db } = ctx;
  const pkg = await db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', body.packageId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!pkg) throw notFound(PRICE_ERRORS.packageNotFound);
  const activityId = body.activityId ?? null;
  // Package 100005 is bought for one activity and needs its id (seed 000 §9); no other package takes one.
  if (pkg.forActivity && activityId === null) throw invalidField('activityId', PRICE_ERRORS.activityIdRequired);
  if (!pkg.forActivity && activityId !== null) throw invalidField('activityId', PRICE_ERRORS.activityIdNotAllowed);
  let subject = pkg.name;
  if (activityId !== null) {
    await ownActivity(db, caller, activityId);
    const activity = await db.selectFrom('activities').select('name').where('id', '=', activityId).executeTakeFirst();
    subject = `${pkg.name}（${activity?.name ?? activityId}）`;
  }

  let promotion = null;
  if (body.promotionCode) {
    promotion = await db
      .selectFrom('promotionCodes')
      .select(['percentOff', 'amountOff'])
      .where(sql<string>`upper(code)`, '=', body.promotionCode.toUpperCase())
      .where('enabled', '=', true)
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', new Date())]))
      .where((eb) => eb.or([eb('packageId', 'is', null), eb('packageId', '=', pkg.id)]))
      .executeTakeFirst();
    if (!promotion) throw invalidField('promotionCode', PRICE_ERRORS.promotionCodeInvalid);
  }
  const amount = discountedPrice(pkg.price, promotion ?? null);
  const expiresAt = new Date(Date.now() + ORDER_TTL_MINUTES * 60_000);
  const order = await db
    .insertInto('packageOrders')
    .values({
      agentId: caller.agentId,
      subagentId: caller.subagentId,
      packageId: pkg.id,
      activityId,
      promotionCode: body.promotionCode.toUpperCase(),
      listPrice: pkg.price,
      discount: pkg.price - amount,
      amount,
      status: INITIAL_ORDER_STATUS,
      payProvider: ctx.pay.name,
      expiresAt,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
  const url = await openCheckout(ctx, {
    orderId: order.id,
    amount,
    subject,
    returnPath: `/price?orderId=${order.id}`,
    expiresAt,
  });
  return { orderId: order.id, status: order.status, listPrice: pkg.price, discount: pkg.price - amount, amount, url };
}

/** GET /agent/order/status: the caller's order; one left init past its time fails (its pay link has expired too). */
export async function orderStatus(ctx: AppContext, caller: Caller, orderId: number): Promise<OrderStatusAnswer> {
  const { db } = ctx;
  let row = await db
    .selectFrom('packageOrders')
    .select(['id', 'packageId', 'activityId', 'amount', 'status', 'paidAt', 'expiresAt'])
    .where('id', '=', orderId)
    .where('agentId', '=', caller.agentId)
    .executeTakeFirst();
  if (!row) throw notFound(PRICE_ERRORS.orderNotFound);
  if (row.status === 'init' && (await reconcileOrder(ctx, row.id, row.expiresAt.getTime() <= Date.now()))) {
    return orderStatus(ctx, caller, orderId);
  }
  if (row.status === 'init' && row.expiresAt.getTime() <= Date.now()) {
    row =
      (await db
        .updateTable('packageOrders')
        .set({ status: 'failed', closedAt: new Date() })
        .where('id', '=', orderId)
        .where('status', '=', 'init')
        .returning(['id', 'packageId', 'activityId', 'amount', 'status', 'paidAt', 'expiresAt'])
        .executeTakeFirst()) ?? row;
  }
  return toOrderStatus(row);
}

interface OrderStatusRow {
  id: number;
  packageId: number;
  activityId: number | null;
  amount: OrderStatusAnswer['amount'];
  status: OrderStatusAnswer['status'];
  paidAt: Date | null;
}

/** An order as GET /agent/order/{id}/status answers it. */
export function toOrderStatus(row: OrderStatusRow): OrderStatusAnswer {
  return {
    orderId: row.id,
    packageId: row.packageId,
    activityId: row.activityId,
    amount: row.amount,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** The orders a caller may see: its agent's own, and with lowerAgents those of every agent below it in its tree. */
function visibleOrders(db: Db, caller: Caller, lowerAgents: boolean) {
  const base = withAgentSubtree(db, caller.agentId)
    .selectFrom('packageOrders')
    .innerJoin('agents', 'agents.id', 'packageOrders.agentId')
    .innerJoin('packages', 'packages.id', 'packageOrders.packageId')
    .leftJoin('activities', 'activities.id', 'packageOrders.activityId');
  return base.where((eb) =>
    lowerAgents
      ? eb.or([
          eb('packageOrders.agentId', '=', caller.agentId),
          eb('packageOrders.agentId', 'in', eb.selectFrom('agentTree').select('agentTree.id')),
        ])
      : eb('packageOrders.agentId', '=', caller.agentId),
  );
}

const orderColumns = [
  'packageOrders.id',
  'packageOrders.agentId',
  'agents.company',
  'agents.contact',
  'packageOrders.packageId',
  'packages.name as packageName',
  'packageOrders.activityId',
  'activities.name as activityName',
  'packageOrders.promotionCode',
  'packageOrders.listPrice',
  'packageOrders.discount',
  'packageOrders.amount',
  'packageOrders.status',
  'packageOrders.createdAt',
  'packageOrders.paidAt',
] as const;

type OrderRow = Omit<PackageOrder, 'createdAt' | 'paidAt'> & { createdAt: Date; paidAt: Date | null };

function toPackageOrder(row: OrderRow): PackageOrder {
  return { ...row, createdAt: row.createdAt.toISOString(), paidAt: row.paidAt?.toISOString() ?? null };
}

/** GET /agent/order: page size 10, newest first; id is an order number, company a part of the ordering agent's. */
export async function listOrders(ctx: AppContext, caller: Caller, query: OrderListQuery): Promise<PackageOrderList> {
  let base = visibleOrders(ctx.db, caller, true);
  if (query.id !== undefined) base = base.where('packageOrders.id', '=', query.id);
  if (query.company) base = base.where('agents.company', 'ilike', containing(query.company));
  const { items, pager } = await page(
    base.select(orderColumns).orderBy('packageOrders.createdAt', 'desc').orderBy('packageOrders.id', 'desc'),
    query,
  );
  return { items: items.map(toPackageOrder), pager };
}

/** The download's columns; the file is for people opening it in Excel, so its headings are Chinese. */
const CSV_COLUMNS: [string, (order: PackageOrder) => string | number][] = [
  ['订单号', (o) => o.id],
  ['代理编号', (o) => o.agentId],
  ['公司', (o) => o.company],
  ['联系人', (o) => o.contact],
  ['套餐', (o) => o.packageName],
  ['活动', (o) => (o.activityId === null ? '' : `${o.activityName ?? ''}（${o.activityId}）`)],
  ['优惠码', (o) => o.promotionCode],
  ['原价（元）', (o) => fenToYuan(o.listPrice)],
  ['优惠（元）', (o) => fenToYuan(o.discount)],
  ['实付（元）', (o) => fenToYuan(o.amount)],
  ['状态', (o) => ({ init: '待支付', paid: '已支付', failed: '已失败' })[o.status]],
  // Beijing time, as the order list shows it (issue 8), not the wire's UTC ISO.
  ['下单时间', (o) => formatBeijingTime(o.createdAt)],
  ['支付时间', (o) => (o.paidAt ? formatBeijingTime(o.paidAt) : '')],
];

function csvCell(value: string | number): string {
  const text = String(value);
  // Quote what would break a row, and defuse cells Excel would run as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const DOWNLOAD_LIMIT = 100_000;

/** GET /agent/order/download?admin=: CSV with a BOM (Excel reads it as UTF-8); admin adds the lower agents' orders. */
export async function downloadOrders(ctx: AppContext, caller: Caller, admin: boolean): Promise<string> {
  const rows = await visibleOrders(ctx.db, caller, admin)
    .select(orderColumns)
    .orderBy('packageOrders.createdAt', 'desc')
    .orderBy('packageOrders.id', 'desc')
    .limit(DOWNLOAD_LIMIT)
    .execute();
  const lines = [CSV_COLUMNS.map(([title]) => csvCell(title)).join(',')];
  for (const row of rows) {
    const order = toPackageOrder(row);
    lines.push(CSV_COLUMNS.map(([, value]) => csvCell(value(order))).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
