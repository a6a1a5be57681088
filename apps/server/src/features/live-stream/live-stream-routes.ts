import { activityDetail, idParams, ingestList, liveModeBody, ok, streamJobList } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import { listIngest } from './ingest-list.ts';
import { listStreamJobs, setLiveMode, stopStreamJob } from './stream-jobs.ts';

export function registerLiveStreamRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/activity/:id/ingest',
    { schema: { tags: ['live-stream'], params: idParams, response: { 200: ingestList } } },
    (request) => listIngest(ctx, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id/live-mode',
    { schema: { tags: ['live-stream'], params: idParams, body: liveModeBody, response: { 200: activityDetail } } },
    (request) => setLiveMode(ctx, callerOf(request), request.params.id, request.body),
  );
  app.get(
    '/v3/activity/:id/stream-jobs',
    { schema: { tags: ['live-stream'], params: idParams, response: { 200: streamJobList } } },
    (request) => listStreamJobs(ctx, callerOf(request), request.params.id),
  );
  app.post(
    '/v3/activity/:id/stream-jobs/:jobId/stop',
    {
      schema: {
        tags: ['live-stream'],
        params: idParams.extend({ jobId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: ok },
      },
    },
    (request) => stopStreamJob(ctx, callerOf(request), request.params.id, request.params.jobId),
  );
}
