import {
  ACTIVITY_PAGE_SIZE,
  type ActivityList,
  type ActivityListItem,
  type ActivityListQuery,
  type ActivitySummary,
  activityStatusFilter,
  type Pager,
} from '@yanbo/contracts';

// The activity list's rules (seed 001 §3, §4), kept apart from the screen so they can be tested as they are.

/** Synthetic entries the console adds to the lists it gets (seed 001 §3). */
export const ALL_GROUPS = -1;
export const ARCHIVED_GROUP = -2;
export const ALL_SUBAGENTS = -1;

/** The status filter's values as the API takes them: -1 no filter, unenabled 未开始, enabled 直播中 (seed 001 §4). */
export const STATUS_FILTERS = ['-1', 'unenabled', 'enabled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const ALL_STATUSES: StatusFilter = '-1';

export interface ActivityFilters {
  groupId: number;
  status: StatusFilter;
  name: string;
  subagentId: number;
}

export const DEFAULT_FILTERS: ActivityFilters = {
  groupId: ALL_GROUPS,
  status: ALL_STATUSES,
  name: '',
  subagentId: ALL_SUBAGENTS,
};

function intParam(value: string | null, fallback: number): number {
  const number = Number(value);
  return value !== null && value !== '' && Number.isInteger(number) ? number : fallback;
}

/**
 * The filters a URL holds. The archived group travels as isArchived=true, the flag the entry load's activity search
 * honours (seed 000 §2), so a reload of the archive asks for the same page the list shows.
 */
export function filtersFromSearch(params: URLSearchParams): ActivityFilters {
  const status = params.get('status');
  return {
    groupId: params.get('isArchived') === 'true' ? ARCHIVED_GROUP : intParam(params.get('groupId'), ALL_GROUPS),
    status: STATUS_FILTERS.includes(status as StatusFilter) ? (status as StatusFilter) : ALL_STATUSES,
    name: params.get('name')?.trim() ?? '',
    subagentId: intParam(params.get('subagentId'), ALL_SUBAGENTS),
  };
}

/** The URL for some filters: only what differs from the defaults, so the plain list stays at a plain '/'. */
export function filtersToSearch(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.groupId === ARCHIVED_GROUP) params.set('isArchived', 'true');
  else if (filters.groupId !== ALL_GROUPS) params.set('groupId', String(filters.groupId));
  if (filters.status !== ALL_STATUSES) params.set('status', filters.status);
  if (filters.name.trim()) params.set('name', filters.name.trim());
  if (filters.subagentId !== ALL_SUBAGENTS) params.set('subagentId', String(filters.subagentId));
  return params;
}

/** What the list sends for one page (seed 001 §7: name, page, pageSize, isArchived, status, groupId, subagentId). */
export type ActivityPageQuery = Pick<ActivityListQuery, 'page' | 'pageSize'> &
  Partial<Pick<ActivityListQuery, 'name' | 'isArchived' | 'status' | 'groupId' | 'subagentId'>>;

export function listQuery(filters: ActivityFilters, page: number): ActivityPageQuery {
  const query: ActivityPageQuery = { page, pageSize: ACTIVITY_PAGE_SIZE, isArchived: false };
  if (filters.groupId === ARCHIVED_GROUP) query.isArchived = true;
  else if (filters.groupId !== ALL_GROUPS) query.groupId = filters.groupId;
  const status = statusQuery(filters.status);
  if (status) query.status = status;
  if (filters.name.trim()) query.name = filters.name.trim();
  if (filters.subagentId !== ALL_SUBAGENTS) query.subagentId = filters.subagentId;
  return query;
}

/** -1 means no status filter, so nothing is sent; the others go as they are (seed 001 §4). */
export function statusQuery(status: StatusFilter): ActivityListQuery['status'] {
  return status === ALL_STATUSES ? undefined : status;
}

/**
 * Whether an activity falls under a status filter: unenabled is status enabled plus progress NotStart, enabled is
 * status enabled plus progress OnGoing, -1 lets everything through (the contracts' activityStatusFilter).
 */
export function matchesStatus(activity: Pick<ActivitySummary, 'status' | 'progress'>, status: StatusFilter): boolean {
  const rule = activityStatusFilter(statusQuery(status));
  return rule === null || (activity.status === rule.status && activity.progress === rule.progress);
}

/** More pages exist while page * pageSize is less than total (seed 001 §4). */
export function hasMore(pager: Pager): boolean {
  return pager.page * pager.pageSize < pager.total;
}

export function nextPage(pager: Pager): number | undefined {
  return hasMore(pager) ? pager.page + 1 : undefined;
}

/**
 * The rows the list shows: page 1 replaces, later pages append (seed 001 §4). An activity can move between pages
 * while the user reads (it starts pushing, another is created), so a row already shown is not shown twice.
 */
export function mergePages(pages: readonly ActivityList[]): ActivityListItem[] {
  const seen = new Set<number>();
  const rows: ActivityListItem[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      rows.push(item);
    }
  }
  return rows;
}

/** The recent-live strip is refreshed only on page 1 with no group, no status and not archived (seed 001 §4). */
export function refreshesRecentLive(filters: ActivityFilters, page: number): boolean {
  return page === 1 && filters.groupId === ALL_GROUPS && filters.status === ALL_STATUSES;
}

/** A list with one activity's isPushing changed; the same object when nothing changed (so React skips a render). */
export function withPushing<T extends { items: { id: number; isPushing: boolean }[] }>(
  list: T,
  activityId: number,
  isPushing: boolean,
): T {
  const index = list.items.findIndex((item) => item.id === activityId);
  if (index < 0 || list.items[index].isPushing === isPushing) return list;
  const items = list.items.slice();
  items[index] = { ...items[index], isPushing };
  return { ...list, items };
}
