import type { IngestEntry } from '@yanbo/contracts';
import {
  MEDIA_REPORT_LAPSE_INTERVALS,
  MEDIA_REPORT_MAX_INTERVAL_MS,
  MEDIA_REPORT_MAX_STREAMS,
  MEDIA_REPORT_MIN_INTERVAL_MS,
  type MediaReportStream,
} from '@yanbo/contracts/media-report';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { noteViewers, sourcesCarrying, streamActivity } from '../activities/index.ts';
import { type PublishDeps, setPushing } from './publish-auth.ts';
import { sourceStreamOf } from './transcode.ts';

// What a media source says it receives (issue 15, media as its own process): a `media` process's signed reports, or
// an external media server's statistics read by the API. The latest report of each source is kept in media_sources,
// so every API process answers the same ingest list; its viewers join the shared viewer counts (in Redis with
// REDIS_URL) under the source's own name, beside the API processes' own, with a deadline of a few report intervals;
// and the consoles hear the online count as it changes. A source that carries pushes (a media process) is the truth
// for them: a stream appearing in its reports is pushing, one leaving them (or a source falling silent) is not,
// unless another living source still carries it.

/** A media source's report: its streams now (an empty list: none live). */
export interface MediaSourceReport {
  /** The source's name: a media process's id, or the media server whose statistics were read. */
  source: string;
  /** How often the source reports; it is gone after MEDIA_REPORT_LAPSE_INTERVALS of them (default: the longest). */
  intervalMs?: number;
  /** The sender's clock (ms): a report older than the last one applied is ignored (default: now). */
  sentAt?: number;
  streams: MediaReportStream[];
  /** Where the API processes reach the source's RTMP, for live transcodes (a media process's MEDIA_RTMP_URL). */
  rtmpUrl?: string;
}

export interface MediaReportOptions {
  /** The report is the truth for isPushing of its streams (a media process's, whose publishes the API authorised). */
  pushes?: boolean;
  /** Called for each activity stream that appeared in the source's pushes or left them (the live transcode follows). */
  pushChanged?: PushChanged;
}

/** An activity stream a media process started or stopped carrying. */
export type PushChanged = (app: string, stream: string) => Promise<void>;

type ReportDeps = PublishDeps & Pick<AppContext, 'ingest' | 'viewers'>;

type StoredStream = Omit<MediaReportStream, 'playbackBytes'>;

const streamKey = (app: string, stream: string) => `${app}/${stream}`;
/** A 标清 rendition's viewers are its activity's. */
const activityKey = (s: { app: string; stream: string }) => streamKey(s.app, sourceStreamOf(s.stream) ?? s.stream);
const clampInterval = (ms: number | undefined) =>
  Math.min(MEDIA_REPORT_MAX_INTERVAL_MS, Math.max(MEDIA_REPORT_MIN_INTERVAL_MS, ms ?? MEDIA_REPORT_MAX_INTERVAL_MS));
const lapseOf = (intervalMs: number) => intervalMs * MEDIA_REPORT_LAPSE_INTERVALS;

function splitKey(key: string): [string, string] {
  const at = key.indexOf('/');
  return [key.slice(0, at), key.slice(at + 1)];
}

function viewersByActivity(streams: readonly { app: string; stream: string; viewers: number }[]) {
  const totals = new Map<string, number>();
  for (const s of streams) totals.set(activityKey(s), (totals.get(activityKey(s)) ?? 0) + s.viewers);
  return totals;
}

/**
 * Applies a media source's report: stores it, puts its viewers in the shared counts, tells the consoles the online
 * counts that changed (and the pushes their playback bytes), and, for a source that carries pushes, starts and ends
 * the pushes that appeared in or left its streams. Answers false for a report older than the last one applied.
 */
