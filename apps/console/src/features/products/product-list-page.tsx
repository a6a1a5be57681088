import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /product/list: not built yet; the screen says so instead of pretending. */
export function ProductListPage() {
  return <ComingSoonPage name="products" />;
}
