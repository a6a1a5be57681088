import { fenToYuan } from '@yanbo/contracts/price';
import type { WatchProduct } from '@yanbo/contracts/products';
import { useEffect, useState } from 'react';
import { onViewerMessage } from '../chat-socket';
import { useResyncs } from '../interaction-store';
import { productTexts as t } from '../locales/zh-CN-products';
import { ProductSheet } from './product-sheet';
import styles from './products.module.css';
import { fetchProductPush } from './products-api';

/**
 * The product the host presents now (讲解中): read when the page opens (a viewer who joins later sees it) and again
 * after the socket comes back, then kept by the socket's productPushed and productWithdrawn messages. It pops up over
 * the player; 去购买 opens the product's sheet.
 */
export function ProductPushCard({ activityId }: { activityId: number }) {
  const [product, setProduct] = useState<WatchProduct | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const resyncs = useResyncs();

  useEffect(() => {
    let live = true;
    // Read again on each (re)connection: a push made while the socket was down is not replayed on it.
    void resyncs;
    fetchProductPush(activityId)
      .then((push) => live && setProduct(push.product))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [activityId, resyncs]);

  useEffect(
    () =>
      onViewerMessage((message) => {
        if (message.type === 'productPushed') {
          setProduct(message.product);
          setDismissed(null);
        } else if (message.type === 'productWithdrawn') {
          setProduct((current) => (current?.id === message.productId ? null : current));
        }
      }),
    [],
  );

  if (!product) return null;
  return (
    <>
      {dismissed !== product.id && (
        <div className={styles.pushed} data-testid="product-pushed">
          <button
            type="button"
            className={styles.pushedClose}
            onClick={() => setDismissed(product.id)}
            aria-label={t['products.close']}
          >
            ×
          </button>
          <img className={styles.pushedCover} src={product.cover} alt="" />
          <span className={styles.info}>
            <span className={styles.badge}>{t['products.presenting']}</span>
            <span className={styles.name}>{product.name}</span>
            <span className={styles.footer}>
              <span className={styles.price}>{t['products.price'](fenToYuan(product.price))}</span>
              <button type="button" className={styles.buy} onClick={() => setOpen(true)}>
                {t['products.buy']}
              </button>
            </span>
          </span>
        </div>
      )}
      {open && <ProductSheet activityId={activityId} product={product} onClose={() => setOpen(false)} />}
    </>
  );
}
