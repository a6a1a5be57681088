import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /product/:id/edit: not built yet; the screen says so instead of pretending. */
export function ProductEditPage() {
  return <ComingSoonPage name="products.edit" />;
}
