import { queryOptions } from '@tanstack/react-query';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityList,
  type ActivityListQuery,
  type CustomizedInfo,
  type categoryList,
  type EphemeralToken,
  type ImageTemplate,
  type ResourceConfig,
} from '@yanbo/contracts';
import type { z } from 'zod';
import { http } from './http';

// What the console loads on entry (seed 000 §2), as queries with stable keys so every page reuses the cached answer.

export type CategoryList = z.infer<typeof categoryList>;

export type ActivitySearch = Pick<ActivityListQuery, 'page' | 'pageSize' | 'isArchived'>;

/** The entry's activity search: page 1 of the archived or the live activities, as the URL's isArchived says. */
export function entryActivitySearch(searchParams: URLSearchParams): ActivitySearch {
  return { isArchived: searchParams.get('isArchived') === 'true', page: 1, pageSize: ACTIVITY_PAGE_SIZE };
}

export const resourceConfigQuery = () =>
  queryOptions({
    queryKey: ['resource-config'],
    queryFn: ({ signal }) => http.get<ResourceConfig>('/v3/resource-config', undefined, { signal }),
  });

export const activitiesQuery = (search: ActivitySearch) =>
  queryOptions({
    queryKey: ['activities', search],
    queryFn: ({ signal }) => http.get<ActivityList>('/activity', search, { signal }),
  });

export const imageTemplateQuery = () =>
  queryOptions({
    queryKey: ['image-template'],
    queryFn: ({ signal }) => http.get<ImageTemplate>('/agent/activity/template', undefined, { signal }),
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => http.get<CategoryList>('/category/', undefined, { signal }),
  });

export const ephemeralTokenQuery = () =>
  queryOptions({
    queryKey: ['ephemeral-token'],
    queryFn: ({ signal }) => http.post<EphemeralToken>('/ephemeral-token', undefined, { signal }),
  });

export const customizedInfoQuery = () =>
  queryOptions({
    queryKey: ['customized-info'],
    queryFn: ({ signal }) => http.get<CustomizedInfo>('/v3/agent/customized-info', undefined, { signal }),
  });
