import type { ActivityPayHistory, OrderListQuery, PackageOrder, PackageOrderList } from '@yanbo/contracts';
import { fenToYuan } from '@yanbo/contracts';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import { ownActivity, withAgentSubtree } from '../../platform/tenancy.ts';
import type { Cell } from '../exports/index.ts';

// The package order list (seed 001 §3 Order list, §7 Orders): the orders of the agent and the agents below it, listed
// and downloaded as CSV; and the payments made for one activity, read from the ledger. A credit is negative there, a
// payment shown positive.

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

/** The download's headings. */
export const ORDER_CSV_HEADINGS = CSV_COLUMNS.map(([title]) => title);
const DOWNLOAD_BATCH = 2_000;

/**
 * GET /agent/order/download?admin=: the orders' rows, newest first, read a batch at a time (keyset on the list's own
 * order), so the file streams in constant memory; admin adds the lower agents' orders.
 */
export async function* downloadOrders(ctx: AppContext, caller: Caller, admin: boolean): AsyncGenerator<Cell[][]> {
  let last: { key: string; id: number } | null = null;
  for (;;) {
    let query = visibleOrders(ctx.db, caller, admin)
      .select(orderColumns)
      .select(sql<string>`${sql.ref('packageOrders.createdAt')}::text`.as('createdAtKey'));
    if (last) {
      const after = last;
      query = query.where(
        sql`(${sql.ref('packageOrders.createdAt')}, ${sql.ref('packageOrders.id')})`,
        '<',
        sql`(${after.key}::timestamptz, ${after.id})`,
      );
    }
    const rows = await query
      .orderBy('packageOrders.createdAt', 'desc')
      .orderBy('packageOrders.id', 'desc')
      .limit(DOWNLOAD_BATCH)
      .execute();
    if (rows.length > 0) {
      yield rows.map(({ createdAtKey: _key, ...row }) => {
        const order = toPackageOrder(row);
        return CSV_COLUMNS.map(([, value]) => value(order));
      });
    }
    const end = rows[rows.length - 1];
    if (!end || rows.length < DOWNLOAD_BATCH) return;
    last = { key: end.createdAtKey, id: end.id };
  }
}

/** GET /activity/{id}/pay: the payments made for one of the caller's activities, newest first. */
export async function activityPayHistory(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  query: { page: number; pageSize: number },
): Promise<ActivityPayHistory> {
  await ownActivity(ctx.db, caller, activityId);
  const base = ctx.db
    .selectFrom('ledgerEntries')
    .innerJoin('agents', 'agents.id', 'ledgerEntries.agentId')
    .where('ledgerEntries.activityId', '=', activityId)
    .where('ledgerEntries.account', 'in', ['package_sales', 'audience_sales']);
  const [rows, sums] = await Promise.all([
    base
      .select([
        'ledgerEntries.id',
        'ledgerEntries.account',
        'ledgerEntries.orderId',
        'ledgerEntries.amount',
        'ledgerEntries.memo',
        'ledgerEntries.createdAt',
        'agents.company',
        'agents.contact',
        'agents.mobile',
      ])
      .orderBy('ledgerEntries.createdAt', 'desc')
      .orderBy('ledgerEntries.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.coalesce(eb.fn.sum<string>('ledgerEntries.amount'), eb.lit(0)).as('amount'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => {
      const isPackage = row.account === 'package_sales';
      return {
        id: Number(row.id),
        kind: isPackage ? ('package' as const) : ('audience' as const),
        orderId: row.orderId,
        // A package's payer is the agent; an audience payment names its payer in the memo.
        payer: isPackage ? row.company || row.contact || row.mobile : row.memo,
        description: isPackage ? row.memo : '',
        amount: -Number(row.amount),
        createdAt: row.createdAt.toISOString(),
      };
    }),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(sums.total) },
    totalAmount: -Number(sums.amount),
  };
}
