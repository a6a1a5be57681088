import { priceCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
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
