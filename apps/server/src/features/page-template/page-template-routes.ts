import { pageTemplateCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as templates from './template-service.ts';

export function registerPageTemplateRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  registerCalls(server, pageTemplateCalls, {
    getTemplate: ({ caller, params }) => templates.getTemplate(db, caller, params.id),
    saveTemplate: ({ caller, params, body }) => templates.saveTemplate(db, caller, params.id, body),
    inheritPreviousTemplate: ({ caller, params }) => templates.inheritPreviousTemplate(db, caller, params.id),
  });
}
