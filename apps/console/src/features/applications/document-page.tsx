import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/document: not built yet; the screen says so instead of pretending. */
export function DocumentPage() {
  return <ComingSoonPage name="applications.document" />;
}
