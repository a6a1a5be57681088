import {
  MEDIA_REPORT_MAX_INTERVAL_MS,
  MEDIA_REPORT_MIN_INTERVAL_MS,
  type MediaReportStream,
} from '@yanbo/contracts/media-report';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { fetchStatsText, type MediaStatsKind, type MediaStreamStats } from '../../platform/ingest/media-stats.ts';
import { parseNginxRtmpStat } from '../../platform/ingest/nginx-rtmp-stat.ts';
import { parseSrsStreams, srsStreamsUrl } from '../../platform/ingest/srs-api.ts';
import { applyMediaReport } from './media-reports.ts';

// With INGEST=external the pushes live in nginx-rtmp or SRS, which tell this server only that a push starts and ends
// (ingest-webhooks.ts). What the embedded ingest knows of its own streams, the media server's statistics tell (issue
// 15, "media as its own process"): every MEDIA_STATS_INTERVAL_MS an API process reads them (MEDIA_STATS_URL,
// nginx-rtmp's stat page or SRS's /api/v1/streams/) and applies them as the media server's report (media-reports.ts):
// each push's players are its online count, the ingest list shows the pushes, and the live operations screen their
// bitrate and frame rate. The report does not start or end pushes: the webhooks do.
//
// One poll per cluster: a process polls only when no process has reported the source for most of an interval, so
// the first to find it due polls and the others find it fresh; when that process dies the next one due takes over.
// Two that find it due at once are harmless: a report is applied whole, in order of its time, under the source's name.

/** A report this recent (in intervals) makes a poll unnecessary. */
const FRESH_FRACTION = 0.8;

/** The source's name in media_sources and the viewer counts: the media server's kind and address. */
export function mediaStatsSource(kind: MediaStatsKind, url: string): string {
  return `${kind}:${new URL(url).host}`;
}

/** Reads the media server's statistics once. */
export async function readMediaServerStats(url: string, kind: MediaStatsKind): Promise<MediaStreamStats[]> {
  if (kind === 'srs') return parseSrsStreams(await fetchStatsText(srsStreamsUrl(url)));
  return parseNginxRtmpStat(await fetchStatsText(url));
}

interface Measured {
  /** The pushes as this process last read them, for the stream's health. */
  streams: MediaStreamStats[];
  at: number;
  /** Video frames per push at the previous read, for a frame rate the server does not give (SRS). */
  frames: Map<string, { frames: number; at: number }>;
  /** When this process first saw each push, for a start the server does not give (SRS). */
  firstSeen: Map<string, number>;
}

const measuredBy = new WeakMap<Db, Measured>();

function measuredOf(db: Db): Measured {
  let measured = measuredBy.get(db);
  if (!measured) {
    measured = { streams: [], at: 0, frames: new Map(), firstSeen: new Map() };
    measuredBy.set(db, measured);
  }
  return measured;
}

/** The pushes of a read, with a frame rate and a start measured across reads where the server gives none. */
function measure(db: Db, streams: MediaStreamStats[], now: number): MediaStreamStats[] {
  const measured = measuredOf(db);
  const pushes = streams.filter((stream) => stream.publishing);
  const keys = new Set(pushes.map((stream) => `${stream.app}/${stream.stream}`));
  for (const key of measured.firstSeen.keys()) if (!keys.has(key)) measured.firstSeen.delete(key);
  for (const key of measured.frames.keys()) if (!keys.has(key)) measured.frames.delete(key);
  measured.streams = pushes.map((stream) => {
    const key = `${stream.app}/${stream.stream}`;
    const firstSeen = measured.firstSeen.get(key) ?? now;
    measured.firstSeen.set(key, firstSeen);
    let fps = stream.fps;
    if (stream.frames !== undefined) {
      const before = measured.frames.get(key);
      if (fps === undefined && before && now > before.at && stream.frames >= before.frames)
        fps = Math.round(((stream.frames - before.frames) / ((now - before.at) / 1000)) * 10) / 10;
      measured.frames.set(key, { frames: stream.frames, at: now });
    }
    return { ...stream, fps, startedAt: stream.startedAt ?? new Date(firstSeen).toISOString() };
  });
  measured.at = now;
  return measured.streams;
}

