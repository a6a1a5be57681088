import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /catalog/:catalogId/setting: not built yet; the screen says so instead of pretending. */
export function CatalogSettingPage() {
  return <ComingSoonPage name="catalogs.setting" />;
}
