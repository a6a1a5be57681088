import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/photoLive/edit: not built yet; the screen says so instead of pretending. */
export function PhotoLiveEditPage() {
  return <ComingSoonPage name="applications.photoLive.edit" />;
}
