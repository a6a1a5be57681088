import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /Enroll/edit: not built yet; the screen says so instead of pretending. */
export function EnrollEditPage() {
  return <ComingSoonPage name="enroll.edit" />;
}
