import { ditchCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as ditches from './ditch-service.ts';

export function registerDitchRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, ditchCalls, {
    listDitches: ({ caller, params, query }) => ditches.listDitches(ctx.db, caller, params.id, query),
    createDitch: ({ caller, params, body }) => ditches.createDitch(ctx.db, caller, params.id, body),
    updateDitch: ({ caller, params, body }) => ditches.updateDitch(ctx.db, caller, params.id, params.sign, body),
    deleteDitch: ({ caller, params }) => ditches.deleteDitch(ctx.db, caller, params.id, params.sign),
  });
}
