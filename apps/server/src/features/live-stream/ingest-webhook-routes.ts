import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { mediaServerReply, parseMediaServerCallback } from '../../platform/ingest/index.ts';
import { authorizePublish, setPushing } from './publish-auth.ts';

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
}
