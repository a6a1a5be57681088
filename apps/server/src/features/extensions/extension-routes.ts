import { extensionActionParams, extensionParams, extensionSettingsBody, extensionState } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import * as extensions from './extension-service.ts';

const tags = ['extensions'];

export function registerExtensionRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  app.get(
    '/v3/activity/:id/extension/:identity',
    { schema: { tags, params: extensionParams, response: { 200: extensionState } } },
    (request) => extensions.getExtension(db, callerOf(request), request.params.id, request.params.identity),
  );
  app.post(
    '/v3/activity/:id/extension/:identity',
    { schema: { tags, params: extensionParams, body: extensionSettingsBody, response: { 200: extensionState } } },
    (request) =>
      extensions.saveExtensionSettings(db, callerOf(request), request.params.id, request.params.identity, request.body),
  );
  app.post(
    '/v3/activity/:id/extension/:identity/:action',
    { schema: { tags, params: extensionActionParams, response: { 200: extensionState } } },
    (request) =>
      extensions.runExtensionAction(
        db,
        callerOf(request),
        request.params.id,
        request.params.identity,
        request.params.action,
      ),
  );
  // The same settings through the extension proxy's path (seed 001 §7 "Extensions").
  app.get(
    '/ext-proxy/:identity/activity/:id/setting',
    { schema: { tags, params: extensionParams, response: { 200: extensionState } } },
    (request) => extensions.getExtension(db, callerOf(request), request.params.id, request.params.identity),
  );
  app.post(
    '/ext-proxy/:identity/activity/:id/setting',
    { schema: { tags, params: extensionParams, body: extensionSettingsBody, response: { 200: extensionState } } },
    (request) =>
      extensions.saveExtensionSettings(db, callerOf(request), request.params.id, request.params.identity, request.body),
  );
}
