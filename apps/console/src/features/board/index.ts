// The board's door.
export { isActivityNotFound } from './board-rules';
