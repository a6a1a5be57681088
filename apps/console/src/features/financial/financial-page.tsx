import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /financial: not built yet; the screen says so instead of pretending. */
export function FinancialPage() {
  return <ComingSoonPage name="financial" />;
}
