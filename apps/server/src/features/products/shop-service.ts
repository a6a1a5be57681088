import {
  type ActivityShop,
  type ActivityShopInput,
  type ActivityShopList,
  type activityShopListQuery,
  ERROR_CODES,
  ERROR_MESSAGES,
  PRODUCT_ERRORS,
  type ProductPush,
  repeatedId,
  SHOP_CALLS_PER_ADDRESS,
  SHOP_PRODUCTS_MAX,
  type WatchShop,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { page } from '../../platform/db/page.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors.ts';
import { take } from '../../platform/rate-limit.ts';
import { ownActivity, scopeActivities } from '../../platform/tenancy.ts';
import { publishToViewers } from '../comments/index.ts';
import { deleteProducts, liveProducts, type ProductRow, toProduct, toWatchProduct } from './product-service.ts';

// Each activity's shop (seed 001 §3 "Product and photo list": bound per activity via activityShopId and productIds):
// the products in the agent's order, shown on the watch page's product tab; and the product presented to the viewers
// during the live (讲解中), kept so a viewer who joins later sees it, and broadcast on the activity's chat socket.

const shopNotFound = () => notFound(PRODUCT_ERRORS.shopNotFound);

interface ShopRow {
  id: number;
  activityId: number;
  activityName: string;
  updatedAt: Date;
}

async function ownShop(db: Db, caller: Caller, activityId: number, shopId: number): Promise<ShopRow> {
  const id = await ownActivity(db, caller, activityId);
  const row = await db
    .selectFrom('activityShops')
    .innerJoin('activities', 'activities.id', 'activityShops.activityId')
    .select([
      'activityShops.id',
      'activityShops.activityId',
      'activities.name as activityName',
      'activityShops.updatedAt',
    ])
    .where('activityShops.id', '=', shopId)
    .where('activityShops.activityId', '=', id)
    .where('activityShops.agentId', '=', caller.agentId)
    .executeTakeFirst();
  if (!row) throw shopNotFound();
  return row;
}

/** The shop's products in order (deleted ones have left it already). */
async function shopProducts(db: Db, shopId: number): Promise<ProductRow[]> {
  return db
    .selectFrom('activityShopProducts')
    .innerJoin('products', 'products.id', 'activityShopProducts.productId')
    .selectAll('products')
    .where('activityShopProducts.shopId', '=', shopId)
    .where('products.deletedAt', 'is', null)
    .orderBy('activityShopProducts.position', 'asc')
    .limit(SHOP_PRODUCTS_MAX)
    .execute();
}

async function toShop(db: Db, row: ShopRow): Promise<ActivityShop> {
  const products = (await shopProducts(db, row.id)).map(toProduct);
  return {
    activityShopId: row.id,
    activityId: row.activityId,
    activityName: row.activityName,
    productIds: products.map((product) => product.id),
    products,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The ids named once each, every one a product of the caller's agent (another's or a missing one answers 404). */
async function checkProductIds(db: Db, caller: Caller, productIds: number[]): Promise<void> {
  if (repeatedId(productIds) !== null) throw badRequest(PRODUCT_ERRORS.productTwice, undefined, 'productIds');
  if (productIds.length === 0) return;
  const found = await liveProducts(db, caller).select('products.id').where('products.id', 'in', productIds).execute();
  if (found.length !== productIds.length) throw notFound(PRODUCT_ERRORS.productNotFound);
}

async function writeProducts(db: Db, shopId: number, productIds: number[]) {
  await db.deleteFrom('activityShopProducts').where('shopId', '=', shopId).execute();
  if (productIds.length) {
    await db
      .insertInto('activityShopProducts')
      .values(productIds.map((productId, position) => ({ shopId, productId, position })))
      .execute();
  }
}

/** POST /v3/activity/{id}/product: opens the activity's shop (one per activity). */
export async function createShop(
  db: Db,
  caller: Caller,
  activityId: number,
  input: ActivityShopInput,
): Promise<ActivityShop> {
  const id = await ownActivity(db, caller, activityId);
  await checkProductIds(db, caller, input.productIds);
  try {
    const shopId = await db.transaction().execute(async (trx) => {
      const shop = await trx
        .insertInto('activityShops')
        .values({ agentId: caller.agentId, activityId: id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeProducts(trx, shop.id, input.productIds);
      return shop.id;
    });
    return toShop(db, await ownShop(db, caller, id, shopId));
  } catch (error) {
    if (isUniqueViolation(error, 'activity_shops_activity_id_key')) throw conflict(PRODUCT_ERRORS.shopExists);
    throw error;
  }
}

export async function getShop(db: Db, caller: Caller, activityId: number, shopId: number): Promise<ActivityShop> {
  return toShop(db, await ownShop(db, caller, activityId, shopId));
}

/** PUT: the whole list in its new order. A presented product that left the shop is withdrawn from the viewers. */
export async function updateShop(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  shopId: number,
  input: ActivityShopInput,
): Promise<ActivityShop> {
  const shop = await ownShop(ctx.db, caller, activityId, shopId);
  await checkProductIds(ctx.db, caller, input.productIds);
  const withdrawn = await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('activityShops').set({ updatedAt: new Date() }).where('id', '=', shop.id).execute();
    await writeProducts(trx, shop.id, input.productIds);
    let gone = trx.deleteFrom('productPushes').where('activityId', '=', shop.activityId);
    if (input.productIds.length) gone = gone.where('productId', 'not in', input.productIds);
    return gone.returning('productId').executeTakeFirst();
  });
  if (withdrawn) announceWithdrawn(ctx, shop.activityId, withdrawn.productId);
  return toShop(ctx.db, await ownShop(ctx.db, caller, activityId, shopId));
}

/** DELETE: the shop closes, its presented product with it; its orders stay. */
export async function deleteShop(ctx: AppContext, caller: Caller, activityId: number, shopId: number) {
  const shop = await ownShop(ctx.db, caller, activityId, shopId);
  const withdrawn = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('activityShops').where('id', '=', shop.id).execute();
    return trx
      .deleteFrom('productPushes')
      .where('activityId', '=', shop.activityId)
      .returning('productId')
      .executeTakeFirst();
  });
  if (withdrawn) announceWithdrawn(ctx, shop.activityId, withdrawn.productId);
  return { ok: true as const };
}

