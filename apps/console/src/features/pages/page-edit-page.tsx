import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /pages/:pageId/edit: not built yet; the screen says so instead of pretending. */
export function PageEditPage() {
  return <ComingSoonPage name="pages.edit" />;
}
