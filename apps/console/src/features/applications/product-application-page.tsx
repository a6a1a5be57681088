import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/product: not built yet; the screen says so instead of pretending. */
export function ProductApplicationPage() {
  return <ComingSoonPage name="applications.product" />;
}
