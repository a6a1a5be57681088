import { invitationCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { activityDownload } from '../exports/index.ts';
import { audienceViewerOf } from '../watch/index.ts';
import * as invitations from './invitation-service.ts';

export function registerInvitationRoutes(server: FastifyInstance, ctx: AppContext) {
  const topShareDownload = activityDownload(ctx.database, 'top-share');
  registerCalls(server, invitationCalls, {
    openInvitationCard: async ({ params, body, request, reply }) => {
      reply.header('cache-control', 'no-store');
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return invitations.openInvitationCard(ctx.db, params.id, viewer.viewerId, body);
    },
    listTopShare: ({ caller, params }) => invitations.listTopShare(ctx.db, caller, params.id),
    listGuestTopShare: ({ params }) => invitations.listGuestTopShare(ctx.db, params.id),
    listTopPromotion: ({ caller, params }) => invitations.listTopPromotion(ctx.db, caller, params.id),
    listInvitees: ({ caller, params, query }) => invitations.listInvitees(ctx.db, caller, params.id, query),
    listTopShareRanks: (context) =>
      // Seed 001 §7: …/stats/top/share?format=csv is the ranking's download (the top 100, streamed).
      context.query.format === 'csv'
        ? topShareDownload(context)
        : invitations.listTopShareRanks(ctx.db, context.caller, context.params.id, context.query),
  });
}
