import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type ChannelStatsQuery,
  invitationCalls,
  type StatsRange,
  statsAudienceCalls,
  TOP_SHARE_RANKS,
} from '@yanbo/contracts';
import { api } from '../../../app/http';

// Seed 001 §4/§8 "Statistics loaders only clear loading": a tab's loader clears loading on failure too and shows no
// toast (meta.silent); the tab says it could not load instead.
const quiet = { meta: { silent: true }, retry: false, placeholderData: keepPreviousData } as const;

/** GET /v3/activity/{id}/stats/interactive */
export const statsInteractiveQuery = (id: number, range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', id, 'interactive', range] as const,
    queryFn: ({ signal }) => api(statsAudienceCalls.getStatsInteractive, { params: { id }, query: range, signal }),
    ...quiet,
  });

/** GET /v3/activity/{id}/revenue */
export const statsRevenueQuery = (id: number, range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', id, 'revenue', range] as const,
    queryFn: ({ signal }) => api(statsAudienceCalls.getStatsRevenue, { params: { id }, query: range, signal }),
    ...quiet,
  });

/** GET /activity/{id}/stats/percentage/checkin-user and /login-user */
export const statsPercentageQuery = (id: number, range: StatsRange, kind: 'checkin' | 'login') =>
  queryOptions({
    queryKey: ['stats', id, 'percentage', kind, range] as const,
    queryFn: ({ signal }) =>
      api(
        kind === 'checkin' ? statsAudienceCalls.getCheckinUserPercentage : statsAudienceCalls.getLoginUserPercentage,
        {
          params: { id },
          query: range,
          signal,
        },
      ),
    ...quiet,
  });

/** GET /activity/stats */
export const channelStatsQuery = (query: Partial<ChannelStatsQuery>) =>
  queryOptions({
    queryKey: ['stats', 'channels', query] as const,
    queryFn: ({ signal }) => api(statsAudienceCalls.listChannelStats, { query, signal }),
    ...quiet,
  });

/** GET /activity/{id}/stats/top/share: the talent list's ranks to 100 (seed 001 §9), one page. */
export const topShareRanksQuery = (id: number) =>
  queryOptions({
    queryKey: ['stats', id, 'top-share-ranks'] as const,
    queryFn: ({ signal }) =>
      api(invitationCalls.listTopShareRanks, { params: { id }, query: { pageSize: TOP_SHARE_RANKS }, signal }),
    ...quiet,
  });
