import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import {
  activitiesQuery,
  categoriesQuery,
  customizedInfoQuery,
  entryActivitySearch,
  ephemeralTokenQuery,
  imageTemplateQuery,
  resourceConfigQuery,
} from './entry-queries';
import { getManageToken } from './manage-token';

// Cached data is good enough here (the pages' own queries refresh what goes stale), and a failure is shown once, by
// the entry error screen, not also as a toast.
const entryLoad = { staleTime: 'static', meta: { silent: true } } as const;

/**
 * The global entry rule (seed 000 §2): without a stored manage token, go to /login; otherwise load, in this order,
 * resource configuration, the activity search, the image template, channel categories, a message token and custom
 * info. What is cached is reused, so the rule can run on every navigation and still cost nothing.
 */
export function createEntryLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!getManageToken()) throw redirect('/login');
    const { searchParams } = new URL(request.url);
    await queryClient.query({ ...resourceConfigQuery(), ...entryLoad });
    await queryClient.query({ ...activitiesQuery(entryActivitySearch(searchParams)), ...entryLoad });
    await queryClient.query({ ...imageTemplateQuery(), ...entryLoad });
    await queryClient.query({ ...categoriesQuery(), ...entryLoad });
    await queryClient.query({ ...ephemeralTokenQuery(), ...entryLoad });
    await queryClient.query({ ...customizedInfoQuery(), ...entryLoad });
    return null;
  };
}
