import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/photoLive: not built yet; the screen says so instead of pretending. */
export function PhotoLivePage() {
  return <ComingSoonPage name="applications.photoLive" />;
}
