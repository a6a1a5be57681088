import {
  activityPayHistory,
  activityPayQuery,
  chargeHistory,
  chargeHistoryQuery,
  idParams,
  orderCheckout,
  orderCreateBody,
  orderCreated,
  orderDownloadQuery,
  orderListQuery,
  orderStatusAnswer,
  orderStatusQuery,
  PRICE_ERRORS,
  packageConfig,
  packageList,
  packageOrderList,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import * as history from './history-service.ts';
import * as orders from './order-service.ts';
import * as packages from './package-service.ts';
import { applyPayNotification } from './payment-service.ts';
import * as pending from './pending-orders.ts';

const tags = ['price'];

export async function registerPriceRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/agent/package', { schema: { tags, response: { 200: packageList } } }, () => packages.listPackages(ctx.db));
  app.get('/agent/packageConfig', { schema: { tags, response: { 200: packageConfig } } }, (request) =>
    packages.packageConfig(ctx, callerOf(request)),
  );
  app.post('/agent/order', { schema: { tags, body: orderCreateBody, response: { 200: orderCreated } } }, (request) =>
    orders.createOrder(ctx, callerOf(request), request.body),
  );
  app.get(
    '/agent/order/status',
    { schema: { tags, querystring: orderStatusQuery, response: { 200: orderStatusAnswer } } },
    (request) => orders.orderStatus(ctx, callerOf(request), request.query.orderId),
  );
  app.get(
    '/agent/order/:id/checkout',
    { schema: { tags, params: idParams, response: { 200: orderCheckout } } },
    (request) => pending.orderCheckout(ctx, callerOf(request), request.params.id),
  );
  app.post(
    '/agent/order/:id/cancel',
    { schema: { tags, params: idParams, response: { 200: orderStatusAnswer } } },
    (request) => pending.cancelOrder(ctx, callerOf(request), request.params.id),
  );
  app.get(
    '/agent/order',
    { schema: { tags, querystring: orderListQuery, response: { 200: packageOrderList } } },
    (request) => orders.listOrders(ctx, callerOf(request), request.query),
  );
  app.get(
    '/agent/order/download',
    { schema: { tags, querystring: orderDownloadQuery, produces: ['text/csv'] } },
    async (request, reply) => {
      const csv = await orders.downloadOrders(ctx, callerOf(request), request.query.admin);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get(
    '/agent/charge-history',
    { schema: { tags, querystring: chargeHistoryQuery, response: { 200: chargeHistory } } },
    (request) => history.chargeHistory(ctx, callerOf(request), request.query),
  );
  app.get(
    '/activity/:id/pay',
    { schema: { tags, params: idParams, querystring: activityPayQuery, response: { 200: activityPayHistory } } },
    (request) => history.activityPayHistory(ctx, callerOf(request), request.params.id, request.query),
  );

  // The pay provider's notifications: no session, the gateway's signature over the raw body instead.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/pay/notify/:provider',
      {
        config: { auth: false },
        schema: {
          tags,
          params: z.object({ provider: z.string().max(32) }),
          response: { 200: z.object({ code: z.literal('SUCCESS'), outcome: z.string() }) },
        },
      },
      async (request) => {
        if (request.params.provider !== ctx.pay.name) throw notFound();
        const raw = typeof request.body === 'string' ? request.body : '';
        const notification = ctx.pay.verifyNotification(request.headers, raw);
        if (!notification) throw unauthorized(PRICE_ERRORS.invalidSignature);
        const outcome = await applyPayNotification(ctx, ctx.pay.name, notification);
        return { code: 'SUCCESS' as const, outcome };
      },
    );
  });
}
