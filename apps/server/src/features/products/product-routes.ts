import { productCalls, watchShopCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { addPaidOrderKind } from '../price/index.ts';
import { audienceViewerOf } from '../watch/index.ts';
import * as products from './product-service.ts';
import * as orders from './shop-order-service.ts';
import * as shops from './shop-service.ts';

export function registerProductRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, productCalls, {
    listProducts: ({ caller, query }) => products.listProducts(ctx.db, caller, query),
    createProduct: ({ caller, body }) => products.createProduct(ctx.db, caller, body),
    deleteProducts: ({ caller, body }) => shops.deleteProductsAndWithdraw(ctx, caller, body.ids),
    getProduct: ({ caller, params }) => products.getProduct(ctx.db, caller, params.id),
    updateProduct: ({ caller, params, body }) => products.updateProduct(ctx.db, caller, params.id, body),
    deleteProduct: async ({ caller, params }) => {
      await shops.deleteProductsAndWithdraw(ctx, caller, [params.id]);
      return { ok: true as const };
    },
    listActivityShops: ({ caller, query }) => shops.listShops(ctx.db, caller, query),
    createActivityShop: ({ caller, params, body }) => shops.createShop(ctx.db, caller, params.id, body),
    getActivityShop: ({ caller, params }) => shops.getShop(ctx.db, caller, params.id, params.shopId),
    updateActivityShop: ({ caller, params, body }) => shops.updateShop(ctx, caller, params.id, params.shopId, body),
    deleteActivityShop: ({ caller, params }) => shops.deleteShop(ctx, caller, params.id, params.shopId),
    getProductPush: ({ caller, params }) => shops.getPush(ctx.db, caller, params.id),
    pushProduct: ({ caller, params, body }) => shops.pushProduct(ctx, caller, params.id, body.productId),
    withdrawProductPush: ({ caller, params }) => shops.withdrawPush(ctx, caller, params.id),
    listShopOrders: ({ caller, params, query }) => orders.listShopOrders(ctx.db, caller, params.id, query),
    shipShopOrder: ({ caller, params }) => orders.shipShopOrder(ctx.db, caller, params.id, params.orderId),
  });
  registerCalls(server, watchShopCalls, {
    getWatchShop: async ({ params, query, request }) => {
      await shops.throttleAddress(ctx, request.ip);
      return shops.watchShop(ctx.db, params.id, query.shopId);
    },
    getWatchProductPush: async ({ params, request }) => {
      await shops.throttleAddress(ctx, request.ip);
      return shops.watchPush(ctx.db, params.id);
    },
    createShopOrder: async ({ params, body, request }) => {
      await shops.throttleAddress(ctx, request.ip);
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return orders.createShopOrder(ctx, params.id, viewer.viewerId, params.productId, body);
    },
    getWatchShopOrder: async ({ params, request }) => {
      await shops.throttleAddress(ctx, request.ip);
      // An order placed before the viewer signed in (or out) in this browser is still its own to follow.
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return orders.watchShopOrder(ctx, params.id, [viewer.viewerId, viewer.browserId], params.orderId);
    },
  });
  // A viewer's shop order is paid through the same provider, and its notification reaches the same path.
  addPaidOrderKind(ctx, orders.shopOrderPayments);
}
