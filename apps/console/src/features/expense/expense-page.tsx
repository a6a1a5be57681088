import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /expense: not built yet; the screen says so instead of pretending. */
export function ExpensePage() {
  return <ComingSoonPage name="expense" />;
}
