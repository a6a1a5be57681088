// The page-template feature's door: the picture upload every picture field of an activity's pages uses.
export { uploadCheckedPicture } from './api/live-template';
