import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /Enroll/record: not built yet; the screen says so instead of pretending. */
export function EnrollRecordPage() {
  return <ComingSoonPage name="enroll.record" />;
}
