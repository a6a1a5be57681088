import {
  extensionCalls,
  QUESTIONNAIRE_MAX_QUESTIONS,
  QUESTIONNAIRE_TEXT_MAX_LENGTH,
  statsToday,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { PUBLIC_BODY_LIMIT, registerCalls } from '../../platform/calls.ts';
import { csvFromCells, sendFile } from '../exports/index.ts';
import { audienceViewerOf } from '../watch/index.ts';
import * as extensions from './extension-service.ts';
import * as questionnaire from './questionnaire-service.ts';

/**
 * An answer sheet may be larger than the watch page's other forms: every question of the largest questionnaire
 * answered with the longest text, each character escaped at its longest in JSON (\u00xx), and the form's own room.
 */
const ANSWER_BODY_LIMIT = QUESTIONNAIRE_MAX_QUESTIONS * QUESTIONNAIRE_TEXT_MAX_LENGTH * 6 + PUBLIC_BODY_LIMIT;

export function registerExtensionRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  registerCalls(server, extensionCalls, {
    getExtension: ({ caller, params }) => extensions.getExtension(ctx, caller, params.id, params.identity),
    saveExtensionSettings: ({ caller, params, body }) =>
      extensions.saveExtensionSettings(ctx, caller, params.id, params.identity, body),
    runExtensionAction: ({ caller, params }) =>
      extensions.runExtensionAction(ctx, caller, params.id, params.identity, params.action),
    getProxiedExtensionSettings: ({ caller, params }) =>
      extensions.getExtension(ctx, caller, params.id, params.identity),
    saveProxiedExtensionSettings: ({ caller, params, body }) =>
      extensions.saveExtensionSettings(ctx, caller, params.id, params.identity, body),

    getQuestionnaireResults: ({ caller, params, query }) =>
      questionnaire.questionnaireResults(db, caller, params.id, query.version),
    listQuestionnaireTextAnswers: ({ caller, params, query }) =>
      questionnaire.questionnaireTextAnswers(db, caller, params.id, query),
    downloadQuestionnaireAnswers: async ({ caller, params, query, reply }) => {
      const sheets = await questionnaire.questionnaireSheets(db, caller, params.id, query.version);
      return sendFile(reply, {
        name: `问卷结果-${params.id}-${statsToday()}`,
        asciiName: `questionnaire-${params.id}`,
        format: 'csv',
        body: csvFromCells(sheets.headings, sheets.rows),
      });
    },
    getWatchQuestionnaire: async ({ params, request }) =>
      questionnaire.watchQuestionnaire(db, params.id, await audienceViewerOf(ctx, request, params.id)),
    answerQuestionnaire: {
      options: { bodyLimit: ANSWER_BODY_LIMIT },
      handler: async ({ params, body, request }) =>
        questionnaire.answerQuestionnaire(ctx, params.id, await audienceViewerOf(ctx, request, params.id), body),
    },
  });
}
