import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /product/create: not built yet; the screen says so instead of pretending. */
export function ProductCreatePage() {
  return <ComingSoonPage name="products.create" />;
}
