import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/form: not built yet; the screen says so instead of pretending. */
export function FormPage() {
  return <ComingSoonPage name="applications.form" />;
}
