import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, mobile, ok, pageQuery } from './common.ts';
import { FILES_URL_PREFIX } from './constants.ts';

// Products and the shop (seed 000 §1 "manage orders, products and a shop", §2 /product/list, /product/create,
// /product/:id/edit, /application/product; seed 001 §3 "Product and photo list", §7 "Products"): the agent's product
// library, each activity's shop (its products in order, named by activityShopId, shown on the watch page's product
// tab whose productListId is that shop's id), a product pushed to the viewers during the live (讲解中), and the
// viewers' orders paid through the pay provider as paid gifts are.

export const PRODUCT_NAME_MAX = 60;
/** A product shows 1 to 9 pictures; the first is its cover. */
export const PRODUCT_PICTURES_MIN = 1;
export const PRODUCT_PICTURES_MAX = 9;
/** Prices are fen; a million yuan bounds what one product may cost. */
export const PRODUCT_PRICE_MAX = 100_000_000;
export const PRODUCT_STOCK_MAX = 1_000_000;
/** The description is rich text, sanitised by the server before a viewer sees it. */
export const PRODUCT_DESCRIPTION_MAX = 20_000;
export const PRODUCT_BUY_URL_MAX = 500;
export const PRODUCT_PAGE_SIZE = 10;
/** One batch delete names at most this many products. */
export const PRODUCT_BATCH_MAX = 100;
/** An activity's shop holds at most this many products. */
export const SHOP_PRODUCTS_MAX = 100;
export const SHOP_PAGE_SIZE = 10;
export const SHOP_ORDER_PAGE_SIZE = 10;
/** One order buys at most this many of a product, for at most a million yuan. */
export const SHOP_ORDER_COUNT_MAX = 99;
export const SHOP_ORDER_AMOUNT_MAX = 100_000_000;
/** A shop order may be paid for this long (as a gift order). */
export const SHOP_ORDER_TTL_MINUTES = 15;
/** Unpaid shop orders one viewer may open on one activity per window. */
export const SHOP_ORDER_RATE = { max: 10, windowMs: 60_000 } as const;
/** The watch page's shop calls one address may make per window (the reads of the other public tabs alike). */
export const SHOP_CALLS_PER_ADDRESS = { max: 300, windowMs: 60_000 } as const;
export const BUYER_NAME_MAX = 30;
export const BUYER_ADDRESS_MAX = 200;

