import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application: not built yet; the screen says so instead of pretending. */
export function ApplicationHubPage() {
  return <ComingSoonPage name="applications" />;
}
