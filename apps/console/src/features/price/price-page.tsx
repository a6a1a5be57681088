import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /price: not built yet; the screen says so instead of pretending. */
export function PricePage() {
  return <ComingSoonPage name="price" />;
}
