import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  financeViewCalls,
  INCOME_PAGE_SIZE,
  type IncomeType,
  mediaCalls,
  ORDER_PAGE_SIZE,
  type StreamUsageModel,
} from '@yanbo/contracts';
import { api } from '../../../app/http';

// The finance views' calls (issue 13 "Views"): each a query keyed under ['finance', 'views'], so a payment or a
// withdrawal that reloads ['finance'] reloads them too.

const viewsKey = ['finance', 'views'] as const;

export interface TimeFilter {
  startTime?: string;
  endTime?: string;
}

/** GET /order: the earnings with their totals, 10 a page (seed 001 §9 orders page size). */
export const earningsQuery = (page: number, filter: TimeFilter & { type?: IncomeType }) =>
  queryOptions({
    queryKey: [...viewsKey, 'earnings', page, filter] as const,
    queryFn: ({ signal }) =>
      api(financeViewCalls.listEarnings, { query: { page, pageSize: ORDER_PAGE_SIZE, ...filter }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /agent/{id}/gain-details: one tab of the income breakdown, 5 a page, id desc (seed 000 §3, §7, §9). */
export const gainDetailsQuery = (agentId: number, type: IncomeType, page: number) =>
  queryOptions({
    queryKey: [...viewsKey, 'gain-details', agentId, type, page] as const,
    queryFn: ({ signal }) =>
      api(financeViewCalls.listGainDetails, {
        params: { id: agentId },
        query: { type, page, pageSize: INCOME_PAGE_SIZE, order: 'id desc' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /v3/agent/{id}/transaction: the account detail, 5 a page. */
export const transactionsQuery = (agentId: number, page: number) =>
  queryOptions({
    queryKey: [...viewsKey, 'transactions', agentId, page] as const,
    queryFn: ({ signal }) =>
      api(financeViewCalls.listTransactions, {
        params: { id: agentId },
        query: { page, pageSize: INCOME_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const redPackSummaryQuery = (agentId: number) =>
  queryOptions({
    queryKey: [...viewsKey, 'hb', agentId] as const,
    queryFn: ({ signal }) => api(financeViewCalls.getRedPackSummary, { params: { id: agentId }, signal }),
  });

export const redPackTransactionsQuery = (agentId: number, page: number) =>
  queryOptions({
    queryKey: [...viewsKey, 'hb-list', agentId, page] as const,
    queryFn: ({ signal }) =>
      api(financeViewCalls.listRedPackTransactions, {
        params: { id: agentId },
        query: { page, pageSize: ORDER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export interface DayRange {
  startTime?: string;
  endTime?: string;
}

export const streamUsageSummaryQuery = (range: DayRange) =>
  queryOptions({
    queryKey: [...viewsKey, 'stream-usage', 'summary', range] as const,
    queryFn: ({ signal }) => api(financeViewCalls.getStreamUsageSummary, { query: range, signal }),
  });

export const streamUsageQuery = (model: StreamUsageModel, range: DayRange) =>
  queryOptions({
    queryKey: [...viewsKey, 'stream-usage', model, range] as const,
    queryFn: ({ signal }) => api(financeViewCalls.getStreamUsage, { params: { model }, query: range, signal }),
    placeholderData: keepPreviousData,
  });

export const fluxResourceQuery = (agentId: number) =>
  queryOptions({
    queryKey: [...viewsKey, 'flux', agentId] as const,
    queryFn: ({ signal }) => api(financeViewCalls.getFluxResource, { params: { id: agentId }, signal }),
  });

export const fluxTransactionsQuery = (agentId: number, page: number) =>
  queryOptions({
    queryKey: [...viewsKey, 'flux-list', agentId, page] as const,
    queryFn: ({ signal }) =>
      api(financeViewCalls.listFluxTransactions, {
        params: { id: agentId },
        query: { page, pageSize: ORDER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /agent/storageUsage (the media feature's call): what the agent's files take up. */
export const storageUsageQuery = () =>
  queryOptions({
    queryKey: [...viewsKey, 'storage'] as const,
    queryFn: ({ signal }) => api(mediaCalls.getStorageUsage, { signal }),
  });

/** The board's earnings tile. */
export const activityEarningsQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...viewsKey, 'activity-earnings', activityId] as const,
    queryFn: ({ signal }) => api(financeViewCalls.getActivityEarnings, { params: { id: activityId }, signal }),
  });

export const statementQuery = (agentId: number, month: string) =>
  queryOptions({
    queryKey: [...viewsKey, 'statement', agentId, month] as const,
    queryFn: ({ signal }) => api(financeViewCalls.getStatement, { params: { id: agentId }, query: { month }, signal }),
    placeholderData: keepPreviousData,
  });

export const ledgerCheckQuery = () =>
  queryOptions({
    queryKey: [...viewsKey, 'ledger-check'] as const,
    queryFn: ({ signal }) => api(financeViewCalls.checkLedger, { signal }),
    enabled: false,
  });