export async function applyMediaReport(
  ctx: ReportDeps,
  report: MediaSourceReport,
  options: MediaReportOptions = {},
): Promise<boolean> {
  const intervalMs = clampInterval(report.intervalMs);
  const sentAt = report.sentAt ?? Date.now();
  const pushes = options.pushes === true;
  // One entry per stream (the last one given wins), at most MEDIA_REPORT_MAX_STREAMS.
  const unique = new Map<string, MediaReportStream>();
  for (const s of report.streams) {
    if (!unique.has(streamKey(s.app, s.stream)) && unique.size >= MEDIA_REPORT_MAX_STREAMS) continue;
    unique.set(streamKey(s.app, s.stream), s);
  }
  const streams = [...unique.values()];
  const stored: StoredStream[] = streams.map(({ playbackBytes: _bytes, ...rest }) => rest);

  const previous = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('mediaSources')
      .select(['sentAt', 'streams'])
      .where('source', '=', report.source)
      .forUpdate()
      .executeTakeFirst();
    if (row && Number(row.sentAt) >= sentAt) return null;
    const values = {
      intervalMs,
      sentAt: String(sentAt),
      streams: JSON.stringify(stored),
      pushes,
      rtmpUrl: report.rtmpUrl ?? null,
      reportedAt: sql<Date>`now()`,
    };
    const written = await trx
      .insertInto('mediaSources')
      .values({ source: report.source, ...values })
      .onConflict((oc) => oc.column('source').doUpdateSet(values).where('mediaSources.sentAt', '<', String(sentAt)))
      .returning('source')
      .executeTakeFirst();
    return written ? ((row?.streams ?? []) as StoredStream[]) : null;
  });
  if (!previous) return false;

  // Viewers: every stream's count is renewed (its deadline is a few intervals away); one gone from the report is 0.
  const lapseMs = lapseOf(intervalMs);
  const before = viewersByActivity(previous);
  const now = viewersByActivity(streams);
  for (const key of new Set([...before.keys(), ...now.keys()])) {
    ctx.viewers.reportFrom(report.source, key, now.get(key) ?? 0, lapseMs);
  }

  if (pushes) {
    // Every report restates the truth: each stream it lists is pushing (one a lapse ended while the process was only
    // slow starts again), and one it listed before and lists no longer has ended.
    const isLive = streams.filter((s) => sourceStreamOf(s.stream) === null);
    if (isLive.length > 0) {
      const idle = await ctx.db
        .selectFrom('activities')
        .select(['app', 'stream'])
        .where('isPushing', '=', false)
        .where('deletedAt', 'is', null)
        .where((eb) =>
          eb(
            eb.refTuple('app', 'stream'),
            'in',
            isLive.map((s) => eb.tuple(s.app, s.stream)),
          ),
        )
        .execute();
      for (const row of idle) if (row.stream) await setPushing(ctx, row.app, row.stream, true);
    }
    const liveKeys = new Set(isLive.map(activityKey));
    const wasLive = new Set(previous.filter((s) => sourceStreamOf(s.stream) === null).map(activityKey));
    for (const key of wasLive) if (!liveKeys.has(key)) await endUnlessCarried(ctx, key);
    if (options.pushChanged) {
      for (const key of liveKeys) if (!wasLive.has(key)) await options.pushChanged(...splitKey(key));
      for (const key of wasLive) if (!liveKeys.has(key)) await options.pushChanged(...splitKey(key));
    }
  }

  // The consoles hear the online counts that changed; the pushes count the bytes their viewers were sent.
  const bytes = new Map<string, number>();
  for (const s of streams)
    if (s.playbackBytes) bytes.set(activityKey(s), (bytes.get(activityKey(s)) ?? 0) + s.playbackBytes);
  const seen: number[] = [];
  for (const key of new Set([...before.keys(), ...now.keys()])) {
    const activity = await streamActivity(ctx.db, ...splitKey(key));
    if (!activity) continue;
    if (now.has(key)) seen.push(activity.id);
    if ((before.get(key) ?? 0) !== (now.get(key) ?? 0) || bytes.has(key)) {
      noteViewers(ctx, activity, ...splitKey(key), bytes.get(key) ?? 0);
    }
  }
  // A push the source still carries is seen now (push-liveness.ts ends those no one has seen for long).
  if (pushes && seen.length > 0) {
    await ctx.db
      .updateTable('ingestSessions')
      .set({ lastSeenAt: sql`now()` })
      .where('activityId', 'in', seen)
      .where('endedAt', 'is', null)
      .execute();
  }
  return true;
}

