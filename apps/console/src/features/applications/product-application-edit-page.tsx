import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/product/edit: not built yet; the screen says so instead of pretending. */
export function ProductApplicationEditPage() {
  return <ComingSoonPage name="applications.product.edit" />;
}
