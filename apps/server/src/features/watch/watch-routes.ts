import { VIEWER_COOKIE, VIEWER_MOBILE_COOKIE, WATCH_TOKEN_HEADER, watchCalls } from '@yanbo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { clientOf } from '../../platform/auth.ts';
import { registerCalls } from '../../platform/calls.ts';
import { followPushing } from './watch-events.ts';
import * as watch from './watch-service.ts';
import { sendSignInCode, signIn } from './watch-sign-in.ts';
import { sendSubscribeCode, subscribe } from './watch-subscribe.ts';

const VIEWER_COOKIE_MAX_AGE = 365 * 86_400;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The watch page's viewer: its cookie, when it holds a valid viewer id. */
export const viewerIdOf = (request: FastifyRequest) => {
  const value = cookieOf(request, VIEWER_COOKIE);
  return watch.validViewerId(value) ? value : undefined;
};

/** The audience's calls: public (no console session), under /api/watch/{id}. */
export function registerWatchRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, watchCalls, {
    getWatchPage: ({ params, request, reply }) => {
      reply.header('cache-control', 'no-store');
      const token = request.headers[WATCH_TOKEN_HEADER];
      return watch.getWatchPage(
        ctx,
        params.id,
        typeof token === 'string' ? token : undefined,
        cookieOf(request, VIEWER_MOBILE_COOKIE),
      );
    },
    enterWatchCode: ({ params, body, request }) => watch.enterWatchCode(ctx, params.id, body.code, clientOf(request)),
    startVisit: async ({ params, body, request, reply }) => {
      const known = viewerIdOf(request);
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
    sendHeartbeat: ({ params, body, request }) =>
      watch.heartbeat(ctx.db, params.id, body.visitId, viewerIdOf(request), body.latencyMs),
    sendSubscribeCode: ({ params, body, request }) => sendSubscribeCode(ctx, params.id, body.mobile, clientOf(request)),
    subscribe: ({ params, body, request }) => subscribe(ctx, params.id, body, clientOf(request)),
    sendSignInCode: ({ params, body, request }) => sendSignInCode(ctx, params.id, body.mobile, clientOf(request)),
    signIn: async ({ params, body, request, reply }) => {
      const signedIn = await signIn(ctx, params.id, body, clientOf(request));
      reply.header(
        'set-cookie',
        `${VIEWER_MOBILE_COOKIE}=${signedIn.token}; Path=/; Max-Age=${signedIn.maxAgeSeconds}; HttpOnly; SameSite=Lax`,
      );
      return signedIn.answer;
    },
    signOut: async ({ params, reply }) => {
      await watch.publicActivity(ctx.db, params.id);
      reply.header('set-cookie', `${VIEWER_MOBILE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
      return { ok: true as const };
    },
    followPushing: ({ params, request, reply }) => followPushing(ctx, params.id, request, reply),
  });
}
