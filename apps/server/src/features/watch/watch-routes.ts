import {
  ERROR_CODES,
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
import { tooManyRequests } from '../../platform/errors.ts';
import { acquireAll } from '../../platform/rate-limit.ts';
import { agentChannel, type RealtimeEvent } from '../../platform/realtime/hub.ts';
import * as watch from './watch-service.ts';

const tags = ['watch'];
const config = { auth: false };
const SSE_HEARTBEAT_MS = 15_000;
/** The audience's calls carry a code, a referrer and ids: a stranger's body is refused past this (413). */
const PUBLIC_BODY_LIMIT = 16 * 1024;
/**
 * Open event streams (issue 8: one client held 1,100): a viewer has one per open page. An office watching its own
 * event from behind one address is many viewers, so an address holds at most STREAMS_PER_IP_PER_ACTIVITY on one
 * activity and STREAMS_PER_IP in all, and the process at most STREAMS_TOTAL; past a cap the stream is answered 429
 * (the page then plays on without following the push live).
 */
const STREAMS_PER_IP_PER_ACTIVITY = 50;
const STREAMS_PER_IP = 100;
const STREAMS_TOTAL = 20_000;
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
    {
      config,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, params: watchParams, body: watchCodeInput, response: { 200: watchToken } },
    },
    (request) => watch.enterWatchCode(ctx, request.params.id, request.body.code, clientOf(request)),
  );
  app.post(
    '/watch/:id/visit',
    {
      config,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, params: watchParams, body: visitInput, response: { 200: visitStarted } },
    },
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
    {
      config,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, params: watchParams, body: heartbeatInput, response: { 200: heartbeatResult } },
    },
    (request) => watch.heartbeat(ctx.db, request.params.id, request.body.visitId, viewerOf(request)),
  );
  // The page follows isPushing live: the agent's realtime channel, narrowed to this activity's push state.
  app.get('/watch/:id/events', { config, schema: { tags, params: watchParams } }, async (request, reply) => {
    const activity = await watch.publicActivity(ctx.db, request.params.id);
    const release = await acquireAll(ctx.limits, [
      { key: `watch-stream:ip-activity:${request.ip}:${activity.id}`, max: STREAMS_PER_IP_PER_ACTIVITY },
      { key: `watch-stream:ip:${request.ip}`, max: STREAMS_PER_IP },
      { key: 'watch-stream:total', max: STREAMS_TOTAL },
    ]);
    if (!release) throw tooManyRequests('Too many open event streams', ERROR_CODES.rateLimited);
    reply.hijack();
    const res = reply.raw;
    // Cleanup is in place before anything is awaited, so a viewer gone meanwhile gives its place back.
    let keepAlive: NodeJS.Timeout | undefined;
    let unsubscribe = () => {};
    res.once('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      release();
    });
    if (!res.socket || res.socket.destroyed) {
      release();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (isPushing: boolean) => res.write(`event: pushing\ndata: ${JSON.stringify({ isPushing })}\n\n`);
    res.write('retry: 3000\n\n');
    unsubscribe = ctx.realtime.subscribe(agentChannel(activity.agentId), (event: RealtimeEvent) => {
      if (event.type === 'activity.pushing' && event.activityId === activity.id) send(Boolean(event.isPushing));
    });
    if (res.destroyed) unsubscribe();
    // Read once more after subscribing, so a push that changed in between is not missed.
    const now = await ctx.db
      .selectFrom('activities')
      .select('isPushing')
      .where('id', '=', activity.id)
      .executeTakeFirst();
    if (res.destroyed) return;
    send(now?.isPushing ?? false);
    keepAlive = setInterval(() => res.write(': ping\n\n'), SSE_HEARTBEAT_MS);
  });
}
