import { ProductPushCard } from './product-push-card';
import { ShopOrderNotice } from './shop-order-notice';

/** What the shop lays over the page: the presented product (讲解中) and the word on an order back from the pay page. */
export function ShopOverlays({ activityId }: { activityId: number }) {
  return (
    <>
      <ProductPushCard activityId={activityId} />
      <ShopOrderNotice activityId={activityId} />
    </>
  );
}
