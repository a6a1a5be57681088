import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /aggregation: not built yet; the screen says so instead of pretending. */
export function AggregationPage() {
  return <ComingSoonPage name="aggregation" />;
}
