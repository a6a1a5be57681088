import { sensitiveWordCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as words from './sensitive-word-service.ts';

export function registerSensitiveWordRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, sensitiveWordCalls, {
    listSensitiveWordLists: ({ caller, query }) => words.listSensitiveWordLists(ctx.db, caller, query),
    createSensitiveWordList: ({ caller, body }) => words.createSensitiveWordList(ctx.db, caller, body),
    updateSensitiveWordList: ({ caller, params, body }) =>
      words.updateSensitiveWordList(ctx.db, caller, params.id, body),
    checkSensitiveWords: ({ caller, body }) => words.checkSensitiveWords(ctx.db, caller, body),
  });
}
