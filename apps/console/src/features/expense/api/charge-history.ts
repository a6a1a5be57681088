import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ChargeHistory, EXPENSE_PAGE_SIZE } from '@yanbo/contracts';
import { http } from '../../../app/http';

// GET /agent/charge-history: loaded on entry with pageSize 10 (seed 000 §2), filtered by startTime/endTime.

export interface ChargeFilters {
  page: number;
  startTime?: string;
  endTime?: string;
}

export const chargeHistoryQuery = (filters: ChargeFilters) =>
  queryOptions({
    queryKey: ['expense', 'charge-history', filters],
    queryFn: ({ signal }) =>
      http.get<ChargeHistory>('/agent/charge-history', { ...filters, pageSize: EXPENSE_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
