import { queryOptions } from '@tanstack/react-query';
import { activityCalls, catalogCalls, pageCalls } from '@yanbo/contracts';
import type { SearchSource } from '../../../app/components/search-select';
import { api } from '../../../app/http';

// What a component's panel offers to pick: the agent's own activities, activity groups, catalogs and pages (the server
// lists only the caller's, and checks every id again when the page is saved).

const PICK_PAGE_SIZE = 100;

/** Catalogs to pick, searched by name (the first 100). */
export const catalogSource: SearchSource<{ id: number; name: string }> = {
  key: ['pages', 'options', 'catalogs'],
  search: (name, signal) =>
    api(catalogCalls.listCatalogs, { query: { name, page: 1, pageSize: PICK_PAGE_SIZE }, signal }),
};

export const groupOptionsQuery = () =>
  queryOptions({
    queryKey: ['pages', 'options', 'groups'] as const,
    queryFn: ({ signal }) => api(activityCalls.listActivityGroups, { signal }),
  });

/** The agent's pages a link may lead to (the first 100, newest first). */
export const pageOptionsQuery = () =>
  queryOptions({
    queryKey: ['pages', 'options', 'pages'] as const,
    queryFn: ({ signal }) => api(pageCalls.listPages, { query: { page: 1, pageSize: PICK_PAGE_SIZE }, signal }),
  });
