import { statsAudienceCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as audience from './stats-audience-service.ts';

export function registerStatsAudienceRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  registerCalls(server, statsAudienceCalls, {
    getStatsInteractive: ({ caller, params, query }) => audience.getInteractive(db, caller, params.id, query),
    getStatsRevenue: ({ caller, params, query }) => audience.getRevenue(db, caller, params.id, query),
    getCheckinUserPercentage: ({ caller, params, query }) =>
      audience.getCheckinUserPercentage(db, caller, params.id, query),
    getLoginUserPercentage: ({ caller, params, query }) =>
      audience.getLoginUserPercentage(db, caller, params.id, query),
    listChannelStats: ({ caller, query }) => audience.listChannelStats(db, caller, query),
  });
}
