import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/form/data: not built yet; the screen says so instead of pretending. */
export function FormDataPage() {
  return <ComingSoonPage name="applications.form.data" />;
}
