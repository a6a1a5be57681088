import { fenToYuan } from '@yanbo/contracts/price';
import type { WatchProduct } from '@yanbo/contracts/products';
import { productTexts as t } from '../locales/zh-CN-products';
import styles from './products.module.css';

/** A product of the shop: cover, name, price (the original struck through), what is left, and 去购买. */
export function ProductCard({ product, onOpen }: { product: WatchProduct; onOpen: () => void }) {
  const soldOut = product.stock === 0;
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-testid="product-card">
      <img className={styles.cover} src={product.cover} alt="" loading="lazy" />
      <span className={styles.info}>
        <span className={styles.name}>{product.name}</span>
        <span className={styles.prices}>
          <span className={styles.price}>{t['products.price'](fenToYuan(product.price))}</span>
          {product.originalPrice !== null && product.originalPrice > product.price && (
            <span className={styles.original}>{t['products.price'](fenToYuan(product.originalPrice))}</span>
          )}
        </span>
        <span className={styles.footer}>
          <span className={styles.stock}>
            {soldOut ? t['products.soldOut'] : product.stock !== null ? t['products.stock'](product.stock) : ''}
          </span>
          <span className={styles.buy} aria-disabled={soldOut}>
            {soldOut ? t['products.soldOut'] : t['products.buy']}
          </span>
        </span>
      </span>
    </button>
  );
}
