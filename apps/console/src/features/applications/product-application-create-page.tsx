import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/product/create: not built yet; the screen says so instead of pretending. */
export function ProductApplicationCreatePage() {
  return <ComingSoonPage name="applications.product.create" />;
}
