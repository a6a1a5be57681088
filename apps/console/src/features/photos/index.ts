// The photos feature's door (photo live, 图片直播): the application's screens, and the intro tab's list choice.
export { PhotoListSelect } from './components/photo-list-select';
export { PhotoListCreateView } from './photo-list-create-view';
export { PhotoListEditView } from './photo-list-edit-view';
export { PhotoListsView } from './photo-lists-view';
