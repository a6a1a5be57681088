import { PhotoListCreateView } from '../photos';

/** /application/photoLive/create: a new photo list for an activity. */
export function PhotoLiveCreatePage() {
  return <PhotoListCreateView />;
}
