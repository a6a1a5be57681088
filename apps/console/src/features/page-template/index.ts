// The page-template feature's door: the picture upload every picture field of an activity's pages uses, and the
// rich text editor other rich text (a catalog's description) is written with.
export { uploadCheckedPicture } from './api/live-template';
export { RichTextEditor } from './components/rich-text-editor';
