import { type AreaLibrary, agentCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { type CallHandlers, registerCalls } from '../../platform/calls.ts';
import * as agents from './agent-service.ts';
import { getAgentUsage } from './agent-usage.ts';
import { areaLibrary, areaLibraryGzip } from './area-library.ts';

/** The entries whose paths the seeds spell with a trailing slash: each also answers without it. */
const SLASHED = ['createAgent', 'updateAgentCoop', 'setAgentCredit'] as const;

export function registerAgentRoutes(server: FastifyInstance, ctx: AppContext) {
  const handlers: CallHandlers<typeof agentCalls> = {
    // The area library changes only with the package's version: the browser keeps it a day and revalidates by ETag.
    getAreaLibrary: ({ request, reply }) => {
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
    listAgentFields: () => agents.listFields(ctx.db),
    listAgents: ({ caller, query }) => agents.listAgents(ctx.db, caller, query),
    createAgent: ({ caller, body }) => agents.createAgent(ctx, caller, body),
    getAgent: ({ caller, params }) => agents.getAgent(ctx.db, caller, params.id),
    updateAgent: ({ caller, params, body }) => agents.updateAgent(ctx, caller, params.id, body),
    updateAgentCoop: ({ caller, params, body }) => agents.updateCoop(ctx, caller, params.id, body),
    setAgentStatus: ({ caller, params, body }) => agents.setAgentStatus(ctx, caller, params.id, body.status),
    setAgentCredit: ({ caller, body }) => agents.setAgentCredit(ctx, caller, body),
    getAgentUsage: ({ caller, query }) => getAgentUsage(ctx, caller, query.agentId),
    listAgentImpersonations: ({ caller, params, query }) => agents.listImpersonations(ctx.db, caller, params.id, query),
    listAgency: ({ caller, query }) => agents.listAgency(ctx.db, caller, query),
  };
  registerCalls(server, agentCalls, handlers);

  // The same calls without the trailing slash, left out of the OpenAPI document (the entry documents the call).
  server.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    const unslashed = Object.fromEntries(
      SLASHED.map((name) => [name, { ...agentCalls[name], path: agentCalls[name].path.replace(/\/$/, '') }]),
    ) as Pick<typeof agentCalls, (typeof SLASHED)[number]>;
    registerCalls(scope, unslashed, {
      createAgent: handlers.createAgent,
      updateAgentCoop: handlers.updateAgentCoop,
      setAgentCredit: handlers.setAgentCredit,
    });
  });
}
