import {
  idParams,
  ok,
  subaccount,
  subaccountCount,
  subaccountCreateBody,
  subaccountGroup,
  subaccountGroupInput,
  subaccountGroupList,
  subaccountList,
  subaccountListQuery,
  subaccountTokenQuery,
  subaccountTokenRefresh,
  subaccountUpdateBody,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import * as groups from './subaccount-groups.ts';
import * as subaccounts from './subaccount-service.ts';

const tags = ['subaccounts'];

export function registerSubaccountRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/agent/subagent',
    { schema: { tags, querystring: subaccountListQuery, response: { 200: subaccountList } } },
    (request) => subaccounts.listSubaccounts(ctx, callerOf(request), request.query),
  );
  app.post(
    '/agent/subagent',
    { schema: { tags, body: subaccountCreateBody, response: { 200: subaccount } } },
    (request) => subaccounts.createSubaccount(ctx, callerOf(request), request.body),
  );
  app.get(
    '/agent/subagent/token',
    { schema: { tags, querystring: subaccountTokenQuery, response: { 200: subaccountTokenRefresh } } },
    (request) => subaccounts.refreshSubaccountToken(ctx, callerOf(request), request.query.id),
  );
  app.put(
    '/agent/subagent/:id',
    { schema: { tags, params: idParams, body: subaccountUpdateBody, response: { 200: subaccount } } },
    (request) => subaccounts.updateSubaccount(ctx, callerOf(request), request.params.id, request.body),
  );
  app.delete('/agent/subagent/:id', { schema: { tags, params: idParams, response: { 200: ok } } }, (request) =>
    subaccounts.deleteSubaccount(ctx, callerOf(request), request.params.id),
  );
  app.get('/v3/subagent/count', { schema: { tags, response: { 200: subaccountCount } } }, (request) =>
    subaccounts.countSubaccounts(ctx, callerOf(request)),
  );

  app.get('/v3/subagent-group', { schema: { tags, response: { 200: subaccountGroupList } } }, (request) =>
    groups.listSubaccountGroups(ctx.db, callerOf(request)),
  );
  app.post(
    '/v3/subagent-group',
    { schema: { tags, body: subaccountGroupInput, response: { 200: subaccountGroup } } },
    (request) => groups.createSubaccountGroup(ctx.db, callerOf(request), request.body.name),
  );
  app.get(
    '/v3/subagent-group/:id',
    { schema: { tags, params: idParams, response: { 200: subaccountGroup } } },
    (request) => groups.ownSubaccountGroup(ctx.db, callerOf(request), request.params.id),
  );
  app.patch(
    '/v3/subagent-group/:id',
    { schema: { tags, params: idParams, body: subaccountGroupInput, response: { 200: subaccountGroup } } },
    (request) => groups.renameSubaccountGroup(ctx.db, callerOf(request), request.params.id, request.body.name),
  );
  app.delete('/v3/subagent-group/:id', { schema: { tags, params: idParams, response: { 200: ok } } }, (request) =>
    groups.deleteSubaccountGroup(ctx.db, callerOf(request), request.params.id),
  );
}
