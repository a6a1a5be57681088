import { VIEWER_MOBILE_COOKIE, watchCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { clientOf } from '../../platform/auth.ts';
import { registerCalls } from '../../platform/calls.ts';
import { audienceViewerOf } from './audience-viewer.ts';
import { gateViewerOf } from './gate-viewer.ts';
import { newViewerId, viewerIdOf, viewerSetCookie } from './viewer-cookie.ts';
import { followPushing } from './watch-events.ts';
import * as watch from './watch-service.ts';
import { sendSignInCode, signIn } from './watch-sign-in.ts';
import { sendSubscribeCode, subscribe } from './watch-subscribe.ts';
import { getWechatShare } from './wechat-share.ts';

/** The audience's calls: public (no console session), under /api/watch/{id}. */
export function registerWatchRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, watchCalls, {
    getWatchPage: ({ params, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return watch.getWatchPage(ctx, params.id, gateViewerOf(ctx, request));
    },
    enterWatchCode: ({ params, body, request }) => watch.enterWatchCode(ctx, params.id, body.code, clientOf(request)),
    startVisit: async ({ params, body, request, reply }) => {
      // No signed viewer cookie (none, forged, or an unsigned one from before cookies were signed): a new browser,
      // given its anonymous id even when signed in by SMS (the visit counts for the mobile's id, audience-viewer.ts).
      const viewer = await audienceViewerOf(ctx, request, params.id);
      const browserId = viewer.browserId ?? newViewerId();
      const viewerId = viewer.viewerId ?? browserId;
      const started = await watch.startVisit(ctx, params.id, body, clientOf(request), { viewerId, browserId });
      if (!viewer.browserId) reply.header('set-cookie', viewerSetCookie(ctx.secretKey, browserId));
      return started;
    },
    sendHeartbeat: async ({ params, body, request }) =>
      watch.heartbeat(ctx.db, params.id, body.visitId, await audienceViewerOf(ctx, request, params.id), body.latencyMs),
    sendSubscribeCode: ({ params, body, request }) => sendSubscribeCode(ctx, params.id, body.mobile, clientOf(request)),
    subscribe: ({ params, body, request }) => subscribe(ctx, params.id, body, clientOf(request)),
    sendSignInCode: ({ params, body, request }) => sendSignInCode(ctx, params.id, body.mobile, clientOf(request)),
    signIn: async ({ params, body, request, reply }) => {
      const signedIn = await signIn(ctx, params.id, body, clientOf(request), viewerIdOf(ctx, request));
      reply.header(
        'set-cookie',
        `${VIEWER_MOBILE_COOKIE}=${signedIn.token}; Path=/; Max-Age=${signedIn.maxAgeSeconds}; HttpOnly; SameSite=Lax`,
      );
      return signedIn.answer;
    },
    signOut: async ({ params, request, reply }) => {
      await watch.publicActivity(ctx.db, params.id);
      // The browser's open visits here count for its anonymous id again, as its chat will.
      const browserId = viewerIdOf(ctx, request);
      if (browserId) await watch.followViewerChange(ctx.db, params.id, browserId, browserId);
      reply.header('set-cookie', `${VIEWER_MOBILE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
      return { ok: true as const };
    },
    followPushing: ({ params, request, reply }) => followPushing(ctx, params.id, request, reply),
    getWechatShare: ({ params, query, request, reply }) => {
      // Signed with a timestamp and a nonce of its own: never reused from a cache.
      reply.header('cache-control', 'no-store');
      return getWechatShare(ctx, params.id, query.url, request.host, clientOf(request));
    },
  });
}
