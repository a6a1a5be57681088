import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/form/create: not built yet; the screen says so instead of pretending. */
export function FormCreatePage() {
  return <ComingSoonPage name="applications.form.create" />;
}
