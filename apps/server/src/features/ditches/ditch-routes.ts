import {
  agentIdParams,
  ditch,
  ditchInput,
  ditchList,
  ditchListQuery,
  ditchParams,
  ditchUpdate,
  ok,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import * as ditches from './ditch-service.ts';

const tags = ['ditches'];

export function registerDitchRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/agent/:id/promotion-channel',
    { schema: { tags, params: agentIdParams, querystring: ditchListQuery, response: { 200: ditchList } } },
    (request) => ditches.listDitches(ctx.db, callerOf(request), request.params.id, request.query),
  );
  app.post(
    '/agent/:id/promotion-channel',
    { schema: { tags, params: agentIdParams, body: ditchInput, response: { 200: ditch } } },
    (request) => ditches.createDitch(ctx.db, callerOf(request), request.params.id, request.body),
  );
  app.put(
    '/agent/:id/promotion-channel/:sign',
    { schema: { tags, params: ditchParams, body: ditchUpdate, response: { 200: ditch } } },
    (request) => ditches.updateDitch(ctx.db, callerOf(request), request.params.id, request.params.sign, request.body),
  );
  app.delete(
    '/agent/:id/promotion-channel/:sign',
    { schema: { tags, params: ditchParams, response: { 200: ok } } },
    (request) => ditches.deleteDitch(ctx.db, callerOf(request), request.params.id, request.params.sign),
  );
}
