import { activityCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { destroyActivity } from './activity-destroy.ts';
import * as groups from './activity-groups.ts';
import { listActivities, listCategories } from './activity-list.ts';
import * as activities from './activity-service.ts';
import { getActivityUsage } from './activity-usage.ts';

export function registerActivityRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, activityCalls, {
    listActivities: ({ caller, query }) => listActivities(ctx, caller, query),
    createActivity: ({ caller, body }) => activities.createActivity(ctx, caller, body),
    deleteActivities: ({ caller, body }) => activities.deleteActivities(ctx, caller, body.ids),
    getActivity: ({ caller, params }) => activities.getActivity(ctx, caller, params.id),
    updateActivity: ({ caller, params, body }) => activities.updateActivity(ctx, caller, params.id, body),
    deleteActivity: ({ caller, params }) => activities.deleteActivities(ctx, caller, [params.id]),
    archiveActivity: ({ caller, params, body }) => activities.archiveActivity(ctx, caller, params.id, body.isArchived),
    copyActivity: ({ caller, params }) => activities.copyActivity(ctx, caller, params.id),
    copyChannel: ({ caller, params }) => activities.copyChannel(ctx, caller, params.id),
    listActivitySubagents: ({ caller }) => activities.listActivitySubagents(ctx.db, caller),
    duplicateActivity: ({ caller, params, body }) => activities.copyActivity(ctx, caller, params.id, body.name),
    createActivities: ({ caller, body }) => activities.createActivities(ctx, caller, body.activities),
    destroyActivity: ({ caller, params, request }) =>
      destroyActivity(ctx, caller, params.id, (line) => request.log.warn(line)),
    getActivityUsage: ({ caller, params }) => getActivityUsage(ctx, caller, params.id),
    listCategories: () => listCategories(ctx.db),
    listActivityGroups: ({ caller }) => groups.listActivityGroups(ctx.db, caller),
    createActivityGroup: ({ caller, body }) => groups.createActivityGroup(ctx.db, caller, body.name),
    renameActivityGroup: ({ caller, params, body }) => groups.renameActivityGroup(ctx.db, caller, params.id, body.name),
    deleteActivityGroup: ({ caller, params }) => groups.deleteActivityGroup(ctx.db, caller, params.id),
  });
}
