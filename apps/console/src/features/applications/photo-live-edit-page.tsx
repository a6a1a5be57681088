import { PhotoListEditView } from '../photos';

/** /application/photoLive/edit: a photo list's fields, uploads and photos. */
export function PhotoLiveEditPage() {
  return <PhotoListEditView />;
}