/**
 * Whether a living source carries app/stream: another one, or the same one again (a lapsed source whose late report
 * came in after its row was deleted lists its streams anew).
 */
async function carriedByLivingSource(db: Db, app: string, stream: string): Promise<boolean> {
  const row = await sourcesCarrying(db, app, stream).select('source').where('pushes', '=', true).executeTakeFirst();
  return row !== undefined;
}

async function endUnlessCarried(ctx: ReportDeps, key: string) {
  const [app, stream] = splitKey(key);
  if (!(await carriedByLivingSource(ctx.db, app, stream))) await setPushing(ctx, app, stream, false);
}

/**
 * The sources silent past MEDIA_REPORT_LAPSE_INTERVALS of their interval are gone, like a process whose heartbeat
 * stopped: each is forgotten by the one API process that deletes its row, its viewers stop counting, and the pushes
 * it carried end unless another living source carries them. Answers the sources forgotten.
 */
export async function endLapsedMediaSources(ctx: ReportDeps, pushChanged?: PushChanged): Promise<string[]> {
  const lapsed = await ctx.db
    .deleteFrom('mediaSources')
    .where(
      sql<boolean>`reported_at < now() - make_interval(secs => interval_ms * ${MEDIA_REPORT_LAPSE_INTERVALS} / 1000.0)`,
    )
    .returning(['source', 'streams', 'pushes'])
    .execute();
  for (const row of lapsed) {
    const streams = row.streams as StoredStream[];
    const keys = new Set(streams.map(activityKey));
    for (const key of keys) ctx.viewers.reportFrom(row.source, key, 0, 0);
    if (row.pushes) {
      for (const s of streams) {
        if (sourceStreamOf(s.stream) !== null) continue;
        await endUnlessCarried(ctx, activityKey(s));
        await pushChanged?.(s.app, s.stream);
      }
    }
    for (const key of keys) {
      const activity = await streamActivity(ctx.db, ...splitKey(key));
      if (activity) noteViewers(ctx, activity, ...splitKey(key));
    }
  }
  return lapsed.map((row) => row.source);
}

/** Looks for lapsed sources every interval until the answered function is called. */
export function keepEndingLapsedMediaSources(
  ctx: ReportDeps,
  warn: (message: string) => void,
  pushChanged?: PushChanged,
  intervalMs = 1_000,
): () => void {
  let stopped = false;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    endLapsedMediaSources(ctx, pushChanged)
      .catch((error) => {
        if (!stopped) warn(`media sources: ${error}`);
      })
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

const numberOr = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** What the living media sources report receiving for app/stream, as the ingest list's entries. */
export async function reportedIngest(db: Db, app: string, stream: string): Promise<IngestEntry[]> {
  const rows = await sourcesCarrying(db, app, stream)
    .select(['source', 'streams', 'reportedAt'])
    .orderBy('source')
    .execute();
  return rows.flatMap((row) =>
    (row.streams as StoredStream[])
      .filter((s) => s.app === app && s.stream === stream)
      .map((s) => ({
        publisherId: s.publisherId ?? 0,
        remoteAddress: s.remoteAddress ?? '',
        startedAt: s.startedAt ? new Date(s.startedAt).toISOString() : row.reportedAt.toISOString(),
        bytesIn: s.bytesIn ?? 0,
        viewers: s.viewers,
        hasVideo: s.hasVideo ?? false,
        hasAudio: s.hasAudio ?? false,
        width: numberOr(s.width),
        height: numberOr(s.height),
        frameRate: numberOr(s.fps),
      })),
  );
}
