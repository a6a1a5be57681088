import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { activityCalls, catalogCalls, pageCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';

// What a component's panel offers to pick: the agent's own activities, activity groups, catalogs and pages (the server
// lists only the caller's, and checks every id again when the page is saved).

const PICK_PAGE_SIZE = 100;

/** What a searched picker offers: the agent's activities or catalogs, both listed by name. */
export type NamedKind = 'activities' | 'catalogs';

/** Activities (pushing ones first) or catalogs to pick, searched by name (the first 100). */
export const namedOptionsQuery = (kind: NamedKind, name: string) =>
  queryOptions({
    queryKey: ['pages', 'options', kind, name] as const,
    queryFn: async ({ signal }): Promise<{ items: { id: number; name: string }[] }> => {
      const query = { name, page: 1, pageSize: PICK_PAGE_SIZE };
      return kind === 'activities'
        ? api(activityCalls.listActivities, { query, signal })
        : api(catalogCalls.listCatalogs, { query, signal });
    },
    placeholderData: keepPreviousData,
  });

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
