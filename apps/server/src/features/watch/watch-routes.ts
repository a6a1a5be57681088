import {
  heartbeatInput,
  heartbeatResult,
  VIEWER_COOKIE,
  visitInput,
  visitStarted,
  WATCH_TOKEN_HEADER,
  watchCodeInput,
  watchPage,
  watchParams,
  watchToken,
} from '@yanbo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { clientOf } from '../../platform/auth.ts';
import { agentChannel, type RealtimeEvent } from '../../platform/realtime/hub.ts';
import * as watch from './watch-service.ts';

const tags = ['watch'];
const config = { auth: false };
const SSE_HEARTBEAT_MS = 15_000;
const VIEWER_COOKIE_MAX_AGE = 365 * 86_400;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const viewerOf = (request: FastifyRequest) => {
  const value = cookieOf(request, VIEWER_COOKIE);
  return watch.validViewerId(value) ? value : undefined;
};

/** The audience's calls: public (no console session), under /api/watch/{id}. */
export function registerWatchRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/watch/:id',
    { config, schema: { tags, params: watchParams, response: { 200: watchPage } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.headers[WATCH_TOKEN_HEADER];
      return watch.getWatchPage(ctx, request.params.id, typeof token === 'string' ? token : undefined);
    },
  );
  app.post(
    '/watch/:id/watchcode',
    { config, schema: { tags, params: watchParams, body: watchCodeInput, response: { 200: watchToken } } },
    (request) => watch.enterWatchCode(ctx, request.params.id, request.body.code, clientOf(request)),
  );
  app.post(
    '/watch/:id/visit',
    { config, schema: { tags, params: watchParams, body: visitInput, response: { 200: visitStarted } } },
    async (request, reply) => {
      const known = viewerOf(request);
      const viewerId = known ?? watch.newViewerId();
      const started = await watch.startVisit(ctx, request.params.id, request.body, clientOf(request), viewerId);
      if (!known) {
        reply.header(
          'set-cookie',
          `${VIEWER_COOKIE}=${viewerId}; Path=/; Max-Age=${VIEWER_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax`,
        );
      }
      return started;
    },
  );
  app.post(
    '/watch/:id/heartbeat',
    { config, schema: { tags, params: watchParams, body: heartbeatInput, response: { 200: heartbeatResult } } },
    (request) => watch.heartbeat(ctx.db, request.params.id, request.body.visitId, viewerOf(request)),
  );
  // The page follows isPushing live: the agent's realtime channel, narrowed to this activity's push state.
  app.get('/watch/:id/events', { config, schema: { tags, params: watchParams } }, async (request, reply) => {
    const activity = await watch.publicActivity(ctx.db, request.params.id);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (isPushing: boolean) => res.write(`event: pushing\ndata: ${JSON.stringify({ isPushing })}\n\n`);
    res.write('retry: 3000\n\n');
    const unsubscribe = ctx.realtime.subscribe(agentChannel(activity.agentId), (event: RealtimeEvent) => {
      if (event.type === 'activity.pushing' && event.activityId === activity.id) send(Boolean(event.isPushing));
    });
    // Read once more after subscribing, so a push that changed in between is not missed.
    const now = await ctx.db
      .selectFrom('activities')
      .select('isPushing')
      .where('id', '=', activity.id)
      .executeTakeFirst();
    send(now?.isPushing ?? false);
    const keepAlive = setInterval(() => res.write(': ping\n\n'), SSE_HEARTBEAT_MS);
    request.raw.once('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  });
}
