import {
  PRODUCT_ERRORS,
  type Product,
  type ProductList,
  type productInput,
  type productListQuery,
  type WatchProduct,
} from '@yanbo/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import type { DB } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { ownRows } from '../../platform/tenancy.ts';
import { sanitiseHtml } from '../watch/index.ts';

// The agent's product library (seed 001 §7 "Products"). Products belong to the agent: its sub-accounts use the same
// library (a shop is still bound only to activities the caller may reach). A deleted product is kept for its orders
// and leaves every shop and the live's card in the same transaction.

export type ProductRow = Selectable<DB['products']>;

export const productNotFound = () => notFound(PRODUCT_ERRORS.productNotFound);

/** The caller's agent's products that are not deleted. */
export const liveProducts = (db: Db, caller: Caller) =>
  ownRows(db, 'products', caller).where('products.deletedAt', 'is', null);

export function toProduct(row: ProductRow): Product {
  const pictures = row.pictures as string[];
  return {
    id: row.id,
    name: row.name,
    pictures,
    cover: pictures[0] ?? '',
    price: row.price,
    originalPrice: row.originalPrice,
    stock: row.stock,
    sold: row.sold,
    description: row.description,
    buyMode: row.buyMode as Product['buyMode'],
    buyUrl: row.buyUrl,
    status: row.status as Product['status'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toWatchProduct(row: ProductRow): WatchProduct {
  const { id, name, pictures, cover, price, originalPrice, stock, description, buyMode, buyUrl } = toProduct(row);
  return { id, name, pictures, cover, price, originalPrice, stock, description, buyMode, buyUrl };
}

/**
 * Whose products are, whoever asks: the agent and whether each is deleted, for those of `ids` that exist. For a page
 * template that names them (a tab's productList), which tells another agent's product (404) from a missing one (400).
 */
export function productOwners(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'agentId', 'deletedAt']).where('id', 'in', ids).execute();
}

async function ownProduct(db: Db, caller: Caller, productId: number): Promise<ProductRow> {
  const row = await liveProducts(db, caller)
    .selectAll('products')
    .where('products.id', '=', productId)
    .executeTakeFirst();
  if (!row) throw productNotFound();
  return row;
}

type Input = z.output<typeof productInput>;

/** The columns an input writes: the description sanitised (viewers read it as HTML), no stray link on a platform product. */
function columns(input: Input) {
  return {
    name: input.name,
    pictures: JSON.stringify(input.pictures),
    price: input.price,
    originalPrice: input.originalPrice,
    stock: input.stock,
    description: sanitiseHtml(input.description),
    buyMode: input.buyMode,
    buyUrl: input.buyMode === 'link' ? input.buyUrl : '',
    status: input.status,
  };
}

/** GET /v3/agent/product: newest first, the name containing the query's, optionally on or off the shelf. */
export async function listProducts(
  db: Db,
  caller: Caller,
  query: z.output<typeof productListQuery>,
): Promise<ProductList> {
  let base = liveProducts(db, caller);
  if (query.name) base = base.where('products.name', 'ilike', containing(query.name));
  if (query.status) base = base.where('products.status', '=', query.status);
  const { items, pager } = await page(
    base.selectAll('products').orderBy('products.createdAt', 'desc').orderBy('products.id', 'desc'),
    query,
  );
  return { items: items.map(toProduct), pager };
}

export async function createProduct(db: Db, caller: Caller, input: Input): Promise<Product> {
  const row = await db
    .insertInto('products')
    .values({ agentId: caller.agentId, ...columns(input) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProduct(row);
}

export async function getProduct(db: Db, caller: Caller, productId: number): Promise<Product> {
  return toProduct(await ownProduct(db, caller, productId));
}

export async function updateProduct(db: Db, caller: Caller, productId: number, input: Input): Promise<Product> {
  await ownProduct(db, caller, productId);
  const row = await db
    .updateTable('products')
    .set({ ...columns(input), updatedAt: new Date() })
    .where('id', '=', productId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProduct(row);
}

/**
 * Deletes products of the caller's agent: every id must be one (another agent's or a missing one answers 404 and
 * nothing is deleted). They leave their shops and the live's card with them.
 */
export async function deleteProducts(
  db: Db,
  caller: Caller,
  ids: number[],
): Promise<{ deleted: number; withdrawn: { activityId: number; productId: number }[] }> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await liveProducts(trx, caller)
      .select('products.id')
      .where('products.id', 'in', unique)
      .forUpdate()
      .execute();
    if (found.length !== unique.length) throw productNotFound();
    await trx.deleteFrom('activityShopProducts').where('productId', 'in', unique).execute();
    const withdrawn = await trx
      .deleteFrom('productPushes')
      .where('productId', 'in', unique)
      .returning(['activityId', 'productId'])
      .execute();
    await trx.updateTable('products').set({ deletedAt: new Date() }).where('id', 'in', unique).execute();
    return { deleted: unique.length, withdrawn };
  });
}
