import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { activityCalls, ORDER_PAGE_SIZE, orderCalls } from '@yanbo/contracts';
import dayjs from 'dayjs';
import { api } from '../../../app/http';
import { orderTexts as t } from '../../../locales/zh-CN/orders';

// GET /agent/order (page size 10, id and company), GET /agent/order/download?admin=, GET /activity/{id}/pay.

export interface OrderFilters {
  page: number;
  id?: number;
  company?: string;
}

export const orderListQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: ['orders', 'list', filters],
    queryFn: ({ signal }) => api(orderCalls.listOrders, { query: { ...filters, pageSize: ORDER_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * The CSV comes through the one HTTP client (bearer token, timeout, error texts) and is saved from memory. The
 * client reads it as text, which drops its byte-order mark, so the mark is put back for Excel.
 */
export async function downloadOrders(admin: boolean): Promise<void> {
  const csv = await api(orderCalls.downloadOrders, { query: { admin }, headers: { accept: 'text/csv' } });
  const blob = new Blob([`\uFEFF${csv.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = t['orders.download.file'](dayjs().format('YYYY-MM-DD'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const activityPayQuery = (activityId: number, page: number) =>
  queryOptions({
    queryKey: ['orders', 'activity-pay', activityId, page],
    queryFn: ({ signal }) =>
      api(orderCalls.getActivityPayHistory, {
        params: { id: activityId },
        query: { page, pageSize: ORDER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The caller's activities, searched by name, for the pay history's picker. */
export function useActivityOptions(name: string) {
  return useQuery({
    queryKey: ['activities', 'order-options', name],
    queryFn: ({ signal }) => api(activityCalls.listActivities, { query: { name, page: 1, pageSize: 50 }, signal }),
    placeholderData: keepPreviousData,
    select: (list) =>
      list.items.map((activity) => ({ value: activity.id, label: t['orders.pay.option'](activity.name, activity.id) })),
  });
}
