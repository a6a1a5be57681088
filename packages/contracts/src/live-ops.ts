import { z } from 'zod';
import { defineCalls } from './call.ts';
import { idParams, isoDateTime } from './common.ts';

// The live operations screen (issue 10): one page to run an event from — the player, the chat with moderation, the
// online curve with real and virtual viewers apart, and the stream's health. While an activity pushes, the server
// samples it every LIVE_OPS_SAMPLE_SECONDS and keeps the samples; this call answers the latest ones.

export const LIVE_OPS_SAMPLE_SECONDS = 10;
/** Samples a curve answers at most: two hours at one per 10 s. */
export const LIVE_OPS_CURVE_MAX = 720;

export const onlineCounts = z.object({
  /** Viewers on the watch page now. */
  real: z.number().int(),
  /** The virtual audience's count now (0 when off or not pushing). */
  virtual: z.number().int(),
  /** What the viewers are shown: real + virtual. */
  shown: z.number().int(),
});
export type OnlineCounts = z.infer<typeof onlineCounts>;

export const onlineSample = z.object({ at: isoDateTime, real: z.number().int(), virtual: z.number().int() });
export type OnlineSample = z.infer<typeof onlineSample>;

export const streamHealth = z.object({
  /** Incoming bitrate over the last sample, kbit/s; null while nothing is measured (no push on this server). */
  bitrateKbps: z.number().int().nullable(),
  fps: z.number().nullable(),
  /** Video frames the encoder skipped during this push (gaps in the timestamps against its declared frame rate). */
  droppedFrames: z.number().int().nullable(),
  /** The median latency the watch pages report (how far behind the live edge they play), ms. */
  viewerLatencyMs: z.number().int().nullable(),
  /** How many viewers reported a latency. */
  latencyReports: z.number().int(),
  measuredAt: isoDateTime.nullable(),
});
export type StreamHealth = z.infer<typeof streamHealth>;

export const liveOps = z.object({
  activityId: z.number().int(),
  isPushing: z.boolean(),
  pushStartedAt: isoDateTime.nullable(),
  online: onlineCounts,
  /** Oldest first: the current push's samples (the last push's when none is live), at most LIVE_OPS_CURVE_MAX. */
  curve: z.array(onlineSample),
  health: streamHealth,
});
export type LiveOps = z.infer<typeof liveOps>;

/** The console's live event each sample (type `activity.audience`): real and virtual apart. */
export const audienceEvent = onlineCounts.extend({ activityId: z.number().int(), at: isoDateTime });
export type AudienceEvent = z.infer<typeof audienceEvent>;

export const liveOpsCalls = defineCalls('live-ops', {
  getLiveOps: {
    method: 'GET',
    path: '/v3/activity/:id/live-ops',
    summary: 'The live operations view: online now and its curve (real and virtual apart), and the stream’s health',
    access: 'signedIn',
    params: idParams,
    response: liveOps,
  },
});
