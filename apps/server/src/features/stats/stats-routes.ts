import {
  statsDevice,
  statsOverview,
  statsParams,
  statsRangeQuery,
  statsReferrer,
  statsTimeline,
  statsUserVisits,
  statsUserVisitsQuery,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import * as stats from './stats-service.ts';

const tags = ['stats'];

export function registerStatsRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/activity/:id/stats',
    { schema: { tags, params: statsParams, querystring: statsRangeQuery, response: { 200: statsOverview } } },
    (request) => stats.getOverview(ctx.db, callerOf(request), request.params.id, request.query),
  );
  app.get(
    '/v3/activity/:id/stats/timeline',
    { schema: { tags, params: statsParams, querystring: statsRangeQuery, response: { 200: statsTimeline } } },
    (request) => stats.getTimeline(ctx.db, callerOf(request), request.params.id, request.query),
  );
  app.get(
    '/v3/activity/:id/stats/referrer/json',
    { schema: { tags, params: statsParams, querystring: statsRangeQuery, response: { 200: statsReferrer } } },
    (request) => stats.getReferrers(ctx.db, callerOf(request), request.params.id, request.query),
  );
  app.get(
    '/v3/activity/:id/stats/device/json',
    { schema: { tags, params: statsParams, querystring: statsRangeQuery, response: { 200: statsDevice } } },
    (request) => stats.getDevices(ctx.db, callerOf(request), request.params.id, request.query),
  );
  app.get(
    '/v3/activity/:id/stats/user-visits',
    { schema: { tags, params: statsParams, querystring: statsUserVisitsQuery, response: { 200: statsUserVisits } } },
    (request) => stats.listUserVisits(ctx.db, callerOf(request), request.params.id, request.query),
  );
}
