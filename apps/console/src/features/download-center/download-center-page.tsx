import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /download: not built yet; the screen says so instead of pretending. */
export function DownloadCenterPage() {
  return <ComingSoonPage name="download" />;
}
