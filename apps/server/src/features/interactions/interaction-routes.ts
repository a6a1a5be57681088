import { interactionCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { viewerIdOf } from '../watch/index.ts';
import * as checkins from './checkin-service.ts';
import * as questions from './question-service.ts';
import * as votes from './vote-service.ts';

export function registerInteractionRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, interactionCalls, {
    listVotes: ({ caller, params, query }) => votes.listVotes(ctx.db, caller, params.id, query),
    createVote: ({ caller, params, body }) => votes.createVote(ctx.db, caller, params.id, body),
    updateVote: ({ caller, params, body }) => votes.updateVote(ctx, caller, params.id, params.voteId, body),
    deleteVote: ({ caller, params }) => votes.deleteVote(ctx, caller, params.id, params.voteId),
    listCheckins: ({ caller, params, query }) => checkins.listCheckins(ctx.db, caller, params.id, query),
    startCheckin: ({ caller, params, body }) => checkins.startCheckin(ctx, caller, params.id, body),
    endCheckin: ({ caller, params }) => checkins.endCheckin(ctx, caller, params.id, params.checkinId),
    listCheckinUsers: ({ caller, params, query }) =>
      checkins.listCheckinUsers(ctx.db, caller, params.id, params.checkinId, query),
    listQuestions: ({ caller, params, query }) => questions.listQuestions(ctx.db, caller, params.id, query),
    answerQuestion: ({ caller, params, body }) =>
      questions.answerQuestion(ctx, caller, params.id, params.questionId, body.answer),
    deleteQuestion: ({ caller, params }) => questions.deleteQuestion(ctx, caller, params.id, params.questionId),

    listWatchVotes: ({ params, request }) => votes.listWatchVotes(ctx.db, params.id, viewerIdOf(ctx, request)),
    castBallot: ({ params, body, request }) =>
      votes.castBallot(ctx, params.id, params.voteId, viewerIdOf(ctx, request), body),
    getWatchCheckin: ({ params, request }) => checkins.watchCheckin(ctx.db, params.id, viewerIdOf(ctx, request)),
    takeCheckin: ({ params, body, request }) =>
      checkins.takeCheckin(ctx, params.id, params.checkinId, viewerIdOf(ctx, request), body.nickname),
    listWatchQuestions: ({ params, query, request }) =>
      questions.listWatchQuestions(ctx.db, params.id, viewerIdOf(ctx, request), query),
    askQuestion: ({ params, body, request }) => questions.askQuestion(ctx, params.id, viewerIdOf(ctx, request), body),
  });
}
