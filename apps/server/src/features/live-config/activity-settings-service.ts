// Where the live stream still looks for its transcoding toggle, until it imports it from the activity-settings door.
export { setLiveTranscode } from '../activity-settings/index.ts';
