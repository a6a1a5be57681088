import { queryOptions } from '@tanstack/react-query';
import { agentCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';
import { type AgentFilters, listQuery } from '../agent-list-rules';
import { agentsKey } from './agent-queries';

/** GET /v2/agency/agent: the agents below the caller with what each runs (items and pager, seed 001 §7). */
export const agencyListQuery = (filters: AgentFilters) =>
  queryOptions({
    queryKey: [...agentsKey, 'agency', filters],
    queryFn: ({ signal }) => api(agentCalls.listAgency, { query: listQuery(filters), signal }),
  });
