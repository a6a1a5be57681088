import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /stats/:id: not built yet; the screen says so instead of pretending. */
export function StatsPage() {
  return <ComingSoonPage name="stats" />;
}
