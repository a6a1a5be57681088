import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { activityCalls, ORDER_PAGE_SIZE, orderCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';
import { orderTexts as t } from '../../../locales/zh-CN/orders';
import { downloadFile } from '../../exports';

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

/** The orders as a CSV file (admin: with the lower agents'), streamed to disk by the browser with an export token. */
export function downloadOrders(admin: boolean): Promise<void> {
  return downloadFile(orderCalls.downloadOrders, { query: { admin } });
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
