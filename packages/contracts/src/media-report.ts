import { z } from 'zod';

// What a media process (npm run media: the embedded ingest as its own process, issue 15) tells the API processes
// every few seconds: the streams it receives, their viewers and playback bytes, and their health. The report is the
// truth for online counts, the ingest list and whether a push still goes on; a media process whose reports stop is
// gone, and its pushes end. It is signed with a key derived from SECRET_KEY (the header below), so nobody else can
// post one.

/** The header carrying the report body's signature (HMAC-SHA256, base64url). */
export const MEDIA_SIGNATURE_HEADER = 'x-yanbo-media-signature';

/** Streams one report may carry: a media process with more lists the first ones. */
export const MEDIA_REPORT_MAX_STREAMS = 1_000;
/** The largest report body the API reads (a thousand streams fit well within it). */
export const MEDIA_REPORT_MAX_BYTES = 512 * 1024;
/** How often a media process may say it reports: between these bounds. */
export const MEDIA_REPORT_MIN_INTERVAL_MS = 500;
export const MEDIA_REPORT_MAX_INTERVAL_MS = 10_000;
/** A source silent for this many of its intervals is gone: its pushes end, its viewers no longer count. */
export const MEDIA_REPORT_LAPSE_INTERVALS = 3;
/** A report's sentAt further than this from the API's clock is refused (a replay, or a clock far off). */
export const MEDIA_REPORT_CLOCK_SKEW_MS = 120_000;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const measure = z.number().min(0).max(1_000_000_000);
const name = z.string().min(1).max(200);

/** One stream the media source is receiving. */
export const mediaReportStream = z.object({
  app: name,
  stream: name,
  /** Playing now: HTTP-FLV connections and HLS players. */
  viewers: count.max(10_000_000),
  /** Bytes sent to viewers since the source's last accepted report (flux the agent pays for). */
  playbackBytes: count.optional(),
  /** Bytes received from the encoder since the push started. */
  bytesIn: count.optional(),
  publisherId: count.max(2_147_483_647).optional(),
  remoteAddress: z.string().max(100).optional(),
  hasVideo: z.boolean().optional(),
  hasAudio: z.boolean().optional(),
  bitrateKbps: measure.optional(),
  fps: measure.optional(),
  width: measure.optional(),
  height: measure.optional(),
  /** When the push started (ISO-8601). */
  startedAt: z.iso.datetime({ offset: true }).optional(),
});
export type MediaReportStream = z.infer<typeof mediaReportStream>;

/** POST /ingest/hooks/on_report: everything a media process receives, as of sentAt. */
export const mediaReport = z.object({
  /** The reporting process's id (new at each start). */
  source: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w.:-]+$/, 'Invalid source'),
  /** How often this source reports; it is gone after MEDIA_REPORT_LAPSE_INTERVALS of them without one. */
  intervalMs: z.number().int().min(MEDIA_REPORT_MIN_INTERVAL_MS).max(MEDIA_REPORT_MAX_INTERVAL_MS),
  /** When the report was made (ms since the epoch): an older report than the last one applied is ignored. */
  sentAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  streams: z.array(mediaReportStream).max(MEDIA_REPORT_MAX_STREAMS),
  /**
   * Where the API processes reach this process's RTMP (MEDIA_RTMP_URL): a live transcode reads the push from it and
   * publishes the 标清 rendition back to it. Without it, live transcoding is not offered for its pushes.
   */
  rtmpUrl: z
    .string()
    .max(200)
    .regex(/^rtmp:\/\/[\w.-]+(:\d{1,5})?$/, 'Invalid RTMP address')
    .optional(),
});
export type MediaReport = z.infer<typeof mediaReport>;
