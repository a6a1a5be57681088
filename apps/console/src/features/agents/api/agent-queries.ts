import { queryOptions } from '@tanstack/react-query';
import { agentCalls, subaccountCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';
import { type AgentFilters, listQuery } from '../agent-list-rules';

// The agent area's reads (seed 000 §7). Every agent read sits under agentsKey, so one invalidation after a change
// reloads the list, the agency view, the agent's own screen and its usage.

export const agentsKey = ['agents'] as const;

/** GET /agent/area: the area library changes only with a release, so it is fetched once per visit. */
export const areaLibraryQuery = () =>
  queryOptions({
    queryKey: ['agent-area'],
    queryFn: ({ signal }) => api(agentCalls.getAreaLibrary, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** GET /agent/field: the industries an agent can be in. */
export const agentFieldsQuery = () =>
  queryOptions({
    queryKey: ['agent-fields'],
    queryFn: ({ signal }) => api(agentCalls.listAgentFields, { signal }),
    staleTime: 10 * 60_000,
  });

/** GET /agent/agent: one page of the agents below the caller. */
export const agentListQuery = (filters: AgentFilters) =>
  queryOptions({
    queryKey: [...agentsKey, 'list', filters],
    queryFn: ({ signal }) => api(agentCalls.listAgents, { query: listQuery(filters), signal }),
  });

/** GET /agent/agent/{id}: one agent's information. */
export const agentQuery = (id: number) =>
  queryOptions({
    queryKey: [...agentsKey, 'one', id],
    queryFn: ({ signal }) => api(agentCalls.getAgent, { params: { id }, signal }),
    meta: { silent: true },
  });

/** GET /agent/agentusage?agentId=: what a lower-level agent uses against its credit. */
export const agentUsageQuery = (id: number) =>
  queryOptions({
    queryKey: [...agentsKey, 'usage', id],
    queryFn: ({ signal }) => api(agentCalls.getAgentUsage, { query: { agentId: id }, signal }),
  });

/** GET /agent/agent/{id}/impersonations: each time an upper agent opened this agent's console. */
export const agentImpersonationsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...agentsKey, 'impersonations', id, page],
    queryFn: ({ signal }) => api(agentCalls.listAgentImpersonations, { params: { id }, query: { page }, signal }),
  });

/** The caller's sub-accounts: its staff, one of whom may be a lower agent's account manager. */
export const managerOptionsQuery = () =>
  queryOptions({
    queryKey: ['agent-managers'],
    queryFn: ({ signal }) => api(subaccountCalls.listSubaccounts, { query: { page: 1, pageSize: 100 }, signal }),
    select: (list) => list.items.map((item) => ({ value: item.id, label: item.remark || item.username })),
  });
