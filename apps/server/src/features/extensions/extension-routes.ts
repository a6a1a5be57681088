import { extensionCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as extensions from './extension-service.ts';

export function registerExtensionRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  registerCalls(server, extensionCalls, {
    getExtension: ({ caller, params }) => extensions.getExtension(db, caller, params.id, params.identity),
    saveExtensionSettings: ({ caller, params, body }) =>
      extensions.saveExtensionSettings(db, caller, params.id, params.identity, body),
    runExtensionAction: ({ caller, params }) =>
      extensions.runExtensionAction(db, caller, params.id, params.identity, params.action),
    getProxiedExtensionSettings: ({ caller, params }) =>
      extensions.getExtension(db, caller, params.id, params.identity),
    saveProxiedExtensionSettings: ({ caller, params, body }) =>
      extensions.saveExtensionSettings(db, caller, params.id, params.identity, body),
  });
}
