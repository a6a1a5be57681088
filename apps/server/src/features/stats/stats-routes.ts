import { statsCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { registerStatsAudienceRoutes } from './stats-audience-routes.ts';
import * as stats from './stats-service.ts';

export function registerStatsRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  registerCalls(server, statsCalls, {
    getStatsOverview: ({ caller, params, query }) => stats.getOverview(db, caller, params.id, query),
    getStatsTimeline: ({ caller, params, query }) => stats.getTimeline(db, caller, params.id, query),
    getStatsReferrers: ({ caller, params, query }) => stats.getReferrers(db, caller, params.id, query),
    getStatsDevices: ({ caller, params, query }) => stats.getDevices(db, caller, params.id, query),
    listStatsUserVisits: ({ caller, params, query }) => stats.listUserVisits(db, caller, params.id, query),
    getStatsRegions: ({ caller, params, query }) => stats.getRegions(db, caller, params.id, query),
    getStatsOnline: ({ caller, params, query }) => stats.getOnline(db, caller, params.id, query),
  });
  registerStatsAudienceRoutes(server, ctx);
}
