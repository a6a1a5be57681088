import { giftCalls, giftSendCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { addPaidOrderKind } from '../price/index.ts';
import { audienceViewerOf } from '../watch/index.ts';
import * as sends from './gift-send-service.ts';
import * as gifts from './gift-service.ts';

export function registerGiftRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, giftCalls, {
    listGifts: ({ caller, query }) => gifts.listGifts(ctx.db, caller, query),
    createGift: ({ caller, body }) => gifts.createGift(ctx.db, caller, body),
    updateGift: ({ caller, params, body }) => gifts.updateGift(ctx.db, caller, params.id, body),
    deleteGift: ({ caller, params }) => gifts.deleteGift(ctx.db, caller, params.id),
  });
  registerCalls(server, giftSendCalls, {
    listWatchGifts: ({ params }) => sends.listWatchGifts(ctx.db, params.id),
    sendWatchGift: async ({ params, body, request }) => {
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return sends.sendWatchGift(ctx, params.id, viewer.viewerId, body);
    },
    getWatchGiftOrder: async ({ params, request }) => {
      // An order placed before the viewer signed in (or out) in this browser is still its own to follow.
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return sends.watchGiftOrder(ctx, params.id, [viewer.viewerId, viewer.browserId], params.orderId);
    },
    listWatchTopGifts: ({ params }) => sends.watchTopGifts(ctx.db, params.id),
    listSentGifts: ({ caller, params, query }) => sends.listSentGifts(ctx.db, caller, params.id, query),
    listTopGifts: ({ caller, params, query }) => sends.topGifts(ctx.db, caller, params.id, query.limit),
  });
  // A viewer's paid gift is paid through the same provider, and its notification reaches the same path.
  addPaidOrderKind(ctx, sends.giftOrderPayments(ctx));
}
