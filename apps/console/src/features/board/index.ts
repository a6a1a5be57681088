// The board's door.
export { isActivityNotFound } from './board-rules';
export { copyText } from './copy-text';
