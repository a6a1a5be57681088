// The live-stream feature's door: the activity's live screen (/board/:id/live).
export { LiveStreamPage } from './live-stream-page';
