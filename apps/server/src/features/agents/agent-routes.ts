import {
  type AreaLibrary,
  agencyAgentList,
  agentCoopBody,
  agentCreateBody,
  agentCreditBody,
  agentCreditResult,
  agentFieldList,
  agentImpersonationList,
  agentImpersonationQuery,
  agentListQuery,
  agentStatusBody,
  agentUpdateBody,
  agentUsage,
  agentUsageQuery,
  areaLibrary as areaLibrarySchema,
  idParams,
  managedAgent,
  managedAgentList,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import * as agents from './agent-service.ts';
import { getAgentUsage } from './agent-usage.ts';
import { areaLibrary, areaLibraryGzip } from './area-library.ts';

const tags = ['agents'];

/**
 * The seeds spell some paths with a trailing slash (POST /agent/agent/, PUT /agent/agent/{id}/coop/,
 * PUT /agent/agentcredit/); each also answers without it, hidden from the OpenAPI document.
 */
const spellings = (url: string) => [
  { url, hide: false },
  { url: url.replace(/\/$/, ''), hide: true },
];

export function registerAgentRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  // The area library changes only with the package's version: the browser keeps it a day and revalidates by ETag.
  app.get(
    '/agent/area',
    { schema: { tags, response: { 200: areaLibrarySchema, 304: z.null().describe('Not modified') } } },
    async (request, reply) => {
      const library = areaLibrary();
      // Weak: the gzipped and the plain answer are the same library.
      const etag = `W/"${library.version}"`;
      reply.header('cache-control', 'private, max-age=86400').header('etag', etag);
      reply.header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        // Fastify sends a Buffer as it is, past the serializer: the library was checked once when it was zipped.
        const body = areaLibraryGzip() as unknown as AreaLibrary;
        return reply.header('content-encoding', 'gzip').type('application/json; charset=utf-8').send(body);
      }
      return library;
    },
  );
  app.get('/agent/field', { schema: { tags, response: { 200: agentFieldList } } }, () => agents.listFields(ctx.db));
  app.get(
    '/agent/agent',
    { schema: { tags, querystring: agentListQuery, response: { 200: managedAgentList } } },
    (request) => agents.listAgents(ctx.db, callerOf(request), request.query),
  );
  for (const { url, hide } of spellings('/agent/agent/')) {
    app.post(url, { schema: { tags, hide, body: agentCreateBody, response: { 200: managedAgent } } }, (request) =>
      agents.createAgent(ctx, callerOf(request), request.body),
    );
  }
  app.get('/agent/agent/:id', { schema: { tags, params: idParams, response: { 200: managedAgent } } }, (request) =>
    agents.getAgent(ctx.db, callerOf(request), request.params.id),
  );
  app.put(
    '/agent/agent/:id',
    { schema: { tags, params: idParams, body: agentUpdateBody, response: { 200: managedAgent } } },
    (request) => agents.updateAgent(ctx, callerOf(request), request.params.id, request.body),
  );
  for (const { url, hide } of spellings('/agent/agent/:id/coop/')) {
    app.put(
      url,
      { schema: { tags, hide, params: idParams, body: agentCoopBody, response: { 200: managedAgent } } },
      (request) => agents.updateCoop(ctx, callerOf(request), request.params.id, request.body),
    );
  }
  app.put(
    '/agent/agent/:id/status',
    { schema: { tags, params: idParams, body: agentStatusBody, response: { 200: managedAgent } } },
    (request) => agents.setAgentStatus(ctx, callerOf(request), request.params.id, request.body.status),
  );
  for (const { url, hide } of spellings('/agent/agentcredit/')) {
    app.put(url, { schema: { tags, hide, body: agentCreditBody, response: { 200: agentCreditResult } } }, (request) =>
      agents.setAgentCredit(ctx, callerOf(request), request.body),
    );
  }
  app.get(
    '/agent/agentusage',
    { schema: { tags, querystring: agentUsageQuery, response: { 200: agentUsage } } },
    (request) => getAgentUsage(ctx, callerOf(request), request.query.agentId),
  );
  app.get(
    '/agent/agent/:id/impersonations',
    {
      schema: {
        tags,
        params: idParams,
        querystring: agentImpersonationQuery,
        response: { 200: agentImpersonationList },
      },
    },
    (request) => agents.listImpersonations(ctx.db, callerOf(request), request.params.id, request.query),
  );
  app.get(
    '/v2/agency/agent',
    { schema: { tags, querystring: agentListQuery, response: { 200: agencyAgentList } } },
    (request) => agents.listAgency(ctx.db, callerOf(request), request.query),
  );
}
