import { orderCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as orders from './order-service.ts';

export function registerOrderRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, orderCalls, {
    listOrders: ({ caller, query }) => orders.listOrders(ctx, caller, query),
    downloadOrders: async ({ caller, query, reply }) => {
      const csv = await orders.downloadOrders(ctx, caller, query.admin);
      const date = new Date().toISOString().slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="orders-${date}.csv"`)
        .header('cache-control', 'no-store');
      return csv;
    },
    getActivityPayHistory: ({ caller, params, query }) => orders.activityPayHistory(ctx, caller, params.id, query),
  });
}
