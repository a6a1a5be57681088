import { customizedInfo, imageTemplate } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import { getCustomizedInfo, getImageTemplate } from './branding-service.ts';

const tags = ['branding'];

export function registerBrandingRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/agent/activity/template', { schema: { tags, response: { 200: imageTemplate } } }, (request) =>
    getImageTemplate(ctx.db, callerOf(request)),
  );
  app.get('/v3/agent/customized-info', { schema: { tags, response: { 200: customizedInfo } } }, (request) =>
    getCustomizedInfo(ctx.db, callerOf(request)),
  );
}
