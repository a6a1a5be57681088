import { ephemeralToken, resourceConfig } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import { ERROR_CATALOGUE } from '../../platform/error-catalogue.ts';
import { createMessageToken, getResourceConfig } from './meta-service.ts';

const tags = ['meta'];

export function registerMetaRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', { config: { auth: false }, schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/error-codes', { config: { auth: false }, schema: { tags } }, async () => ERROR_CATALOGUE);
  app.get('/v3/resource-config', { schema: { tags, response: { 200: resourceConfig } } }, () => getResourceConfig(ctx));
  app.post('/ephemeral-token', { schema: { tags, response: { 200: ephemeralToken } } }, (request) =>
    createMessageToken(ctx, callerOf(request)),
  );
}