/**
 * Whose a shop is, whoever asks: its activity and agent, or undefined when there is none. For a page template that
 * names it (the 商品 tab's productListId), which tells another agent's shop (404) from one that does not exist (400).
 */
export function shopOwner(db: Db, shopId: number) {
  return db.selectFrom('activityShops').select(['activityId', 'agentId']).where('id', '=', shopId).executeTakeFirst();
}

/** GET /v3/activity-shop: the shops of the activities the caller may reach, the last changed first. */
export async function listShops(
  db: Db,
  caller: Caller,
  query: z.output<typeof activityShopListQuery>,
): Promise<ActivityShopList> {
  let base = db
    .selectFrom('activityShops')
    .innerJoin('activities', 'activities.id', 'activityShops.activityId')
    .where(
      'activityShops.activityId',
      'in',
      scopeActivities(db.selectFrom('activities').select('activities.id'), caller),
    );
  if (query.activityId) base = base.where('activities.id', '=', query.activityId);
  const { items, pager } = await page(
    base
      .select([
        'activityShops.id',
        'activityShops.activityId',
        'activities.name as activityName',
        'activityShops.updatedAt',
      ])
      .orderBy('activityShops.updatedAt', 'desc')
      .orderBy('activityShops.id', 'desc'),
    query,
  );
  const shopIds = items.map((row) => row.id);
  const activityIds = items.map((row) => row.activityId);
  const [productCounts, orderCounts] = shopIds.length
    ? await Promise.all([
        db
          .selectFrom('activityShopProducts')
          .innerJoin('products', 'products.id', 'activityShopProducts.productId')
          .select(['activityShopProducts.shopId as key', sql<string>`count(*)`.as('n')])
          .where('activityShopProducts.shopId', 'in', shopIds)
          .where('products.deletedAt', 'is', null)
          .groupBy('activityShopProducts.shopId')
          .execute(),
        db
          .selectFrom('shopOrders')
          .select(['activityId as key', sql<string>`count(*)`.as('n')])
          .where('activityId', 'in', activityIds)
          .where('status', '=', 'paid')
          .groupBy('activityId')
          .execute(),
      ])
    : [[], []];
  const products = new Map(productCounts.map((row) => [row.key, Number(row.n)]));
  const paid = new Map(orderCounts.map((row) => [row.key, Number(row.n)]));
  return {
    items: items.map((row) => ({
      activityShopId: row.id,
      activityId: row.activityId,
      activityName: row.activityName,
      productCount: products.get(row.id) ?? 0,
      paidOrderCount: paid.get(row.activityId) ?? 0,
      updatedAt: row.updatedAt.toISOString(),
    })),
    pager,
  };
}

/** Deletes products (all the caller's or none) and withdraws any of them presented now. */
export async function deleteProductsAndWithdraw(ctx: AppContext, caller: Caller, ids: number[]) {
  const { deleted, withdrawn } = await deleteProducts(ctx.db, caller, ids);
  for (const push of withdrawn) announceWithdrawn(ctx, push.activityId, push.productId);
  return { ok: true as const, deleted };
}

