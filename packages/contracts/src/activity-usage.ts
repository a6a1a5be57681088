import { z } from 'zod';
import { isoDateTime } from './common.ts';

// What one activity really used (GET /v3/activity/{id}/usage), from what the system records: the pushes the ingest
// saw (publish to unpublish, whether from an encoder, a relay or an external media server's webhooks), the bytes its
// HTTP-FLV viewers received, its viewers now and at the most, its relays, its media and its meetings.

export const activityUsage = z.object({
  activityId: z.number().int(),
  push: z.object({
    /** Pushes from publish to unpublish; one still going counts up to now. */
    sessions: z.number().int(),
    seconds: z.number().int(),
    lastStartedAt: isoDateTime.nullable(),
  }),
  /** Each kind of stream job apart: a live transcode is not a relay (拉流转推), issue 8. */
  relay: z.object({ jobs: z.number().int(), seconds: z.number().int() }),
  transcode: z.object({ jobs: z.number().int(), seconds: z.number().int() }),
  /** Bytes sent to HTTP-FLV viewers of the embedded ingest. */
  playbackBytes: z.number(),
  /** The most HTTP-FLV viewers at once during a push. */
  viewersPeak: z.number().int(),
  /** Viewers playing the stream right now (the embedded ingest's FLV and RTMP players). */
  online: z.number().int(),
  /** When `online` was counted (server clock, ms): an older count never replaces a newer one. */
  onlineAt: z.number().int(),
  storage: z.object({ mediaCount: z.number().int(), bytes: z.number() }),
  meetings: z.number().int(),
  /** Watch-page visits (one per viewer session) and the distinct viewers among them. */
  visits: z.number().int(),
  uniqueViewers: z.number().int(),
});
export type ActivityUsage = z.infer<typeof activityUsage>;

/** The console's live event for the board's online count (type `activity.online`). */
export const onlineEvent = z.object({
  activityId: z.number().int(),
  online: z.number().int().min(0),
  /** When the count changed (server clock, ms), to order it against a usage answer counted earlier or later. */
  at: z.number().int(),
});
export type OnlineEvent = z.infer<typeof onlineEvent>;

/** Added to the FLV address by the console's own preview, which is not audience and is left out of online counts. */
export const CONSOLE_PREVIEW_PARAM = 'preview';
