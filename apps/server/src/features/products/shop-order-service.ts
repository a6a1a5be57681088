import {
  canOrder,
  ERROR_CODES,
  PRODUCT_ERRORS,
  SHOP_ORDER_AMOUNT_MAX,
  SHOP_ORDER_RATE,
  SHOP_ORDER_TTL_MINUTES,
  type ShopOrder,
  type ShopOrderList,
  type shopOrderInput,
  type shopOrderListQuery,
  type WatchShopOrder,
} from '@yanbo/contracts';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { page } from '../../platform/db/page.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../platform/errors.ts';
import { take } from '../../platform/rate-limit.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { restrictionsOf } from '../comments/index.ts';
import {
  audienceFeeRate,
  audiencePaymentEntries,
  followPayOrder,
  type PaidOrderKind,
  placePayOrder,
  postTxn,
} from '../price/index.ts';
import { watchedActivity } from './shop-service.ts';

// The viewers' orders of in-platform products, paid through the pay provider as paid gifts are: an order with a
// time to pay, the provider's checkout page, and its signed notification applied once in one transaction. Paid, the
// stock goes down by the count (never below zero: the update only takes a row that still has enough) and the ledger
// gets the audience payment (the agent's earnings less the platform's fee). Paid after the last one was sold, the
// order is soldOut and the money is kept for the buyer in its audience balance: a product cannot be sold twice.

type ShopOrderRow = Selectable<DB['shopOrders']>;
/** A txn's entries; each names its shop order (migration 052) beside what the ledger's entry type lists. */
type LedgerEntries = Parameters<typeof postTxn>[1];

const orderNotFound = () => notFound(PRODUCT_ERRORS.orderNotFound);

/**
 * POST /watch/{id}/product/{productId}/order: a viewer (its watch-page cookie) buys a product of the activity's shop
 * that is on the shelf and bought in the platform, with its delivery; answers where it is paid.
 */
export async function createShopOrder(
  ctx: AppContext,
  activityId: number,
  viewerId: string | undefined,
  productId: number,
  body: z.output<typeof shopOrderInput>,
) {
  if (!viewerId) throw badRequest(PRODUCT_ERRORS.viewerRequired);
  const activity = await watchedActivity(ctx.db, activityId);
  const product = await ctx.db
    .selectFrom('products')
    .innerJoin('activityShopProducts', 'activityShopProducts.productId', 'products.id')
    .innerJoin('activityShops', 'activityShops.id', 'activityShopProducts.shopId')
    .selectAll('products')
    .where('activityShops.activityId', '=', activity.id)
    .where('products.id', '=', productId)
    .where('products.deletedAt', 'is', null)
    .where('products.status', '=', 'on')
    .executeTakeFirst();
  if (!product) throw notFound(PRODUCT_ERRORS.productNotFound);
  if (product.buyMode !== 'platform') throw badRequest(PRODUCT_ERRORS.notForPlatform, undefined, 'productId');
  if (!canOrder(product.stock, body.count)) {
    throw badRequest(product.stock === 0 ? PRODUCT_ERRORS.soldOut : PRODUCT_ERRORS.notEnoughStock, undefined, 'count');
  }
  const amount = product.price * body.count;
  if (amount > SHOP_ORDER_AMOUNT_MAX) throw badRequest(PRODUCT_ERRORS.amountTooLarge, undefined, 'count');
  if ((await restrictionsOf(ctx.db, activity.id, viewerId)).has('blacklist')) {
    throw new HttpError(403, 'You are on this activity’s blacklist');
  }
  const wait = await take(ctx.limits, SHOP_ORDER_RATE, `shop-order:${activity.id}:${viewerId}`);
  if (wait !== null) throw tooManyRequests(PRODUCT_ERRORS.orderLimit, ERROR_CODES.rateLimited, wait);

  const pictures = product.pictures as string[];
  const values = {
    agentId: activity.agentId,
    activityId: activity.id,
    productId: product.id,
    viewerId,
    productName: product.name,
    productCover: pictures[0] ?? '',
    price: product.price,
    count: body.count,
    amount,
    buyerName: body.buyerName,
    buyerMobile: body.buyerMobile,
    buyerAddress: body.buyerAddress,
  };
  const order = await placePayOrder(ctx, shopOrderPayments, values, (id) => ({
    subject: body.count > 1 ? `${product.name} × ${body.count}` : product.name,
    returnPath: `/watch/${activity.id}?shopOrder=${id}`,
  }));
  return { orderId: order.id, amount, url: order.url };
}

