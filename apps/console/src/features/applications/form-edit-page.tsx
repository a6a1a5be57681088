import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/form/edit: not built yet; the screen says so instead of pretending. */
export function FormEditPage() {
  return <ComingSoonPage name="applications.form.edit" />;
}
