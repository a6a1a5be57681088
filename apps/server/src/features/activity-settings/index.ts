// The activity-settings feature's door: its calls, and the live stream's transcoding toggle it keeps for now.

export { registerActivitySettingsRoutes } from './activity-settings-routes.ts';
export { setLiveTranscode } from './activity-settings-service.ts';
export { registerLiveTranscodeRoutes } from './live-transcode-routes.ts';
