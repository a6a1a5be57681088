import { queryOptions } from '@tanstack/react-query';
import type {
  AgentFieldList,
  AgentImpersonationList,
  AgentUsage,
  AreaLibrary,
  ManagedAgent,
  ManagedAgentList,
  SubaccountList,
} from '@yanbo/contracts';
import { http } from '../../../app/http';
import { type AgentFilters, listQuery } from '../agent-list-rules';

// The agent area's reads (seed 000 §7). Every agent read sits under agentsKey, so one invalidation after a change
// reloads the list, the agency view, the agent's own screen and its usage.

export const agentsKey = ['agents'] as const;

/** GET /agent/area: the area library changes only with a release, so it is fetched once per visit. */
export const areaLibraryQuery = () =>
  queryOptions({
    queryKey: ['agent-area'],
    queryFn: ({ signal }) => http.get<AreaLibrary>('/agent/area', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** GET /agent/field: the industries an agent can be in. */
export const agentFieldsQuery = () =>
  queryOptions({
    queryKey: ['agent-fields'],
    queryFn: ({ signal }) => http.get<AgentFieldList>('/agent/field', undefined, { signal }),
    staleTime: 10 * 60_000,
  });

/** GET /agent/agent: one page of the agents below the caller. */
export const agentListQuery = (filters: AgentFilters) =>
  queryOptions({
    queryKey: [...agentsKey, 'list', filters],
    queryFn: ({ signal }) => http.get<ManagedAgentList>('/agent/agent', listQuery(filters), { signal }),
  });

/** GET /agent/agent/{id}: one agent's information. */
export const agentQuery = (id: number) =>
  queryOptions({
    queryKey: [...agentsKey, 'one', id],
    queryFn: ({ signal }) => http.get<ManagedAgent>(`/agent/agent/${id}`, undefined, { signal }),
    meta: { silent: true },
  });

/** GET /agent/agentusage?agentId=: what a lower-level agent uses against its credit. */
export const agentUsageQuery = (id: number) =>
  queryOptions({
    queryKey: [...agentsKey, 'usage', id],
    queryFn: ({ signal }) => http.get<AgentUsage>('/agent/agentusage', { agentId: id }, { signal }),
  });

/** GET /agent/agent/{id}/impersonations: each time an upper agent opened this agent's console. */
export const agentImpersonationsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...agentsKey, 'impersonations', id, page],
    queryFn: ({ signal }) =>
      http.get<AgentImpersonationList>(`/agent/agent/${id}/impersonations`, { page }, { signal }),
  });

/** The caller's sub-accounts: its staff, one of whom may be a lower agent's account manager. */
export const managerOptionsQuery = () =>
  queryOptions({
    queryKey: ['agent-managers'],
    queryFn: ({ signal }) => http.get<SubaccountList>('/agent/subagent', { page: 1, pageSize: 100 }, { signal }),
    select: (list) => list.items.map((item) => ({ value: item.id, label: item.remark || item.username })),
  });
