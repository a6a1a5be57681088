import { metaCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { ERROR_CATALOGUE } from '../../platform/error-catalogue.ts';
import { createMessageToken, getResourceConfig } from './meta-service.ts';

export function registerMetaRoutes(server: FastifyInstance, ctx: AppContext) {
  // The liveness probe is the deployment's, not a call of the console or the watch page: it stays out of the API
  // document.
  server.get('/healthz', { config: { auth: false }, schema: { hide: true } }, async () => ({ ok: true }));
  registerCalls(server, metaCalls, {
    getErrorCodes: () => ERROR_CATALOGUE,
    getResourceConfig: () => getResourceConfig(ctx),
    createEphemeralToken: ({ caller }) => createMessageToken(ctx, caller),
  });
}
