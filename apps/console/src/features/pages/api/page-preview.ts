import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import {
  type ActivityCard,
  type CatalogCard,
  MAX_CHOSEN_ACTIVITIES,
  MAX_CHOSEN_CATALOGS,
  PORTAL_ACTIVITY_LIST_PAGE_SIZE,
  pageCalls,
} from '@yanbo/contracts';
import { api } from '../../../app/http';
import { type FetchableSource, fetchKey, type PreviewNeeds } from '../preview-sources';
import { pagesKey } from './pages';

// The cards the preview draws, through the page's list calls (seed 001 §7: live, hot and new 99 at a time, chosen
// activities and catalogs by ids, a group's activities), so the preview shows the agent's real activities.

const PAGE_SIZE = PORTAL_ACTIVITY_LIST_PAGE_SIZE;

async function cardsOf(pageId: number, source: FetchableSource, signal: AbortSignal): Promise<ActivityCard[]> {
  const page = { page: 1, pageSize: PAGE_SIZE };
  switch (source.kind) {
    case 'live':
      return (await api(pageCalls.listPageLiveActivities, { params: { id: pageId }, query: page, signal })).items;
    case 'hot':
    case 'new': {
      const orderBy = source.kind === 'hot' ? 'popular' : 'latest';
      const query = { ...page, orderBy } as const;
      return (await api(pageCalls.listPageActivities, { params: { id: pageId }, query, signal })).items;
    }
    case 'group':
      return (await api(pageCalls.listGroupActivities, { params: { id: source.groupId }, query: page, signal })).items;
    case 'chosen':
      return chosenCards(pageId, source.activityIds, signal);
  }
}

async function chosenCards(pageId: number, ids: readonly number[], signal: AbortSignal): Promise<ActivityCard[]> {
  if (ids.length === 0) return [];
  const activityIds = ids.slice(0, MAX_CHOSEN_ACTIVITIES).join(',');
  return (await api(pageCalls.listPageChosenActivities, { params: { id: pageId }, query: { activityIds }, signal }))
    .items;
}

const sourceQuery = (pageId: number, source: FetchableSource) =>
  queryOptions({
    queryKey: [...pagesKey, pageId, 'preview', fetchKey(source)] as const,
    queryFn: ({ signal }) => cardsOf(pageId, source, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export interface PreviewData {
  /** Per source key, the ids of the cards its list shows, in order. */
  sources: Record<string, number[]>;
  /** Every activity card looked up, once. */
  activities: ActivityCard[];
  /** Per catalog component, its catalogs' cards in order. */
  catalogs: Record<string, CatalogCard[]>;
}

export function usePreviewData(pageId: number, needs: PreviewNeeds): PreviewData {
  const distinct = [...new Map(needs.sources.map((need) => [fetchKey(need.source), need.source])).values()];
  const lists = useQueries({ queries: distinct.map((source) => sourceQuery(pageId, source)) });
  const named = useQuery({
    queryKey: [...pagesKey, pageId, 'preview', 'named', needs.activityIds.join(',')] as const,
    queryFn: ({ signal }) => chosenCards(pageId, needs.activityIds, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const catalogIds = [...new Set(Object.values(needs.catalogs).flat())].slice(0, MAX_CHOSEN_CATALOGS);
  const catalogCards = useQuery({
    queryKey: [...pagesKey, pageId, 'preview', 'catalogs', catalogIds.join(',')] as const,
    queryFn: async ({ signal }) =>
      catalogIds.length
        ? (
            await api(pageCalls.listPageChosenCatalogs, {
              params: { id: pageId },
              query: { catalogIds: catalogIds.join(',') },
              signal,
            })
          ).items
        : [],
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

  const byFetch = new Map(distinct.map((source, index) => [fetchKey(source), lists[index]?.data ?? []]));
  const activities = new Map<number, ActivityCard>();
  for (const card of [...byFetch.values()].flat()) activities.set(card.id, card);
  for (const card of named.data ?? []) activities.set(card.id, card);
  const sources: Record<string, number[]> = {};
  for (const need of needs.sources) {
    const cards = byFetch.get(fetchKey(need.source)) ?? [];
    sources[need.key] = cards.slice(0, need.num).map((card) => card.id);
  }
  const catalogsById = new Map((catalogCards.data ?? []).map((card) => [card.id, card]));
  const catalogs: Record<string, CatalogCard[]> = {};
  for (const [componentId, ids] of Object.entries(needs.catalogs)) {
    catalogs[componentId] = ids.flatMap((id) => {
      const card = catalogsById.get(id);
      return card ? [card] : [];
    });
  }
  return { sources, activities: [...activities.values()], catalogs };
}