export const PRODUCT_BUY_MODES = ['link', 'platform'] as const;
export type ProductBuyMode = (typeof PRODUCT_BUY_MODES)[number];
export const PRODUCT_STATUSES = ['on', 'off'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** soldOut: paid after the last one was sold; the payment is kept for the buyer (its audience balance). */
export const SHOP_ORDER_STATUSES = ['init', 'paid', 'failed', 'soldOut'] as const;
export type ShopOrderStatus = (typeof SHOP_ORDER_STATUSES)[number];

/** The server's messages (English, exact); the console and the watch page show Chinese texts for them. */
export const PRODUCT_ERRORS = {
  productNotFound: 'Product Not Found',
  shopNotFound: 'Activity Shop Not Found',
  shopExists: 'Activity already has a shop',
  orderNotFound: 'Shop Order Not Found',
  nameRequired: 'Product name is required',
  nameTooLong: 'Product name is too long',
  picturesRequired: 'A product needs at least one picture',
  tooManyPictures: 'A product has at most 9 pictures',
  notUploadedPicture: 'Picture must be an image uploaded to this site',
  buyUrlRequired: 'A link product needs its http(s) address',
  invalidBuyUrl: 'Invalid purchase address',
  platformPriceRequired: 'An in-platform product costs at least 0.01',
  productTwice: 'A product is in a shop once',
  notInShop: 'Product is not in the activity’s shop',
  notOnShelf: 'Product is off the shelf',
  notForPlatform: 'Product is bought through its link',
  soldOut: 'Product sold out',
  notEnoughStock: 'Not enough stock',
  amountTooLarge: 'An order is at most 1,000,000 yuan',
  viewerRequired: 'Viewer id is required',
  notPaid: 'Only a paid order is shipped',
  orderLimit: 'Too many orders, try again later',
  callLimit: 'Too many requests, try again later',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The rules

/** A picture the site stores (an upload under /files/) with an image's extension: nothing else is ever shown. */
export const productPicture = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .refine(
    (value) =>
      value.startsWith(FILES_URL_PREFIX) && /^[\w./-]+\.(png|jpe?g|gif|webp)$/i.test(value) && !value.includes('..'),
    PRODUCT_ERRORS.notUploadedPicture,
  );

/** A viewer's way out to a link product: http(s) only, opened by the viewer's browser, never fetched by the server. */
export const productBuyUrl = z
  .string()
  .trim()
  .max(PRODUCT_BUY_URL_MAX, `At most ${PRODUCT_BUY_URL_MAX} characters`)
  .regex(/^$|^https?:\/\/[^\s"'<>]+$/i, PRODUCT_ERRORS.invalidBuyUrl);

const fen = z.number().int().min(0).max(PRODUCT_PRICE_MAX);

export const productInput = z
  .object({
    name: z.string().trim().min(1, PRODUCT_ERRORS.nameRequired).max(PRODUCT_NAME_MAX, PRODUCT_ERRORS.nameTooLong),
    pictures: z
      .array(productPicture)
      .min(PRODUCT_PICTURES_MIN, PRODUCT_ERRORS.picturesRequired)
      .max(PRODUCT_PICTURES_MAX, PRODUCT_ERRORS.tooManyPictures),
    price: fen,
    /** The price before the discount, struck through beside the price; null for none. */
    originalPrice: fen.nullable().default(null),
    /** null: unlimited. */
    stock: z.number().int().min(0).max(PRODUCT_STOCK_MAX).nullable().default(null),
    description: z.string().max(PRODUCT_DESCRIPTION_MAX, `At most ${PRODUCT_DESCRIPTION_MAX} characters`).default(''),
    buyMode: z.enum(PRODUCT_BUY_MODES),
    buyUrl: productBuyUrl.default(''),
    status: z.enum(PRODUCT_STATUSES).default('on'),
  })
  .superRefine((value, context) => {
    if (value.buyMode === 'link' && !value.buyUrl)
      context.addIssue({ code: 'custom', path: ['buyUrl'], message: PRODUCT_ERRORS.buyUrlRequired });
    // The pay provider takes no payment of nothing.
    if (value.buyMode === 'platform' && value.price < 1)
      context.addIssue({ code: 'custom', path: ['price'], message: PRODUCT_ERRORS.platformPriceRequired });
  });
export type ProductInput = z.input<typeof productInput>;

/** Whether an order of `count` may still be placed (stock null: unlimited). */
export const canOrder = (stock: number | null, count: number): boolean => stock === null || stock >= count;

/** The first id named twice, or null: a shop names each product once. */
export function repeatedId(ids: readonly number[]): number | null {
  const seen = new Set<number>();
  for (const value of ids) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  pictures: z.array(z.string()),
  /** The first picture. */
  cover: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  /** How many were sold through the platform. */
  sold: z.number().int(),
  description: z.string(),
  buyMode: z.enum(PRODUCT_BUY_MODES),
  buyUrl: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Product = z.infer<typeof product>;
export const productList = listOf(product);
export type ProductList = z.infer<typeof productList>;

export const productListQuery = pageQuery(PRODUCT_PAGE_SIZE).extend({
  name: z.string().trim().max(PRODUCT_NAME_MAX).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
});
export type ProductListQuery = z.input<typeof productListQuery>;

export const productIds = z.object({
  ids: z
    .array(id)
    .min(1, 'Choose at least one product')
    .max(PRODUCT_BATCH_MAX, `At most ${PRODUCT_BATCH_MAX} products at once`),
});
export const productsDeleted = z.object({ ok: z.literal(true), deleted: z.number().int() });

/** An activity's shop: its products in the agent's order. */
export const activityShopInput = z.object({
  productIds: z.array(id).max(SHOP_PRODUCTS_MAX, `At most ${SHOP_PRODUCTS_MAX} products in a shop`),
});
export type ActivityShopInput = z.infer<typeof activityShopInput>;
export const activityShop = z.object({
  activityShopId: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  productIds: z.array(z.number().int()),
  products: z.array(product),
  updatedAt: isoDateTime,
});
export type ActivityShop = z.infer<typeof activityShop>;
export const activityShopParams = z.object({ id, shopId: id });

export const activityShopSummary = z.object({
  activityShopId: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  productCount: z.number().int(),
  paidOrderCount: z.number().int(),
  updatedAt: isoDateTime,
});
export type ActivityShopSummary = z.infer<typeof activityShopSummary>;
export const activityShopList = listOf(activityShopSummary);
export type ActivityShopList = z.infer<typeof activityShopList>;
export const activityShopListQuery = pageQuery(SHOP_PAGE_SIZE).extend({
  activityId: id.optional(),
});

/** A product as a viewer sees it: on the shelf, with what is left. */
export const watchProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  pictures: z.array(z.string()),
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  /** null: unlimited. */
  stock: z.number().int().nullable(),
  description: z.string(),
  buyMode: z.enum(PRODUCT_BUY_MODES),
  buyUrl: z.string(),
});
export type WatchProduct = z.infer<typeof watchProduct>;
export const watchShop = z.object({ activityShopId: z.number().int().nullable(), items: z.array(watchProduct) });
export type WatchShop = z.infer<typeof watchShop>;
/** The intro tab's productListId names the shop; without one, the activity's own shop is shown. */
export const watchShopQuery = z.object({ shopId: id.optional() });

/** The product being presented (讲解中), or none. */
export const productPush = z.object({ product: watchProduct.nullable(), pushedAt: isoDateTime.nullable() });
export type ProductPush = z.infer<typeof productPush>;
export const productPushInput = z.object({ productId: id });

/** A viewer's order: a shop order needs delivery, so the buyer's name, mobile and address are stored on it. */
export const shopOrderInput = z.object({
  count: z.number().int().min(1).max(SHOP_ORDER_COUNT_MAX).default(1),
  buyerName: z.string().trim().min(1, 'Name is required').max(BUYER_NAME_MAX, `At most ${BUYER_NAME_MAX} characters`),
  buyerMobile: mobile,
  buyerAddress: z
    .string()
    .trim()
    .min(1, 'Address is required')
    .max(BUYER_ADDRESS_MAX, `At most ${BUYER_ADDRESS_MAX} characters`),
});
export type ShopOrderInput = z.input<typeof shopOrderInput>;
export const shopOrderPlaced = z.object({ orderId: z.number().int(), amount: z.number().int(), url: z.string() });
export const watchProductParams = z.object({ id, productId: id });
export const shopOrderParams = z.object({ id, orderId: id });
export const watchShopOrder = z.object({
  orderId: z.number().int(),
  status: z.enum(SHOP_ORDER_STATUSES),
  amount: z.number().int(),
  productName: z.string(),
});
export type WatchShopOrder = z.infer<typeof watchShopOrder>;

export const shopOrder = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productCover: z.string(),
  price: z.number().int(),
  count: z.number().int(),
  amount: z.number().int(),
  buyerName: z.string(),
  buyerMobile: z.string(),
  buyerAddress: z.string(),
  status: z.enum(SHOP_ORDER_STATUSES),
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  shippedAt: isoDateTime.nullable(),
});
export type ShopOrder = z.infer<typeof shopOrder>;
export const shopOrderList = listOf(shopOrder);
export type ShopOrderList = z.infer<typeof shopOrderList>;
export const shopOrderListQuery = pageQuery(SHOP_ORDER_PAGE_SIZE).extend({
  status: z.enum(SHOP_ORDER_STATUSES).optional(),
});

export const productCalls = defineCalls('products', {
  listProducts: {
    method: 'GET',
    path: '/v3/agent/product',
    summary: 'The agent’s product library, newest first, page by page, the name containing the query’s',
    access: 'signedIn',
    query: productListQuery,
    response: productList,
  },
  createProduct: {
    method: 'POST',
    path: '/v3/agent/product',
    summary: 'Add a product to the library',
    access: 'signedIn',
    body: productInput,
    response: product,
  },
  deleteProducts: {
    method: 'DELETE',
    path: '/v3/agent/product',
    summary: 'Delete several products: all of them the caller’s, or none is deleted',
    access: 'signedIn',
    body: productIds,
    response: productsDeleted,
  },
  getProduct: {
    method: 'GET',
    path: '/v3/agent/product/:id',
    summary: 'One product',
    access: 'signedIn',
    params: idParams,
    response: product,
  },
  updateProduct: {
    method: 'PUT',
    path: '/v3/agent/product/:id',
    summary: 'Change a product',
    access: 'signedIn',
    params: idParams,
    body: productInput,
    response: product,
  },
  deleteProduct: {
    method: 'DELETE',
    path: '/v3/agent/product/:id',
    summary: 'Delete a product; it leaves every shop (its orders keep its name)',
    access: 'signedIn',
    params: idParams,
    response: ok,
  },
  listActivityShops: {
    method: 'GET',
    path: '/v3/activity-shop',
    summary: 'The shops of the caller’s activities, newest change first',
    access: 'signedIn',
    query: activityShopListQuery,
    response: activityShopList,
  },
  createActivityShop: {
    method: 'POST',
    path: '/v3/activity/:id/product',
    summary: 'Open the activity’s shop with products in order; answers its activityShopId',
    access: 'signedIn',
    params: idParams,
    body: activityShopInput,
    response: activityShop,
  },
  getActivityShop: {
    method: 'GET',
    path: '/v3/activity/:id/product/:shopId',
    summary: 'The activity’s shop: its productIds in order, with the products',
    access: 'signedIn',
    params: activityShopParams,
    response: activityShop,
  },
  updateActivityShop: {
    method: 'PUT',
    path: '/v3/activity/:id/product/:shopId',
    summary: 'Replace the shop’s products and their order',
    access: 'signedIn',
    params: activityShopParams,
    body: activityShopInput,
    response: activityShop,
  },
  deleteActivityShop: {
    method: 'DELETE',
    path: '/v3/activity/:id/product/:shopId',
    summary: 'Close the activity’s shop (its orders stay)',
    access: 'signedIn',
    params: activityShopParams,
    response: ok,
  },
  getProductPush: {
    method: 'GET',
    path: '/v3/activity/:id/product-push',
    summary: 'The product presented to the viewers now (讲解中), or none',
    access: 'signedIn',
    params: idParams,
    response: productPush,
  },
  pushProduct: {
    method: 'POST',
    path: '/v3/activity/:id/product-push',
    summary: 'Present one of the shop’s products to every viewer (讲解中)',
    access: 'signedIn',
    params: idParams,
    body: productPushInput,
    response: productPush,
  },
  withdrawProductPush: {
    method: 'DELETE',
    path: '/v3/activity/:id/product-push',
    summary: 'Withdraw the presented product',
    access: 'signedIn',
    params: idParams,
    response: ok,
  },
  listShopOrders: {
    method: 'GET',
    path: '/v3/activity/:id/product-order',
    summary: 'The viewers’ orders of the activity’s products, newest first',
    access: 'signedIn',
    params: idParams,
    query: shopOrderListQuery,
    response: shopOrderList,
  },
  shipShopOrder: {
    method: 'PUT',
    path: '/v3/activity/:id/product-order/:orderId/ship',
    summary: 'Mark a paid order shipped',
    access: 'signedIn',
    params: shopOrderParams,
    response: shopOrder,
  },
});

/** The watch page's calls: the shop, the presented product and the viewer's orders. */
export const watchShopCalls = defineCalls('products', {
  getWatchShop: {
    method: 'GET',
    path: '/watch/:id/shop',
    summary: 'The activity’s shop as viewers see it: the products on the shelf, in order',
    access: 'public',
    params: idParams,
    query: watchShopQuery,
    response: watchShop,
  },
  getWatchProductPush: {
    method: 'GET',
    path: '/watch/:id/product-push',
    summary: 'The product presented now (讲解中), for a viewer who joins later',
    access: 'public',
    params: idParams,
    response: productPush,
  },
  createShopOrder: {
    method: 'POST',
    path: '/watch/:id/product/:productId/order',
    summary: 'Buy an in-platform product: answers where it is paid',
    access: 'public',
    params: watchProductParams,
    body: shopOrderInput,
    response: shopOrderPlaced,
  },
  getWatchShopOrder: {
    method: 'GET',
    path: '/watch/:id/product-order/:orderId',
    summary: 'The viewer’s own shop order: paid, sold out, failed or still to pay',
    access: 'public',
    params: shopOrderParams,
    response: watchShopOrder,
  },
});
