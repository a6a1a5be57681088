import { rewardCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { createRedPackRecharge, getRedPackRecharge } from '../price/index.ts';
import { audienceViewerOf } from '../watch/index.ts';
import * as lottery from './lottery-service.ts';
import * as redPackets from './red-packet-service.ts';

export function registerRewardRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  registerCalls(server, rewardCalls, {
    listLotteryDraws: ({ caller, params, query }) => lottery.listLotteryDraws(db, caller, params.id, query),
    drawLottery: ({ caller, params }) => lottery.drawLottery(ctx, caller, params.id),
    getRedPackBalance: ({ caller }) => redPackets.getBalance(db, caller),
    rechargeRedPack: ({ caller, body }) => createRedPackRecharge(ctx, caller, body),
    getRedPackRecharge: ({ caller, params }) => getRedPackRecharge(ctx, caller, params.orderId),
    listRedPackets: ({ caller, params, query }) => redPackets.listRedPackets(db, caller, params.id, query),
    sendRedPacket: ({ caller, params, body }) => redPackets.sendRedPacket(ctx, caller, params.id, body),
    listRedPacketGrabs: ({ caller, params }) => redPackets.listRedPacketGrabs(db, caller, params.id, params.packetId),
    listWatchRedPackets: async ({ params, request, reply }) => {
      reply.header('cache-control', 'no-store');
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return redPackets.listWatchRedPackets(db, params.id, viewer.viewerId);
    },
    grabRedPacket: async ({ params, request }) => {
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return redPackets.grabRedPacket(db, params.id, params.packetId, viewer.viewerId, viewer.browserId);
    },
  });
}
