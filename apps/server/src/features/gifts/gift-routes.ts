import { chatViewerId, giftCalls, giftSendCalls, VIEWER_COOKIE } from '@yanbo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { addPaidOrderKind } from '../price/index.ts';
import * as sends from './gift-send-service.ts';
import * as gifts from './gift-service.ts';

/** The viewer a watch-page call comes from: its viewer cookie, when it has a valid one. */
function viewerOf(request: FastifyRequest): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== VIEWER_COOKIE) continue;
    const parsed = chatViewerId.safeParse(value.join('='));
    return parsed.success ? parsed.data : undefined;
  }
  return undefined;
}

export function registerGiftRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, giftCalls, {
    listGifts: ({ caller, query }) => gifts.listGifts(ctx.db, caller, query),
    createGift: ({ caller, body }) => gifts.createGift(ctx.db, caller, body),
    updateGift: ({ caller, params, body }) => gifts.updateGift(ctx.db, caller, params.id, body),
    deleteGift: ({ caller, params }) => gifts.deleteGift(ctx.db, caller, params.id),
  });
  registerCalls(server, giftSendCalls, {
    listWatchGifts: ({ params }) => sends.listWatchGifts(ctx.db, params.id),
    sendWatchGift: ({ params, body, request }) => sends.sendWatchGift(ctx, params.id, viewerOf(request), body),
    getWatchGiftOrder: ({ params, request }) => sends.watchGiftOrder(ctx, params.id, viewerOf(request), params.orderId),
    listWatchTopGifts: ({ params }) => sends.watchTopGifts(ctx.db, params.id),
    listSentGifts: ({ caller, params, query }) => sends.listSentGifts(ctx.db, caller, params.id, query),
    listTopGifts: ({ caller, params, query }) => sends.topGifts(ctx.db, caller, params.id, query.limit),
    downloadTopGifts: async ({ caller, params, reply }) => {
      const csv = await sends.topGiftsCsv(ctx.db, caller, params.id);
      reply
        .header('content-disposition', `attachment; filename="top-gift-${params.id}.csv"`)
        .header('cache-control', 'no-store');
      return csv;
    },
  });
  // A viewer's paid gift is paid through the same provider, and its notification reaches the same path.
  addPaidOrderKind(ctx, sends.giftOrderPayments(ctx));
}
