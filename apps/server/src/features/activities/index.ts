// The activities feature's door.
export { progressOf, toEndedAt } from './activity-list.ts';
export { registerActivityRoutes } from './activity-routes.ts';
export { getActivity } from './activity-service.ts';
export { activityOnStream, keyMatches, sdIsLive, sdStreamOf, streamAddresses } from './activity-stream.ts';
export { noteViewers, recordPushing, reportViewers, streamActivity, trackFlvViewer } from './activity-usage.ts';
export { reportedRtmpUrl, reportedTranscoding, sourcesCarrying } from './reported-streams.ts';
