import type { WatchProduct } from '@yanbo/contracts/products';
import { useEffect, useState } from 'react';
import { productTexts as t } from '../locales/zh-CN-products';
import { ProductCard } from './product-card';
import { ProductSheet } from './product-sheet';
import styles from './products.module.css';
import { fetchShop } from './products-api';

/** The 商品 tab (productMessage): the shop its productListId names (else the activity's own), on the shelf, in order. */
export function ProductTab({ activityId, shopId }: { activityId: number; shopId: number | null }) {
  const [products, setProducts] = useState<WatchProduct[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<WatchProduct | null>(null);

  useEffect(() => {
    let live = true;
    fetchShop(activityId, shopId)
      .then((shop) => live && setProducts(shop.items))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [activityId, shopId]);

  if (failed) return <div className={styles.hint}>{t['products.failed']}</div>;
  if (products === null) return null;
  if (products.length === 0) return <div className={styles.hint}>{t['products.empty']}</div>;
  return (
    <div className={styles.list} data-testid="product-list">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} onOpen={() => setOpen(product)} />
      ))}
      {open && <ProductSheet activityId={activityId} product={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
