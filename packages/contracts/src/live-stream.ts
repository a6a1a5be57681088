import { z } from 'zod';
import { activityDetail, ingestList, liveModeBody, streamJobList } from './activities.ts';
import { defineCalls } from './call.ts';
import { id, idParams, ok } from './common.ts';
import { mediaReport } from './media-report.ts';

// How an activity goes live (seed 001 §5): its live mode (the host pushes, or the server relays a source), the relay
// and transcode jobs, what the media server really receives, the console's live updates, and the hooks an external
// media server (nginx-rtmp, SRS) calls when a push starts, goes on and ends.

export const streamJobParams = idParams.extend({ jobId: id });

/** Whether the push is transcoded live into a 标清 rendition (直播配置 → 直播方式 → 直播转码). */
export const liveTranscode = z.object({ enabled: z.boolean() });
export type LiveTranscode = z.infer<typeof liveTranscode>;

/** The console's event stream: EventSource sends no headers, so the short-lived message token rides in the query. */
export const consoleEventsQuery = z.object({ token: z.string().min(1) });

/**
 * What a media server's hook hears: code 0 lets the push on (SRS reads the code, nginx-rtmp the 2xx status); a
 * refused push answers 403. The hook bodies (form fields from nginx-rtmp, JSON from SRS) are read as they come, so
 * an entry names no body.
 */
export const mediaServerAnswer = z.object({ code: z.number().int(), message: z.string() });

export const liveStreamCalls = defineCalls('live-stream', {
  listIngest: {
    method: 'GET',
    path: '/activity/:id/ingest',
    summary: 'What the media server receives for the activity: each push with its bitrate, size and viewers',
    access: 'signedIn',
    params: idParams,
    response: ingestList,
  },
  setLiveMode: {
    method: 'PUT',
    path: '/activity/:id/live-mode',
    summary: 'Switch the activity between the host’s push and a relay of a source address',
    access: 'signedIn',
    params: idParams,
    body: liveModeBody,
    response: activityDetail,
  },
  getLiveTranscode: {
    method: 'GET',
    path: '/activity/:id/liveTranscode',
    summary: 'Whether the activity’s push is transcoded live into a 标清 rendition',
    access: 'signedIn',
    params: idParams,
    response: liveTranscode,
  },
  setLiveTranscode: {
    method: 'PUT',
    path: '/activity/:id/liveTranscode',
    summary: 'Turn live transcoding on or off; a push that is live starts or stops its transcode at once',
    access: 'signedIn',
    params: idParams,
    body: liveTranscode,
    response: liveTranscode,
  },
  listStreamJobs: {
    method: 'GET',
    path: '/v3/activity/:id/stream-jobs',
    summary: 'The activity’s relay and transcode jobs, newest first',
    access: 'signedIn',
    params: idParams,
    response: streamJobList,
  },
  stopStreamJob: {
    method: 'POST',
    path: '/v3/activity/:id/stream-jobs/:jobId/stop',
    summary: 'Stop one of the activity’s relay or transcode jobs',
    access: 'signedIn',
    params: streamJobParams,
    response: ok,
  },
  openConsoleEvents: {
    method: 'GET',
    path: '/realtime/console',
    summary: 'The console’s live updates (pushing, online counts) as server-sent events, for a message token',
    access: 'public',
    query: consoleEventsQuery,
    response: z.never(),
    produces: 'text/event-stream',
  },
  mediaServerPublish: {
    method: 'POST',
    path: '/ingest/hooks/on_publish',
    summary: 'A media server asks whether a push may start (nginx-rtmp and SRS on_publish)',
    access: 'public',
    response: mediaServerAnswer,
  },
  mediaServerPublishDone: {
    method: 'POST',
    path: '/ingest/hooks/on_publish_done',
    summary: 'A media server says a push ended (nginx-rtmp on_publish_done)',
    access: 'public',
    response: mediaServerAnswer,
  },
  mediaServerUnpublish: {
    method: 'POST',
    path: '/ingest/hooks/on_unpublish',
    summary: 'A media server says a push ended (SRS on_unpublish)',
    access: 'public',
    response: mediaServerAnswer,
  },
  mediaServerUpdate: {
    method: 'POST',
    path: '/ingest/hooks/on_update',
    summary: 'A media server says a push is still going (nginx-rtmp on_update)',
    access: 'public',
    response: mediaServerAnswer,
  },
  mediaProcessReport: {
    method: 'POST',
    path: '/ingest/hooks/on_report',
    summary: 'A media process reports its streams, viewers and stream health (signed with the shared secret)',
    access: 'public',
    body: mediaReport,
    response: mediaServerAnswer,
  },
});
