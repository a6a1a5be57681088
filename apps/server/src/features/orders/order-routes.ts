import { orderCalls, statsToday } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { csvFromCells, sendFile } from '../exports/index.ts';
import * as orders from './order-service.ts';

export function registerOrderRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, orderCalls, {
    listOrders: ({ caller, query }) => orders.listOrders(ctx, caller, query),
    downloadOrders: ({ caller, query, reply }) => {
      const date = statsToday();
      return sendFile(reply, {
        name: `套餐订单-${date}`,
        asciiName: `orders-${date}`,
        format: 'csv',
        body: csvFromCells(orders.ORDER_CSV_HEADINGS, orders.downloadOrders(ctx, caller, query.admin)),
      });
    },
    getActivityPayHistory: ({ caller, params, query }) => orders.activityPayHistory(ctx, caller, params.id, query),
  });
}
