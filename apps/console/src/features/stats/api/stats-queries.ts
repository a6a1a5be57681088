import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type StatsRange, statsCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';

// The statistics loaders: loading is cleared on failure too, and a failure shows no toast (seed 001 §4, §8); each
// card says it could not load instead.
const quiet = { meta: { silent: true }, retry: false, placeholderData: keepPreviousData } as const;

/** GET /activity/{id}/stats */
export const statsOverviewQuery = (id: number, range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', id, 'overview', range] as const,
    queryFn: ({ signal }) => api(statsCalls.getStatsOverview, { params: { id }, query: range, signal }),
    ...quiet,
  });

/** GET /v3/activity/{id}/stats/timeline */
export const statsTimelineQuery = (id: number, range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', id, 'timeline', range] as const,
    queryFn: ({ signal }) => api(statsCalls.getStatsTimeline, { params: { id }, query: range, signal }),
    ...quiet,
  });

/** GET /v3/activity/{id}/stats/referrer/json */
export const statsReferrerQuery = (id: number, range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', id, 'referrer', range] as const,
    queryFn: ({ signal }) => api(statsCalls.getStatsReferrers, { params: { id }, query: range, signal }),
    ...quiet,
  });

/** GET /v3/activity/{id}/stats/device/json */
export const statsDeviceQuery = (id: number, range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', id, 'device', range] as const,
    queryFn: ({ signal }) => api(statsCalls.getStatsDevices, { params: { id }, query: range, signal }),
    ...quiet,
  });

/** GET /v3/activity/{id}/stats/user-visits: visitAt descending, 10 a page. */
export const statsUserVisitsQuery = (id: number, range: StatsRange, page: number) =>
  queryOptions({
    queryKey: ['stats', id, 'user-visits', range, page] as const,
    queryFn: ({ signal }) => api(statsCalls.listStatsUserVisits, { params: { id }, query: { ...range, page }, signal }),
    ...quiet,
  });

/** GET /v3/activity/{id}/stats/region/json */
export const statsRegionQuery = (id: number, range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', id, 'region', range] as const,
    queryFn: ({ signal }) => api(statsCalls.getStatsRegions, { params: { id }, query: range, signal }),
    ...quiet,
  });

/** GET /v3/activity/{id}/stats/online: the concurrent-viewer curve, real and virtual apart. */
export const statsOnlineQuery = (id: number, range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', id, 'online', range] as const,
    queryFn: ({ signal }) => api(statsCalls.getStatsOnline, { params: { id }, query: range, signal }),
    ...quiet,
  });
