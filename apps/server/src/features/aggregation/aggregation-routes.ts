import { aggregationCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as aggregations from './aggregation-service.ts';

export function registerAggregationRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, aggregationCalls, {
    listAggregations: ({ caller, query }) => aggregations.listAggregations(ctx.db, caller, query),
    createAggregation: ({ caller, body }) => aggregations.createAggregation(ctx.db, caller, body),
    getAggregation: ({ caller, params }) => aggregations.getAggregation(ctx.db, caller, params.id),
    updateAggregation: ({ caller, params, body }) => aggregations.updateAggregation(ctx.db, caller, params.id, body),
    deleteAggregation: ({ caller, params }) => aggregations.deleteAggregation(ctx.db, caller, params.id),
  });
}
