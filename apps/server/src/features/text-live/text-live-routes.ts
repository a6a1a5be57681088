import { textLiveCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as textLive from './text-live-service.ts';

export function registerTextLiveRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, textLiveCalls, {
    listTextLivePosts: ({ caller, params, query }) => textLive.listTextLivePosts(ctx.db, caller, params.id, query),
    createTextLivePost: ({ caller, params, body }) => textLive.createTextLivePost(ctx, caller, params.id, body),
    deleteTextLivePost: ({ caller, params }) => textLive.deleteTextLivePost(ctx, caller, params.id, params.postId),
    listWatchTextLivePosts: ({ params, query }) => textLive.listWatchTextLivePosts(ctx.db, params.id, query),
  });
}
