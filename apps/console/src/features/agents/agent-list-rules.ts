import {
  AGENT_PAGE_SIZE,
  AGENT_SEARCH_TYPES,
  AGENT_STATUSES,
  type AgentListQuery,
  type AgentSearchType,
  type AgentStatus,
  DEFAULT_AGENT_SEARCH_TYPE,
} from '@yanbo/contracts';

// The agent list's search (seed 000 §2, §3), apart from the screen so it can be tested as it is.

export interface AgentFilters {
  /** null: every level. */
  coopLevel: number | null;
  searchType: AgentSearchType;
  /** '': every status. */
  status: AgentStatus | '';
  content: string;
  page: number;
  pageSize: number;
}

/** What entering /agent resets to: coop level empty, search type contact, status empty, content empty, page 1 of 10. */
export const DEFAULT_AGENT_FILTERS: AgentFilters = {
  coopLevel: null,
  searchType: DEFAULT_AGENT_SEARCH_TYPE,
  status: '',
  content: '',
  page: 1,
  pageSize: AGENT_PAGE_SIZE,
};

/** The status filter's options in order: all (empty), enabled, pending (停用), disabled. */
export const AGENT_STATUS_FILTERS = ['', ...AGENT_STATUSES] as const;

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 ? number : fallback;
}

/** The filters a URL of the list holds; anything unknown falls back to the default. */
export function filtersFromSearch(params: URLSearchParams): AgentFilters {
  const searchType = params.get('searchType') as AgentSearchType;
  const status = params.get('status') as AgentStatus;
  const level = params.get('coopLevel');
  const coopLevel = level !== null && /^\d{1,3}$/.test(level) ? Number(level) : null;
  return {
    coopLevel,
    searchType: AGENT_SEARCH_TYPES.includes(searchType) ? searchType : DEFAULT_AGENT_FILTERS.searchType,
    status: AGENT_STATUSES.includes(status) ? status : '',
    content: params.get('content')?.trim() ?? '',
    page: positiveInt(params.get('page'), 1),
    pageSize: Math.min(positiveInt(params.get('pageSize'), AGENT_PAGE_SIZE), 100),
  };
}

/** The URL for some filters: only what differs from the defaults, so the plain list stays at a plain path. */
export function filtersToSearch(filters: AgentFilters): URLSearchParams {
  const params = new URLSearchParams();
  const content = filters.content.trim();
  if (content) {
    params.set('searchType', filters.searchType);
    params.set('content', content);
  } else if (filters.searchType !== DEFAULT_AGENT_FILTERS.searchType) {
    params.set('searchType', filters.searchType);
  }
  if (filters.status) params.set('status', filters.status);
  if (filters.coopLevel !== null) params.set('coopLevel', String(filters.coopLevel));
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.pageSize !== AGENT_PAGE_SIZE) params.set('pageSize', String(filters.pageSize));
  return params;
}

/** A change of any filter, or of the page size, starts again at page 1. */
export function changeFilters(filters: AgentFilters, changes: Partial<AgentFilters>): AgentFilters {
  const resetsPage =
    Object.keys(changes).some((key) => key !== 'page' && key !== 'pageSize') ||
    (changes.pageSize !== undefined && changes.pageSize !== filters.pageSize);
  return { ...filters, ...changes, page: resetsPage ? 1 : (changes.page ?? filters.page) };
}

export type AgentPageQuery = Pick<AgentListQuery, 'page' | 'pageSize'> &
  Partial<Pick<AgentListQuery, 'searchType' | 'content' | 'status' | 'coopLevel'>>;

/**
 * What GET /agent/agent (and GET /v2/agency/agent) is sent: page and pageSize always; the search type with its content
 * only when there is content; status and coop level only when chosen (empty values are dropped, seed 000 §5).
 */
export function listQuery(filters: AgentFilters): AgentPageQuery {
  const query: AgentPageQuery = { page: filters.page, pageSize: filters.pageSize };
  const content = filters.content.trim();
  if (content) {
    query.searchType = filters.searchType;
    query.content = content;
  }
  if (filters.status) query.status = filters.status;
  if (filters.coopLevel !== null) query.coopLevel = filters.coopLevel;
  return query;
}

/** Whether the list shows a search's result rather than every agent (the empty state says which). */
export function isFiltered(filters: AgentFilters): boolean {
  return Boolean(filters.content.trim()) || filters.status !== '' || filters.coopLevel !== null;
}

/** The coop levels an agent may give its lower agents: below its own (seed 000 §6), highest first. */
export function lowerCoopLevels(ownLevel: number): number[] {
  return Array.from({ length: Math.max(ownLevel, 0) }, (_, index) => ownLevel - 1 - index);
}
