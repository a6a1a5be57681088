import { commentCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as chat from './chat-service.ts';
import { registerChatSocket } from './chat-socket.ts';
import * as libraries from './comment-library-service.ts';

export function registerCommentRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, commentCalls, {
    listCommentLibraries: ({ caller, query }) => libraries.listCommentLibraries(ctx.db, caller, query),
    createCommentLibrary: ({ caller, body }) => libraries.createCommentLibrary(ctx.db, caller, body),
    updateCommentLibrary: ({ caller, params, body }) => libraries.updateCommentLibrary(ctx.db, caller, params.id, body),
    deleteCommentLibrary: ({ caller, params }) => libraries.deleteCommentLibrary(ctx.db, caller, params.id),

    listComments: ({ caller, params, query }) => chat.listComments(ctx.db, caller, params.id, query),
    deleteComments: ({ caller, params, body }) => chat.deleteComments(ctx, caller, params.id, body.ids),
    reviewComments: ({ caller, params, body }) => chat.reviewComments(ctx, caller, params.id, body),
    sendRobotComment: ({ caller, params, body }) => chat.sendRobotComment(ctx, caller, params.id, body),
    listPinnedComments: ({ caller, params, query }) => chat.listPinnedComments(ctx.db, caller, params.id, query),
    pinComment: ({ caller, params, body }) => chat.setPinned(ctx, caller, params.id, body.commentId, true),
    unpinComment: ({ caller, params, body }) => chat.setPinned(ctx, caller, params.id, body.commentId, false),
    listCommentBans: ({ caller, params }) => chat.listRestricted(ctx.db, caller, params.id, 'ban'),
    banCommenter: ({ caller, params, body }) => chat.restrict(ctx, caller, params.id, 'ban', body.userId),
    liftCommentBan: ({ caller, params, body }) => chat.lift(ctx.db, caller, params.id, 'ban', body.userId),
    getCommentFilter: ({ caller, params }) => chat.getCommentFilter(ctx.db, caller, params.id),
    setCommentFilter: ({ caller, params, body }) => chat.setCommentFilter(ctx, caller, params.id, body),
    listBlacklist: ({ caller, params }) => chat.listRestricted(ctx.db, caller, params.id, 'blacklist'),
    addToBlacklist: ({ caller, params, body }) => chat.restrict(ctx, caller, params.id, 'blacklist', body.userId),
    removeFromBlacklist: ({ caller, params, body }) => chat.lift(ctx.db, caller, params.id, 'blacklist', body.userId),
    kickViewer: ({ caller, params, body }) => chat.kickViewer(ctx, caller, params.id, body.sid),
    getChatReport: ({ caller, params }) => chat.chatReport(ctx.db, caller, params.id),
  });
  registerChatSocket(server, ctx);
}