// ---------------------------------------------------------------------------------------------------------------
// The presented product (讲解中)

function announceWithdrawn(ctx: AppContext, activityId: number, productId: number) {
  publishToViewers(ctx, activityId, { type: 'productWithdrawn', productId });
}

/** The activity's presented product, if it is still on the shelf. */
async function currentPush(db: Db, activityId: number): Promise<ProductPush> {
  const row = await db
    .selectFrom('productPushes')
    .innerJoin('products', 'products.id', 'productPushes.productId')
    .selectAll('products')
    .select('productPushes.pushedAt')
    .where('productPushes.activityId', '=', activityId)
    .where('products.deletedAt', 'is', null)
    .where('products.status', '=', 'on')
    .executeTakeFirst();
  if (!row) return { product: null, pushedAt: null };
  return { product: toWatchProduct(row), pushedAt: row.pushedAt.toISOString() };
}

export async function getPush(db: Db, caller: Caller, activityId: number): Promise<ProductPush> {
  return currentPush(db, await ownActivity(db, caller, activityId));
}

/** POST /v3/activity/{id}/product-push: one product of the activity's shop, on the shelf, shown to every viewer. */
export async function pushProduct(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  productId: number,
): Promise<ProductPush> {
  const id = await ownActivity(ctx.db, caller, activityId);
  const product = await liveProducts(ctx.db, caller)
    .selectAll('products')
    .where('products.id', '=', productId)
    .executeTakeFirst();
  if (!product) throw notFound(PRODUCT_ERRORS.productNotFound);
  const inShop = await ctx.db
    .selectFrom('activityShopProducts')
    .innerJoin('activityShops', 'activityShops.id', 'activityShopProducts.shopId')
    .select('activityShopProducts.productId')
    .where('activityShops.activityId', '=', id)
    .where('activityShopProducts.productId', '=', productId)
    .executeTakeFirst();
  if (!inShop) throw badRequest(PRODUCT_ERRORS.notInShop, undefined, 'productId');
  if (product.status !== 'on') throw badRequest(PRODUCT_ERRORS.notOnShelf, undefined, 'productId');
  const pushedAt = new Date();
  await ctx.db
    .insertInto('productPushes')
    .values({ activityId: id, agentId: caller.agentId, productId, pushedAt })
    .onConflict((oc) => oc.column('activityId').doUpdateSet({ productId, pushedAt }))
    .execute();
  const shown = toWatchProduct(product);
  publishToViewers(ctx, id, { type: 'productPushed', product: shown });
  return { product: shown, pushedAt: pushedAt.toISOString() };
}

export async function withdrawPush(ctx: AppContext, caller: Caller, activityId: number) {
  const id = await ownActivity(ctx.db, caller, activityId);
  const gone = await ctx.db
    .deleteFrom('productPushes')
    .where('activityId', '=', id)
    .returning('productId')
    .executeTakeFirst();
  if (gone) announceWithdrawn(ctx, id, gone.productId);
  return { ok: true as const };
}

// ---------------------------------------------------------------------------------------------------------------
// The watch page

/** The watch page's shop calls are public: each address gets SHOP_CALLS_PER_ADDRESS of them a minute. */
export async function throttleAddress(ctx: AppContext, ip: string): Promise<void> {
  const wait = await take(ctx.limits, SHOP_CALLS_PER_ADDRESS, `shop:ip:${ip}`);
  if (wait !== null) throw tooManyRequests(PRODUCT_ERRORS.callLimit, ERROR_CODES.rateLimited, wait);
}

/** Any activity that exists, as the audience reaches it. */
export async function watchedActivity(db: Db, activityId: number) {
  const row = await db
    .selectFrom('activities')
    .select(['id', 'agentId', 'subagentId', 'name'])
    .where('id', '=', activityId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row;
}

/**
 * GET /watch/{id}/shop: the activity's shop, its products on the shelf in order. The intro tab's productListId names
 * the shop; one that is not this activity's shop shows nothing (an old or mistyped id is ignored, not an error).
 */
export async function watchShop(db: Db, activityId: number, shopId: number | undefined): Promise<WatchShop> {
  const activity = await watchedActivity(db, activityId);
  const shop = await db
    .selectFrom('activityShops')
    .select('id')
    .where('activityId', '=', activity.id)
    .executeTakeFirst();
  if (!shop || (shopId !== undefined && shopId !== shop.id)) return { activityShopId: null, items: [] };
  const products = await shopProducts(db, shop.id);
  return {
    activityShopId: shop.id,
    items: products.filter((row) => row.status === 'on').map(toWatchProduct),
  };
}

export async function watchPush(db: Db, activityId: number): Promise<ProductPush> {
  return currentPush(db, (await watchedActivity(db, activityId)).id);
}
