import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { EXPENSE_PAGE_SIZE, expenseCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';

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
      api(expenseCalls.getChargeHistory, { query: { ...filters, pageSize: EXPENSE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
