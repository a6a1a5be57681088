import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ActivityList, activityCalls } from '@yanbo/contracts';
import { useMemo } from 'react';
import { activitiesQuery, entryActivitySearch } from '../../../app/entry-queries';
import { api } from '../../../app/http';
import {
  type ActivityFilters,
  ALL_GROUPS,
  ALL_STATUSES,
  ALL_SUBAGENTS,
  ARCHIVED_GROUP,
  DEFAULT_FILTERS,
  listQuery,
  mergePages,
  nextPage,
} from '../activity-list-rules';

/** Every activity list in the cache sits under this key (the entry load's search too), so one invalidation reloads them. */
export const activityListsKey = ['activities'] as const;

export const activityListQuery = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: [...activityListsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      api(activityCalls.listActivities, { query: listQuery(filters, pageParam), signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.pager),
  });

/**
 * The entry load already fetched page 1 of the plain list or of the archive (seed 000 §2); when the filters are
 * exactly that search, the list starts from it instead of asking again.
 */
function entrySearchFor(filters: ActivityFilters) {
  const plain =
    (filters.groupId === ALL_GROUPS || filters.groupId === ARCHIVED_GROUP) &&
    filters.status === ALL_STATUSES &&
    !filters.name &&
    filters.subagentId === ALL_SUBAGENTS;
  if (!plain) return undefined;
  const params = new URLSearchParams(filters.groupId === ARCHIVED_GROUP ? 'isArchived=true' : '');
  return activitiesQuery(entryActivitySearch(params)).queryKey;
}

/** The list for some filters: page 1 replaces what was shown (with loading), later pages append (seed 001 §4). */
export function useActivityList(filters: ActivityFilters) {
  const queryClient = useQueryClient();
  const entryKey = entrySearchFor(filters);
  const query = useInfiniteQuery({
    ...activityListQuery(filters),
    placeholderData: keepPreviousData,
    initialData: () => {
      const first = entryKey && queryClient.getQueryData<ActivityList>(entryKey);
      return first ? { pages: [first], pageParams: [1] } : undefined;
    },
    initialDataUpdatedAt: () => (entryKey ? queryClient.getQueryState(entryKey)?.dataUpdatedAt : undefined),
  });
  const pages = query.data?.pages;
  const rows = useMemo(() => mergePages(pages ?? []), [pages]);
  const total = pages?.at(-1)?.pager.total ?? 0;
  return { ...query, rows, total };
}

/**
 * 最近直播: the activities pushing right now. The list is ordered isPushing first (seed 001 §9), so they lead page 1
 * of the live (not archived) activities.
 */
export const recentLiveQuery = () =>
  queryOptions({
    queryKey: [...activityListsKey, 'recent-live'],
    queryFn: ({ signal }) => api(activityCalls.listActivities, { query: listQuery(DEFAULT_FILTERS, 1), signal }),
    select: (list) => list.items.filter((activity) => activity.isPushing),
  });