const MAX_MEASURE = 1_000_000_000;
const bounded = (value: number | undefined, max = MAX_MEASURE) =>
  value === undefined ? undefined : Math.min(max, Math.max(0, value));

/** A push as the media report carries it (within the report's bounds). */
function reportStream(stream: MediaStreamStats): MediaReportStream {
  return {
    app: stream.app,
    stream: stream.stream,
    viewers: Math.min(10_000_000, Math.floor(stream.viewers)),
    bytesIn: bounded(stream.bytesIn === undefined ? undefined : Math.floor(stream.bytesIn), Number.MAX_SAFE_INTEGER),
    publisherId:
      stream.publisherId !== undefined && stream.publisherId <= 2_147_483_647 ? stream.publisherId : undefined,
    remoteAddress: stream.remoteAddress,
    hasVideo: stream.hasVideo,
    hasAudio: stream.hasAudio,
    bitrateKbps: bounded(stream.bitrateKbps),
    fps: bounded(stream.fps),
    width: bounded(stream.width),
    height: bounded(stream.height),
    startedAt: stream.startedAt,
  };
}

/** Whether some process reported the source within the last `withinMs` (by the database's clock). */
async function reportedWithin(db: Db, source: string, withinMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('mediaSources')
    .select('source')
    .where('source', '=', source)
    .where('reportedAt', '>', sql<Date>`now() - make_interval(secs => ${withinMs / 1000})`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Reads the media server's statistics and applies them as its report, unless another process did within most of an
 * interval; answers whether this process polled.
 */
export async function pollMediaStats(ctx: AppContext, now = Date.now()): Promise<boolean> {
  const { mediaStatsUrl: url, mediaStatsKind: kind } = ctx.config;
  const intervalMs = mediaStatsInterval(ctx.config.mediaStatsIntervalMs);
  const source = mediaStatsSource(kind, url);
  if (await reportedWithin(ctx.db, source, intervalMs * FRESH_FRACTION)) return false;
  const pushes = measure(ctx.db, await readMediaServerStats(url, kind), now);
  await applyMediaReport(
    ctx,
    { source, intervalMs, sentAt: now, streams: pushes.map(reportStream) },
    { pushes: false },
  );
  return true;
}

/** MEDIA_STATS_INTERVAL_MS within the bounds a media report's interval has. */
function mediaStatsInterval(ms: number) {
  return Math.min(MEDIA_REPORT_MAX_INTERVAL_MS, Math.max(MEDIA_REPORT_MIN_INTERVAL_MS, ms));
}

/**
 * The health of app/stream's push as this process last read it from the media server (for the live operations
 * sampler: where this process polls, the others leave the sample's health to it). A media server does not know the
 * frames the encoder skipped.
 */
export function externalStreamHealth(
  db: Db,
  app: string,
  stream: string | null,
): { bitrateKbps: number; fps: number | null; droppedFrames: null } | null {
  const measured = measuredBy.get(db);
  if (!measured || !stream || Date.now() - measured.at > MEDIA_REPORT_MAX_INTERVAL_MS * 2) return null;
  const live = measured.streams.find((s) => s.app === app && s.stream === stream);
  if (live?.bitrateKbps === undefined) return null;
  return { bitrateKbps: live.bitrateKbps, fps: live.fps ?? null, droppedFrames: null };
}

/**
 * Polls the media server's statistics every interval (when due, see pollMediaStats) until the answered function is
 * called. A media server that cannot be read is said once per distinct failure; its source then lapses as a silent
 * media process's does, and its viewers stop counting.
 */
export function keepPollingMediaStats(ctx: AppContext, warn: (line: string) => void): () => Promise<void> {
  const intervalMs = mediaStatsInterval(ctx.config.mediaStatsIntervalMs);
  let stopped = false;
  let lastError = '';
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    running = pollMediaStats(ctx)
      .then(
        () => {
          lastError = '';
        },
        (error: unknown) => {
          const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
          const line = `media stats (${ctx.config.mediaStatsKind}): ${error instanceof Error ? error.message : error}${cause}`;
          if (line !== lastError && !stopped) warn(line);
          lastError = line;
        },
      )
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(loop, intervalMs);
        timer.unref();
      });
  };
  loop();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
    measuredBy.delete(ctx.db);
  };
}
