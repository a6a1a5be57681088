import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { mediaServerReply, parseMediaServerCallback } from '../../platform/ingest/index.ts';
import { authorizePublish, setPushing } from './publish-auth.ts';
import { markPushSeen } from './push-liveness.ts';

// Webhooks for an external media server (nginx-rtmp's on_publish / on_publish_done, SRS's on_publish /
// on_unpublish): the same key check and isPushing as the embedded ingest. A refused publish answers 403.

export const INGEST_HOOKS_PATH = '/ingest/hooks';

export function registerIngestWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const handle = async (body: unknown) => {
    const event = parseMediaServerCallback(body);
    if (!event) return mediaServerReply(false);
    const target = await authorizePublish(ctx, event.app, event.stream, event.query.key ?? '');
    if (!target) return mediaServerReply(false);
    await setPushing(ctx, event.app, event.stream, event.action === 'publish');
    return mediaServerReply(true);
  };
  const options = { config: { auth: false }, schema: { tags: ['live-stream'] } };
  for (const name of ['on_publish', 'on_publish_done', 'on_unpublish']) {
    app.post(`${INGEST_HOOKS_PATH}/${name}`, options, async (request, reply) => {
      const answer = await handle(request.body);
      return reply.status(answer.statusCode).send(answer.body);
    });
  }
  // nginx-rtmp's on_update (call=update_publish every notify_update_timeout, with the publish arguments): the push is
  // still live, so it is marked seen (push-liveness.ts). A wrong key answers as on_publish does, and nginx drops it.
  app.post(`${INGEST_HOOKS_PATH}/on_update`, options, async (request, reply) => {
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || body.call !== 'update_publish') return reply.status(200).send('');
    const event = parseMediaServerCallback({ ...body, call: 'publish' });
    const target = event && (await authorizePublish(ctx, event.app, event.stream, event.query.key ?? ''));
    if (!target) {
      const refused = mediaServerReply(false);
      return reply.status(refused.statusCode).send(refused.body);
    }
    // A push ended as silent whose media server speaks again is live after all.
    await setPushing(ctx, event.app, event.stream, true);
    await markPushSeen(ctx.db, target.activityId);
    const answer = mediaServerReply(true);
    return reply.status(answer.statusCode).send(answer.body);
  });
}
