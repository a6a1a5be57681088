import { subaccountCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as groups from './subaccount-groups.ts';
import * as subaccounts from './subaccount-service.ts';

export function registerSubaccountRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, subaccountCalls, {
    listSubaccounts: ({ caller, query }) => subaccounts.listSubaccounts(ctx, caller, query),
    createSubaccount: ({ caller, body }) => subaccounts.createSubaccount(ctx, caller, body),
    refreshSubaccountToken: ({ caller, query }) => subaccounts.refreshSubaccountToken(ctx, caller, query.id),
    updateSubaccount: ({ caller, params, body }) => subaccounts.updateSubaccount(ctx, caller, params.id, body),
    deleteSubaccount: ({ caller, params }) => subaccounts.deleteSubaccount(ctx, caller, params.id),
    countSubaccounts: ({ caller }) => subaccounts.countSubaccounts(ctx, caller),
    listSubaccountGroups: ({ caller }) => groups.listSubaccountGroups(ctx.db, caller),
    createSubaccountGroup: ({ caller, body }) => groups.createSubaccountGroup(ctx.db, caller, body.name),
    getSubaccountGroup: ({ caller, params }) => groups.ownSubaccountGroup(ctx.db, caller, params.id),
    renameSubaccountGroup: ({ caller, params, body }) =>
      groups.renameSubaccountGroup(ctx.db, caller, params.id, body.name),
    deleteSubaccountGroup: ({ caller, params }) => groups.deleteSubaccountGroup(ctx.db, caller, params.id),
  });
}
