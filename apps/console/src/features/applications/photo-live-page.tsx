import { PhotoListsView } from '../photos';

/** /application/photoLive: the agent's photo lists across its activities. */
export function PhotoLivePage() {
  return <PhotoListsView />;
}
