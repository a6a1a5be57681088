import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityCalls, ERROR_CODES, type OrderCreateBody, PRICE_ERRORS, priceCalls } from '@yanbo/contracts';
import { feedback } from '../../../app/feedback';
import { ApiError, api, showError } from '../../../app/http';
import { priceTexts as t } from '../../../locales/zh-CN/price';
import { statusPollInterval } from '../buy-rules';

// GET /agent/package, GET /agent/packageConfig, POST /agent/order, GET /agent/order/status (seed 000 §7).

export const packagesQuery = () =>
  queryOptions({
    queryKey: ['price', 'packages'],
    queryFn: ({ signal }) => api(priceCalls.listPackages, { signal }),
    staleTime: 5 * 60_000,
  });

export const packageConfigQuery = () =>
  queryOptions({
    queryKey: ['price', 'config'],
    queryFn: ({ signal }) => api(priceCalls.getPackageConfig, { signal }),
  });

/** The order's status, polled at the configured interval until it is paid or failed (seed 000 §4). */
export function useOrderStatus(orderId: number | null, pollMs: number) {
  return useQuery({
    queryKey: ['price', 'order-status', orderId],
    queryFn: ({ signal }) => api(priceCalls.getOrderStatus, { query: { orderId: orderId ?? undefined }, signal }),
    enabled: orderId !== null,
    staleTime: 0,
    // A refused poll (another agent's order, a lost session) stops polling instead of repeating its error.
    refetchInterval: (query) =>
      query.state.status === 'error' ? false : statusPollInterval(query.state.data?.status, pollMs),
  });
}

/** Everything a paid order changes: the current package, the user info (hasContract), orders and charges. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['price', 'config'] }),
      queryClient.invalidateQueries({ queryKey: ['me'] }),
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
      queryClient.invalidateQueries({ queryKey: ['expense'] }),
      queryClient.invalidateQueries({ queryKey: ['activities'] }),
    ]);
}

/** A refused order's text: the form's own fields in Chinese, else the shared error catalogue. */
export function orderErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === ERROR_CODES.validation && error.field === 'activityId') return t['price.error.activityId'];
  if (error.code === ERROR_CODES.validation && error.field === 'promotionCode') return t['price.error.promotionCode'];
  if (error.status === 404 && error.message === PRICE_ERRORS.packageNotFound) return t['price.error.packageNotFound'];
  return null;
}

/** POST /agent/order: answers the pay provider's url, where the browser goes next. */
export function useCreateOrder() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: OrderCreateBody; idempotencyKey: string }) =>
      api(priceCalls.createOrder, { body, idempotencyKey }),
    meta: { silent: true },
    onError: (error) => {
      const text = orderErrorText(error);
      if (text) feedback().message.error(text);
      else void showError(error);
    },
  });
}

/** The activities a package can be bought for, searched by name. */
export function useActivityOptions(name: string, enabled: boolean) {
  return useQuery({
    queryKey: ['activities', 'price-options', name],
    queryFn: ({ signal }) =>
      api(activityCalls.listActivities, { query: { name, page: 1, pageSize: 50, requireTemplate: false }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    select: (list) =>
      list.items.map((activity) => ({
        value: activity.id,
        label: t['price.confirm.activityOption'](activity.name, activity.id),
      })),
  });
}
