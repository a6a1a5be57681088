import { interactionCalls, VIEWER_COOKIE } from '@yanbo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as checkins from './checkin-service.ts';
import * as questions from './question-service.ts';
import * as votes from './vote-service.ts';

const VIEWER_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The watch page's viewer: its cookie (set by POST /watch/{id}/visit), when it is a well-formed id. */
function viewerOf(request: FastifyRequest): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== VIEWER_COOKIE) continue;
    const id = value.join('=');
    return VIEWER_ID.test(id) ? id : undefined;
  }
  return undefined;
}

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

    listWatchVotes: ({ params, request }) => votes.listWatchVotes(ctx.db, params.id, viewerOf(request)),
    castBallot: ({ params, body, request }) => votes.castBallot(ctx, params.id, params.voteId, viewerOf(request), body),
    getWatchCheckin: ({ params, request }) => checkins.watchCheckin(ctx.db, params.id, viewerOf(request)),
    takeCheckin: ({ params, body, request }) =>
      checkins.takeCheckin(ctx, params.id, params.checkinId, viewerOf(request), body.nickname),
    listWatchQuestions: ({ params, query, request }) =>
      questions.listWatchQuestions(ctx.db, params.id, viewerOf(request), query),
    askQuestion: ({ params, body, request }) => questions.askQuestion(ctx, params.id, viewerOf(request), body),
  });
}
