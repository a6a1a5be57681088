import { idParams, liveTranscode } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import { updateLiveTranscode } from '../live-stream/transcode.ts';
import { getLiveTranscode } from './activity-settings-service.ts';

// The live stream's transcoding toggle: a live-stream call, registered here as it always was until that area takes
// it (its contract entries belong with the live stream's).

const tags = ['live-config'];

export function registerLiveTranscodeRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get(
    '/activity/:id/liveTranscode',
    { schema: { tags, params: idParams, response: { 200: liveTranscode } } },
    (request) => getLiveTranscode(db, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id/liveTranscode',
    { schema: { tags, params: idParams, body: liveTranscode, response: { 200: liveTranscode } } },
    (request) => updateLiveTranscode(ctx, callerOf(request), request.params.id, request.body.enabled),
  );
}
