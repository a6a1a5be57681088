import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /agency: not built yet; the screen says so instead of pretending. */
export function AgencyPage() {
  return <ComingSoonPage name="agency" />;
}
