import { queryOptions } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, type ActivityListQuery, activityCalls, brandingCalls, metaCalls } from '@yanbo/contracts';
import { api } from './http';

// What the console loads on entry (seed 000 §2), as queries with stable keys so every page reuses the cached answer.

export type ActivitySearch = Pick<ActivityListQuery, 'page' | 'pageSize' | 'isArchived'>;

/** The entry's activity search: page 1 of the archived or the live activities, as the URL's isArchived says. */
export function entryActivitySearch(searchParams: URLSearchParams): ActivitySearch {
  return { isArchived: searchParams.get('isArchived') === 'true', page: 1, pageSize: ACTIVITY_PAGE_SIZE };
}

export const resourceConfigQuery = () =>
  queryOptions({
    queryKey: ['resource-config'],
    queryFn: ({ signal }) => api(metaCalls.getResourceConfig, { signal }),
  });

export const activitiesQuery = (search: ActivitySearch) =>
  queryOptions({
    queryKey: ['activities', search],
    queryFn: ({ signal }) => api(activityCalls.listActivities, { query: search, signal }),
  });

export const imageTemplateQuery = () =>
  queryOptions({
    queryKey: ['image-template'],
    queryFn: ({ signal }) => api(brandingCalls.getImageTemplate, { signal }),
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => api(activityCalls.listCategories, { signal }),
  });

export const ephemeralTokenQuery = () =>
  queryOptions({
    queryKey: ['ephemeral-token'],
    queryFn: ({ signal }) => api(metaCalls.createEphemeralToken, { signal }),
  });

export const customizedInfoQuery = () =>
  queryOptions({
    queryKey: ['customized-info'],
    queryFn: ({ signal }) => api(brandingCalls.getCustomizedInfo, { signal }),
  });
