import { interactionCalls } from '@yanbo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { audienceViewerOf } from '../watch/index.ts';
import * as checkins from './checkin-service.ts';
import * as questions from './question-service.ts';
import * as votes from './vote-service.ts';

export function registerInteractionRoutes(server: FastifyInstance, ctx: AppContext) {
  /** The viewer taking part: its signed-in mobile's id, else its browser's (the watch feature's one rule). */
  const viewerOn = async (request: FastifyRequest, activityId: number) =>
    (await audienceViewerOf(ctx, request, activityId)).viewerId;
  registerCalls(server, interactionCalls, {
    listVotes: ({ caller, params, query }) => votes.listVotes(ctx.db, caller, params.id, query),
    createVote: ({ caller, params, body }) => votes.createVote(ctx.db, caller, params.id, body),
    updateVote: ({ caller, params, body }) => votes.updateVote(ctx, caller, params.id, params.voteId, body),
    deleteVote: ({ caller, params }) => votes.deleteVote(ctx, caller, params.id, params.voteId),
    listAgentVotes: ({ caller, query }) => votes.listAgentVotes(ctx.db, caller, query),
    getAgentVote: ({ caller, params }) => votes.getAgentVote(ctx.db, caller, params.id),
    listCheckins: ({ caller, params, query }) => checkins.listCheckins(ctx.db, caller, params.id, query),
    startCheckin: ({ caller, params, body }) => checkins.startCheckin(ctx, caller, params.id, body),
    endCheckin: ({ caller, params }) => checkins.endCheckin(ctx, caller, params.id, params.checkinId),
    listCheckinUsers: ({ caller, params, query }) =>
      checkins.listCheckinUsers(ctx.db, caller, params.id, params.checkinId, query),
    listQuestions: ({ caller, params, query }) => questions.listQuestions(ctx.db, caller, params.id, query),
    answerQuestion: ({ caller, params, body }) =>
      questions.answerQuestion(ctx, caller, params.id, params.questionId, body.answer),
    deleteQuestion: ({ caller, params }) => questions.deleteQuestion(ctx, caller, params.id, params.questionId),

    listWatchVotes: async ({ params, request }) =>
      votes.listWatchVotes(ctx.db, params.id, await viewerOn(request, params.id)),
    castBallot: async ({ params, body, request }) => {
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return votes.castBallot(ctx, params.id, params.voteId, viewer.viewerId, body, viewer.browserId);
    },
    getWatchCheckin: async ({ params, request }) =>
      checkins.watchCheckin(ctx.db, params.id, await viewerOn(request, params.id)),
    takeCheckin: async ({ params, body, request }) => {
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return checkins.takeCheckin(
        ctx,
        params.id,
        params.checkinId,
        viewer.viewerId,
        body.nickname,
        viewer.browserId,
        viewer.mobile,
      );
    },
    listWatchQuestions: async ({ params, query, request }) =>
      questions.listWatchQuestions(ctx.db, params.id, await viewerOn(request, params.id), query),
    askQuestion: async ({ params, body, request }) =>
      questions.askQuestion(ctx, params.id, await viewerOn(request, params.id), body),
  });
}
