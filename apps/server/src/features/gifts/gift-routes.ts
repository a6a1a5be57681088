import { giftCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as gifts from './gift-service.ts';

export function registerGiftRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, giftCalls, {
    listGifts: ({ caller, query }) => gifts.listGifts(ctx.db, caller, query),
    createGift: ({ caller, body }) => gifts.createGift(ctx.db, caller, body),
    updateGift: ({ caller, params, body }) => gifts.updateGift(ctx.db, caller, params.id, body),
    deleteGift: ({ caller, params }) => gifts.deleteGift(ctx.db, caller, params.id),
  });
}
