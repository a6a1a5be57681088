import { priceCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as history from '../expense/index.ts';
import * as orders from './order-service.ts';
import * as packages from './package-service.ts';
import { receivePayNotification } from './payment-service.ts';
import * as pending from './pending-orders.ts';

export async function registerPriceRoutes(server: FastifyInstance, ctx: AppContext) {
  const { receivePayNotification: notifyCall, ...sessionCalls } = priceCalls;
  registerCalls(server, sessionCalls, {
    listPackages: () => packages.listPackages(ctx.db),
    getPackageConfig: ({ caller }) => packages.packageConfig(ctx, caller),
    createOrder: ({ caller, body }) => orders.createOrder(ctx, caller, body),
    getOrderStatus: ({ caller, query }) => orders.orderStatus(ctx, caller, query.orderId),
    getOrderCheckout: ({ caller, params }) => pending.orderCheckout(ctx, caller, params.id),
    cancelOrder: ({ caller, params }) => pending.cancelOrder(ctx, caller, params.id),
    listOrders: ({ caller, query }) => orders.listOrders(ctx, caller, query),
    downloadOrders: async ({ caller, query, reply }) => {
      const csv = await orders.downloadOrders(ctx, caller, query.admin);
      const date = new Date().toISOString().slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="orders-${date}.csv"`)
        .header('cache-control', 'no-store');
      return csv;
    },
    getChargeHistory: ({ caller, query }) => history.chargeHistory(ctx, caller, query),
    getActivityPayHistory: ({ caller, params, query }) => history.activityPayHistory(ctx, caller, params.id, query),
  });

  // The gateway signs the raw body, so within this scope a JSON body stays the text it arrived as.
  await server.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    registerCalls(
      scope,
      { receivePayNotification: notifyCall },
      {
        receivePayNotification: ({ params, request }) =>
          receivePayNotification(
            ctx,
            params.provider,
            request.headers,
            typeof request.body === 'string' ? request.body : '',
          ),
      },
    );
  });
}
