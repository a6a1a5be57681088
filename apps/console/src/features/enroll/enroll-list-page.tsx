import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /enroll: not built yet; the screen says so instead of pretending. */
export function EnrollListPage() {
  return <ComingSoonPage name="enroll" />;
}
