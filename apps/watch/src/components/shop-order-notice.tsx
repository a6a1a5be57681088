import { SHOP_ORDER_TTL_MINUTES, type WatchShopOrder } from '@yanbo/contracts/products';
import { useEffect, useState } from 'react';
import { productTexts as t } from '../locales/zh-CN-products';
import styles from './products.module.css';
import { fetchShopOrder } from './products-api';

/** How often an order back from the pay page is asked about until it settles. */
const POLL_MS = 2_000;

const settledText = (order: WatchShopOrder) =>
  order.status === 'paid'
    ? t['products.order.paid'](order.productName)
    : order.status === 'soldOut'
      ? t['products.order.soldOut'](order.productName)
      : t['products.order.payFailed'];

/** Back from the pay page (?shopOrder=): the order is asked about until it is paid or fails, and the viewer told. */
export function ShopOrderNotice({ activityId }: { activityId: number }) {
  const [orderId] = useState(() => Number(new URLSearchParams(window.location.search).get('shopOrder')));
  const [text, setText] = useState<string | null>(null);

  useEffect(() => {
    if (!Number.isInteger(orderId) || orderId <= 0) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('shopOrder');
    window.history.replaceState(null, '', url);
    setText(t['products.order.checking']);
    const until = Date.now() + SHOP_ORDER_TTL_MINUTES * 60_000;
    let timer: number | undefined;
    const ask = () =>
      fetchShopOrder(activityId, orderId)
        .then((order) => {
          if (order.status !== 'init') setText(settledText(order));
          else if (Date.now() < until) timer = window.setTimeout(ask, POLL_MS);
        })
        .catch(() => setText(null));
    void ask();
    return () => window.clearTimeout(timer);
  }, [activityId, orderId]);

  if (!text) return null;
  return (
    <div className={styles.notice} role="status" data-testid="shop-order-notice">
      {text}
    </div>
  );
}
