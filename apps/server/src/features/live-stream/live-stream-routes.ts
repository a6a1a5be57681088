import { idParams, ingestList } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import { listIngest } from './ingest-list.ts';

export function registerLiveStreamRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/activity/:id/ingest',
    { schema: { tags: ['live-stream'], params: idParams, response: { 200: ingestList } } },
    (request) => listIngest(ctx, callerOf(request), request.params.id),
  );
}
