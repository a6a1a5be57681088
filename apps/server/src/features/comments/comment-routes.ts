import { commentCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as libraries from './comment-library-service.ts';

export function registerCommentRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, commentCalls, {
    listCommentLibraries: ({ caller, query }) => libraries.listCommentLibraries(ctx.db, caller, query),
    createCommentLibrary: ({ caller, body }) => libraries.createCommentLibrary(ctx.db, caller, body),
    updateCommentLibrary: ({ caller, params, body }) => libraries.updateCommentLibrary(ctx.db, caller, params.id, body),
    deleteCommentLibrary: ({ caller, params }) => libraries.deleteCommentLibrary(ctx.db, caller, params.id),
  });
}
