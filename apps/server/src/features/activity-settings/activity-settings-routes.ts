import { activitySettingsCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as settings from './activity-settings-service.ts';
import { getSmsUsage } from './sms-usage.ts';

export function registerActivitySettingsRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  registerCalls(server, activitySettingsCalls, {
    getMenu: ({ caller, params }) => settings.getMenu(db, caller, params.id),
    saveMenu: ({ caller, params, body }) => settings.saveMenu(db, caller, params.id, body.items),
    listSubscribers: ({ caller, params, query }) => settings.listSubscribers(db, caller, params.id, query),
    getWatchCode: ({ caller, params }) => settings.getWatchCode(db, caller, params.id),
    updateWatchCode: ({ caller, params, body }) => settings.updateWatchCode(db, caller, params.id, body),
    refreshWatchCode: ({ caller, params }) => settings.refreshWatchCode(db, caller, params.id),
    getShareCard: ({ caller, params }) => settings.getShareCard(db, caller, params.id),
    updateShareCard: ({ caller, params, body }) => settings.updateShareCard(db, caller, params.id, body),
    getInvitation: ({ caller, params }) => settings.getInvitation(db, caller, params.id),
    updateInvitation: ({ caller, params, body }) => settings.updateInvitation(db, caller, params.id, body),
    getManager: ({ caller, params }) => settings.getManager(db, caller, params.id),
    updateManager: ({ caller, params, body }) => settings.updateManager(db, caller, params.id, body),
    getOfficialUser: ({ caller, params }) => settings.getOfficialUser(db, caller, params.id),
    getSmsUsage: ({ caller, params, query }) => getSmsUsage(db, caller, params.id, query),
  });
}
