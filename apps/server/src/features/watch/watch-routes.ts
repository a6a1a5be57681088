import { VIEWER_COOKIE, WATCH_TOKEN_HEADER, watchCalls } from '@yanbo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { clientOf } from '../../platform/auth.ts';
import { registerCalls } from '../../platform/calls.ts';
import { followPushing } from './watch-events.ts';
import * as watch from './watch-service.ts';
import { sendSubscribeCode, subscribe } from './watch-subscribe.ts';

const VIEWER_COOKIE_MAX_AGE = 365 * 86_400;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The viewer cookie's id, when it is a well-formed one. */
export const viewerOf = (request: FastifyRequest) => {
  const value = cookieOf(request, VIEWER_COOKIE);
  return watch.validViewerId(value) ? value : undefined;
};

/** The audience's calls: public (no console session), under /api/watch/{id}. */
export function registerWatchRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, watchCalls, {
    getWatchPage: ({ params, request, reply }) => {
      reply.header('cache-control', 'no-store');
      const token = request.headers[WATCH_TOKEN_HEADER];
      return watch.getWatchPage(ctx, params.id, typeof token === 'string' ? token : undefined);
    },
    enterWatchCode: ({ params, body, request }) => watch.enterWatchCode(ctx, params.id, body.code, clientOf(request)),
    startVisit: async ({ params, body, request, reply }) => {
      const known = viewerOf(request);
      const viewerId = known ?? watch.newViewerId();
      const started = await watch.startVisit(ctx, params.id, body, clientOf(request), viewerId);
      if (!known) {
        reply.header(
          'set-cookie',
          `${VIEWER_COOKIE}=${viewerId}; Path=/; Max-Age=${VIEWER_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax`,
        );
      }
      return started;
    },
    sendHeartbeat: ({ params, body, request }) => watch.heartbeat(ctx.db, params.id, body.visitId, viewerOf(request)),
    sendSubscribeCode: ({ params, body, request }) => sendSubscribeCode(ctx, params.id, body.mobile, clientOf(request)),
    subscribe: ({ params, body, request }) => subscribe(ctx, params.id, body, clientOf(request)),
    followPushing: ({ params, request, reply }) => followPushing(ctx, params.id, request, reply),
  });
}
