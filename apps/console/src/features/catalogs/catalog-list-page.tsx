import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /catalog: not built yet; the screen says so instead of pretending. */
export function CatalogListPage() {
  return <ComingSoonPage name="catalogs" />;
}
