// The price feature's door: 继续支付 and 取消订单 of an unpaid order, shown in the order list too.
export { PendingOrderActions } from './components/pending-order-actions';
