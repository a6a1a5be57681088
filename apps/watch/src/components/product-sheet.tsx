import { fenToYuan } from '@yanbo/contracts/price';
import { PRODUCT_ERRORS, SHOP_ORDER_COUNT_MAX, shopOrderInput, type WatchProduct } from '@yanbo/contracts/products';
import { useState } from 'react';
import { productTexts as t } from '../locales/zh-CN-products';
import { WatchApiError } from '../watch-api';
import styles from './products.module.css';
import { placeShopOrder } from './products-api';

const FIELD_ERRORS: Record<string, string> = {
  buyerName: t['products.order.nameRequired'],
  buyerMobile: t['products.order.mobileInvalid'],
  buyerAddress: t['products.order.addressRequired'],
};

function orderErrorText(error: unknown): string {
  if (error instanceof WatchApiError) {
    if (error.status === 429) return t['products.order.tooMany'];
    if (error.status === 404) return t['products.order.gone'];
    if (error.message === PRODUCT_ERRORS.amountTooLarge) return t['products.order.tooLarge'];
    if (error.message === PRODUCT_ERRORS.notEnoughStock || error.message === PRODUCT_ERRORS.soldOut)
      return t['products.order.notEnough'];
  }
  return t['products.order.failed'];
}

/**
 * A product's sheet: its pictures, prices and description (sanitised by the server). A link product opens its
 * address in a new tab; an in-platform one asks for the delivery and goes to the pay provider's page, which comes back
 * to this page with ?shopOrder= (shop-order-notice.tsx says how it went).
 */
export function ProductSheet({
  activityId,
  product,
  onClose,
}: {
  activityId: number;
  product: WatchProduct;
  onClose: () => void;
}) {
  const [ordering, setOrdering] = useState(false);
  const [form, setForm] = useState({ buyerName: '', buyerMobile: '', buyerAddress: '', count: 1 });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const soldOut = product.stock === 0;
  const maxCount = Math.min(SHOP_ORDER_COUNT_MAX, product.stock ?? SHOP_ORDER_COUNT_MAX);

  const submit = async () => {
    // The contract's own rules, so the page refuses what the server would.
    const parsed = shopOrderInput.safeParse(form);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? '');
      setError(FIELD_ERRORS[field] ?? t['products.order.failed']);
      return;
    }
    setError('');
    setBusy(true);
    try {
      const placed = await placeShopOrder(activityId, product.id, parsed.data);
      window.location.href = placed.url;
    } catch (failure) {
      setError(orderErrorText(failure));
      setBusy(false);
    }
  };
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: key === 'count' ? Number(event.target.value) : event.target.value }));

  return (
    <div className={styles.backdrop}>
      <div
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-label={product.name}
        data-testid="product-sheet"
      >
        <button type="button" className={styles.sheetClose} onClick={onClose} aria-label={t['products.close']}>
          ×
        </button>
        <div className={styles.pictures}>
          {product.pictures.map((picture) => (
            <img key={picture} className={styles.picture} src={picture} alt="" />
          ))}
        </div>
        <div className={styles.name}>{product.name}</div>
        <div className={styles.prices}>
          <span className={styles.price}>{t['products.price'](fenToYuan(product.price))}</span>
          {product.originalPrice !== null && product.originalPrice > product.price && (
            <span className={styles.original}>{t['products.price'](fenToYuan(product.originalPrice))}</span>
          )}
          {product.stock !== null && (
            <span className={styles.stock}>{soldOut ? t['products.soldOut'] : t['products.stock'](product.stock)}</span>
          )}
        </div>
        {product.description && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (features/watch/html-sanitiser)
          <div className={styles.description} dangerouslySetInnerHTML={{ __html: product.description }} />
        )}
        {product.buyMode === 'link' ? (
          <a className={styles.primary} href={product.buyUrl} target="_blank" rel="noopener noreferrer nofollow">
            {t['products.buy']}
          </a>
        ) : !ordering ? (
          <button
            type="button"
            className={styles.primary}
            disabled={soldOut}
            onClick={() => setOrdering(true)}
            data-testid="product-buy"
          >
            {soldOut ? t['products.soldOut'] : t['products.buy']}
          </button>
        ) : (
          <>
            <div className={styles.name}>{t['products.order.title']}</div>
            <label className={styles.field}>
              {t['products.order.name']}
              <input className={styles.input} value={form.buyerName} onChange={set('buyerName')} maxLength={30} />
            </label>
            <label className={styles.field}>
              {t['products.order.mobile']}
              <input
                className={styles.input}
                value={form.buyerMobile}
                onChange={set('buyerMobile')}
                inputMode="tel"
                maxLength={11}
              />
            </label>
            <label className={styles.field}>
              {t['products.order.address']}
              <input
                className={styles.input}
                value={form.buyerAddress}
                onChange={set('buyerAddress')}
                maxLength={200}
              />
            </label>
            <label className={styles.field}>
              {t['products.order.count']}
              <input
                className={styles.input}
                type="number"
                min={1}
                max={maxCount}
                value={form.count}
                onChange={set('count')}
              />
            </label>
            {error && (
              <div className={styles.error} role="alert">
                {error}
              </div>
            )}
            <button type="button" className={styles.primary} onClick={submit} disabled={busy} data-testid="product-pay">
              {busy
                ? t['products.order.paying']
                : t['products.order.pay'](fenToYuan(product.price * (form.count > 0 ? form.count : 1)))}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
