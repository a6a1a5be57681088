// The live-stream feature's door: its calls, the embedded ingest and its playback routes, the relay runner, and what
// the activities and live configuration features read of a stream (online viewers, the live transcode switch).
export {
  createEmbeddedIngest,
  type FlvViewerListener,
  flvHandoff,
  registerPlaybackRoutes,
} from './embedded-ingest.ts';
export { externalStreamHealth, keepPollingMediaStats } from './external-stats.ts';
export { countHlsBytes, trackHlsViewer } from './hls-viewers.ts';
export { registerLiveStreamRoutes } from './live-stream-routes.ts';
export { keepEndingLapsedMediaSources } from './media-reports.ts';
export { endPushesCutOffByRestart, keepEndingSilentExternalPushes, keepMarkingPushesSeen } from './push-liveness.ts';
export { createRelayRunner, type RelayRunner } from './relay-runner.ts';
export { markInterruptedJobs } from './stream-jobs.ts';
export { syncStreamTranscode, updateLiveTranscode } from './transcode.ts';
