import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRICE_ERRORS, priceCalls } from '@yanbo/contracts';
import { feedback } from '../../../app/feedback';
import { ApiError, api, showError } from '../../../app/http';
import { priceTexts as t } from '../../../locales/zh-CN/price';

// GET /agent/order/{id}/checkout (继续支付) and POST /agent/order/{id}/cancel (取消订单): an unpaid order is never left
// without a way forward (issue 8).

function pendingOrderError(error: unknown) {
  if (error instanceof ApiError && error.status === 409 && error.message === PRICE_ERRORS.orderNotPending) {
    feedback().message.error(t['price.pending.notPending']);
  } else void showError(error);
}

/** Everything an order's status shows in: its result on /price, the order list, the current package. */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
      queryClient.invalidateQueries({ queryKey: ['price', 'order-status'] }),
      queryClient.invalidateQueries({ queryKey: ['price', 'config'] }),
    ]);
}

export function useOrderCheckout() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (orderId: number) => api(priceCalls.getOrderCheckout, { params: { id: orderId } }),
    meta: { silent: true },
    onError: (error) => {
      pendingOrderError(error);
      void refresh();
    },
  });
}

export function useCancelOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (orderId: number) => api(priceCalls.cancelOrder, { params: { id: orderId } }),
    meta: { silent: true },
    onSuccess: (order) => {
      feedback().message.success(t['price.pending.cancelled'](order.orderId));
      void refresh();
    },
    onError: (error) => {
      pendingOrderError(error);
      void refresh();
    },
  });
}
