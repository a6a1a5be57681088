import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /pages: not built yet; the screen says so instead of pretending. */
export function PageListPage() {
  return <ComingSoonPage name="pages" />;
}