/** GET /watch/{id}/product-order/{orderId}: the viewer's own order (under its id or its browser's); anyone else's is 404. */
export async function watchShopOrder(
  ctx: AppContext,
  activityId: number,
  viewerIds: (string | undefined)[],
  orderId: number,
): Promise<WatchShopOrder> {
  const mine = viewerIds.filter((value): value is string => !!value);
  const order = await followPayOrder(ctx, shopOrderPayments, orderId, { activityId, viewerId: mine });
  if (!order) throw orderNotFound();
  return { orderId: order.id, status: order.status, amount: order.amount, productName: order.productName };
}

/** The ledger entries of a paid order: the audience payment (the agent's earnings and the platform's fee). */
async function saleEntries(trx: Transaction<DB>, order: ShopOrderRow): Promise<LedgerEntries> {
  const entries = audiencePaymentEntries({
    agentId: order.agentId,
    activityId: order.activityId,
    amount: order.amount,
    feeRate: await audienceFeeRate(trx, order.agentId),
    memo: `商品：${order.productName} × ${order.count}`,
    viewerId: order.viewerId,
  });
  return entries.map((entry) => ({ ...entry, shopOrderId: order.id }));
}

/** A payment that came after the last one was sold: the gateway holds it, the buyer's audience balance owns it. */
function keptForBuyerEntries(order: ShopOrderRow): LedgerEntries {
  const common = {
    agentId: order.agentId,
    activityId: order.activityId,
    orderId: null,
    viewerId: order.viewerId,
    memo: `商品售罄：${order.productName}`,
    shopOrderId: order.id,
  };
  return [
    { ...common, account: 'pay_clearing', amount: order.amount },
    { ...common, account: 'audience_balance', amount: -order.amount },
  ];
}

/**
 * A shop order as a kind of paid order. Paid, the stock goes down by its count and the ledger gets the sale; paid
 * after the last one was sold, it is soldOut and the ledger keeps the money for the buyer.
 */
export const shopOrderPayments: PaidOrderKind<'shopOrders'> = {
  table: 'shopOrders',
  ttlMinutes: SHOP_ORDER_TTL_MINUTES,
  closedAt: false,
  async settle(trx, order) {
    // Stock never goes below zero: the product row is taken only while enough is left (a racing payment waits for the
    // row, then finds it short).
    const taken = await trx
      .updateTable('products')
      .set({
        stock: sql`case when stock is null then null else stock - ${order.count} end`,
        sold: sql`sold + ${order.count}`,
      })
      .where('id', '=', order.productId)
      .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', order.count)]))
      .returning('id')
      .executeTakeFirst();
    await postTxn(trx, taken ? await saleEntries(trx, order) : keptForBuyerEntries(order));
    return taken ? undefined : { status: 'soldOut' };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The console

const toShopOrder = (row: ShopOrderRow): ShopOrder => ({
  id: row.id,
  productId: row.productId,
  productName: row.productName,
  productCover: row.productCover,
  price: row.price,
  count: row.count,
  amount: row.amount,
  buyerName: row.buyerName,
  buyerMobile: row.buyerMobile,
  buyerAddress: row.buyerAddress,
  status: row.status as ShopOrder['status'],
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  shippedAt: row.shippedAt?.toISOString() ?? null,
});

/** GET /v3/activity/{id}/product-order: newest first, optionally of one status. */
export async function listShopOrders(
  db: Db,
  caller: Caller,
  activityId: number,
  query: z.output<typeof shopOrderListQuery>,
): Promise<ShopOrderList> {
  const id = await ownActivity(db, caller, activityId);
  let base = db.selectFrom('shopOrders').where('activityId', '=', id);
  if (query.status) base = base.where('status', '=', query.status);
  const { items, pager } = await page(base.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc'), query);
  return { items: items.map(toShopOrder), pager };
}

/** PUT …/ship: a paid order is marked shipped (again changes nothing). */
export async function shipShopOrder(db: Db, caller: Caller, activityId: number, orderId: number): Promise<ShopOrder> {
  const id = await ownActivity(db, caller, activityId);
  const order = await db
    .selectFrom('shopOrders')
    .selectAll()
    .where('id', '=', orderId)
    .where('activityId', '=', id)
    .executeTakeFirst();
  if (!order) throw orderNotFound();
  if (order.status !== 'paid') throw badRequest(PRODUCT_ERRORS.notPaid, undefined, 'orderId');
  if (order.shippedAt) return toShopOrder(order);
  const row = await db
    .updateTable('shopOrders')
    .set({ shippedAt: new Date() })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toShopOrder(row);
}
