import {
  activityDetail,
  activityGroup,
  activityGroupInput,
  activityGroupList,
  activityIds,
  activityInput,
  activityList,
  activityListQuery,
  activitySubagentList,
  activityUpdate,
  activityUsage,
  archiveBody,
  bulkActivityBody,
  bulkActivityResult,
  categoryList,
  duplicateBody,
  idParams,
  ok,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import { destroyActivity } from './activity-destroy.ts';
import * as groups from './activity-groups.ts';
import { listActivities, listCategories } from './activity-list.ts';
import * as activities from './activity-service.ts';
import { getActivityUsage } from './activity-usage.ts';

const tags = ['activities'];

export function registerActivityRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/activity',
    { schema: { tags, querystring: activityListQuery, response: { 200: activityList } } },
    (request) => listActivities(ctx, callerOf(request), request.query),
  );
  app.post('/activity', { schema: { tags, body: activityInput, response: { 200: activityDetail } } }, (request) =>
    activities.createActivity(ctx, callerOf(request), request.body),
  );
  app.delete('/activity', { schema: { tags, body: activityIds, response: { 200: ok } } }, (request) =>
    activities.deleteActivities(ctx, callerOf(request), request.body.ids),
  );
  app.get('/activity/:id', { schema: { tags, params: idParams, response: { 200: activityDetail } } }, (request) =>
    activities.getActivity(ctx, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id',
    { schema: { tags, params: idParams, body: activityUpdate, response: { 200: activityDetail } } },
    (request) => activities.updateActivity(ctx, callerOf(request), request.params.id, request.body),
  );
  app.delete('/activity/:id', { schema: { tags, params: idParams, response: { 200: ok } } }, (request) =>
    activities.deleteActivities(ctx, callerOf(request), [request.params.id]),
  );
  app.put(
    '/activity/:id/archive',
    { schema: { tags, params: idParams, body: archiveBody, response: { 200: activityDetail } } },
    (request) => activities.archiveActivity(ctx, callerOf(request), request.params.id, request.body.isArchived),
  );
  app.post('/activity/:id/copy', { schema: { tags, params: idParams, response: { 200: activityDetail } } }, (request) =>
    activities.copyActivity(ctx, callerOf(request), request.params.id),
  );
  app.post(
    '/activity/:id/copy-channel',
    { schema: { tags, params: idParams, response: { 200: activityDetail } } },
    (request) => activities.copyChannel(ctx, callerOf(request), request.params.id),
  );
  app.get('/activity/subagent', { schema: { tags, response: { 200: activitySubagentList } } }, (request) =>
    activities.listActivitySubagents(ctx.db, callerOf(request)),
  );
  app.post(
    '/v3/activity/:id/duplicate',
    { schema: { tags, params: idParams, body: duplicateBody, response: { 200: activityDetail } } },
    (request) => activities.copyActivity(ctx, callerOf(request), request.params.id, request.body.name),
  );
  app.post(
    '/v3/activity/bulk-activity',
    { schema: { tags, body: bulkActivityBody, response: { 200: bulkActivityResult } } },
    (request) => activities.createActivities(ctx, callerOf(request), request.body.activities),
  );
  app.post('/v3/activity/:id/destroy', { schema: { tags, params: idParams, response: { 200: ok } } }, (request) =>
    destroyActivity(ctx, callerOf(request), request.params.id),
  );
  app.get(
    '/v3/activity/:id/usage',
    { schema: { tags, params: idParams, response: { 200: activityUsage } } },
    (request) => getActivityUsage(ctx, callerOf(request), request.params.id),
  );
  app.get('/category/', { schema: { tags, response: { 200: categoryList } } }, () => listCategories(ctx.db));

  app.get('/agent/activity-group', { schema: { tags, response: { 200: activityGroupList } } }, (request) =>
    groups.listActivityGroups(ctx.db, callerOf(request)),
  );
  app.post(
    '/agent/activity-group',
    { schema: { tags, body: activityGroupInput, response: { 200: activityGroup } } },
    (request) => groups.createActivityGroup(ctx.db, callerOf(request), request.body.name),
  );
  app.put(
    '/agent/activity-group/:id',
    { schema: { tags, params: idParams, body: activityGroupInput, response: { 200: activityGroup } } },
    (request) => groups.renameActivityGroup(ctx.db, callerOf(request), request.params.id, request.body.name),
  );
  app.delete('/agent/activity-group/:id', { schema: { tags, params: idParams, response: { 200: ok } } }, (request) =>
    groups.deleteActivityGroup(ctx.db, callerOf(request), request.params.id),
  );
}
