import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /order: not built yet; the screen says so instead of pretending. */
export function OrderListPage() {
  return <ComingSoonPage name="orders" />;
}
