import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/photoLive/create: not built yet; the screen says so instead of pretending. */
export function PhotoLiveCreatePage() {
  return <ComingSoonPage name="applications.photoLive.create" />;
}
