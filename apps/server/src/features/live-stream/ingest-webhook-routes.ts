import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authorizePublish, setPushing } from './publish-auth.ts';

// Webhooks for an external media server. nginx-rtmp posts a form (app, name, and the publish URL's query args such as
// key) to on_publish / on_publish_done and allows the publish on 2xx; SRS posts JSON {action, app, stream, param}.

const hookBody = z
  .object({
    app: z.string().min(1),
    name: z.string().optional(),
    stream: z.string().optional(),
    key: z.string().optional(),
    param: z.string().optional(),
  })
  .transform((body) => ({
    app: body.app,
    stream: body.name ?? body.stream ?? '',
    key: body.key ?? new URLSearchParams((body.param ?? '').replace(/^\?/, '')).get('key') ?? '',
  }));

export const INGEST_HOOKS_PATH = '/ingest/hooks';

export function registerIngestWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const options = { config: { auth: false }, schema: { tags: ['live-stream'] } };

  app.post(`${INGEST_HOOKS_PATH}/on_publish`, options, async (request, reply) => {
    const parsed = hookBody.safeParse(request.body);
    const target = parsed.success
      ? await authorizePublish(ctx, parsed.data.app, parsed.data.stream, parsed.data.key)
      : null;
    if (!parsed.success || !target) return reply.status(403).send({ code: 403, message: 'Publish refused' });
    await setPushing(ctx, parsed.data.app, parsed.data.stream, true);
    return { code: 0 };
  });

  app.post(`${INGEST_HOOKS_PATH}/on_publish_done`, options, async (request, reply) => {
    const parsed = hookBody.safeParse(request.body);
    const target = parsed.success
      ? await authorizePublish(ctx, parsed.data.app, parsed.data.stream, parsed.data.key)
      : null;
    if (!parsed.success || !target) return reply.status(403).send({ code: 403, message: 'Unknown stream' });
    await setPushing(ctx, parsed.data.app, parsed.data.stream, false);
    return { code: 0 };
  });
}
