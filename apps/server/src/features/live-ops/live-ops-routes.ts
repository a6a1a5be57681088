import { liveOpsCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { getLiveOps } from './live-ops-service.ts';

export function registerLiveOpsRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, liveOpsCalls, {
    getLiveOps: ({ caller, params }) => getLiveOps(ctx.db, caller, params.id),
  });
}
