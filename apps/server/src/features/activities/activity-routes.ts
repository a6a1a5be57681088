import { activityList, activityListQuery, categoryList } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import { listActivities, listCategories } from './activity-service.ts';

const tags = ['activities'];

export function registerActivityRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/activity',
    { schema: { tags, querystring: activityListQuery, response: { 200: activityList } } },
    (request) => listActivities(ctx.db, callerOf(request), request.query),
  );
  app.get('/category/', { schema: { tags, response: { 200: categoryList } } }, () => listCategories(ctx.db));
}
