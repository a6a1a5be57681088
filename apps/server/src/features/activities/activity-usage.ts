import type { ActivityUsage, OnlineEvent } from '@yanbo/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { hlsOnline } from '../../platform/ingest/index.ts';
import { agentChannel, type RealtimeEvent } from '../../platform/realtime/hub.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { activityOnStream } from './activity-stream.ts';

// Usage is read from what is recorded as it happens: ingest_sessions (written on publish and unpublish, with the
// viewers' bytes and peak), stream_jobs (relays and live transcodes, apart), media and meetings. Nothing is estimated.

const seconds = (from: Date, to: Date | null, now: Date) =>
  Math.max(0, Math.round(((to ?? now).getTime() - from.getTime()) / 1000));

/** A push of the activity started (opens its ingest session) or stopped (closes it). */
export async function recordPush(db: Db, activityId: number, agentId: number, isPushing: boolean) {
  // What the viewers of the push ending (or of the one before a new push) received belongs to that push.
  await flushViewerRecords(db, activityId);
  await writeIngestSession(db, activityId, agentId, isPushing);
}

async function writeIngestSession(db: Db, activityId: number, agentId: number, isPushing: boolean) {
  if (isPushing) {
    await db
      .insertInto('ingestSessions')
      .values({ activityId, agentId })
      .onConflict((oc) => oc.column('activityId').where('endedAt', 'is', null).doNothing())
      .execute();
  } else {
    await db
      .updateTable('ingestSessions')
      .set({ endedAt: new Date() })
      .where('activityId', '=', activityId)
      .where('endedAt', 'is', null)
      .execute();
  }
}

/**
 * The stream app/stream started or stopped pushing: the activity's isPushing and its ingest session change in one
 * transaction, so nobody sees a push live without its session (or ended with its session still open). Answers the
 * activity when its state changed, undefined when it already was so.
 */
export async function recordPushing(db: Db, app: string, stream: string, isPushing: boolean) {
  const activity = await db
    .selectFrom('activities')
    .select('id')
    .where('app', '=', app)
    .where('stream', '=', stream)
    .where('isPushing', '!=', isPushing)
    .executeTakeFirst();
  if (!activity) return undefined;
  // What the viewers of the push ending (or of the one before a new push) received belongs to that push.
  await flushViewerRecords(db, activity.id);
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('activities')
      .set({ isPushing, updatedAt: new Date() })
      .where('id', '=', activity.id)
      .where('isPushing', '!=', isPushing)
      .returning(['id', 'agentId', 'subagentId'])
      .executeTakeFirst();
    if (changed) await writeIngestSession(trx, changed.id, changed.agentId, isPushing);
    return changed;
  });
}

/** A viewer came or went: the latest push keeps its peak, and a leaving viewer adds the bytes it received. */
export async function recordViewers(db: Db, activityId: number, viewers: number, playbackBytes = 0) {
  await db
    .updateTable('ingestSessions')
    .set({
      peakViewers: sql<number>`greatest(peak_viewers, ${viewers})`,
      playbackBytes: sql<string>`playback_bytes + ${Math.max(0, Math.round(playbackBytes))}`,
    })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('ingestSessions')
        .select('id')
        .where('activityId', '=', activityId)
        .orderBy('startedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    )
    .execute();
}

// Viewer arrivals are cheap (issue 8: 1,000 viewers joining together held the API's event loop for seconds with a
// lookup, an announcement and two writes each). The stream's activity is looked up once and kept a while; viewers are
// counted in memory; the consoles' online count (activity.online) and the push's peak and bytes go out per activity
// at most every FLUSH_MS, whatever number of viewers came or went in between. Reading the usage, and a push starting
// or ending, writes what is pending first, so what the console shows is never behind.

export interface StreamActivity {
  id: number;
  agentId: number;
  subagentId: number | null;
}

/** How long a stream's activity is kept once looked up: arrivals during a live push cost no query. */
const LOOKUP_TTL_MS = 30_000;
/** A stream that is no activity's (the 标清 rendition's FLV, a deleted activity) is asked again sooner. */
const MISS_TTL_MS = 5_000;
/** Online announcements and the peak/bytes writes of one activity go out at most this often. */
export const VIEWER_FLUSH_MS = 250;
const MAX_WRITE_ATTEMPTS = 20;

interface PendingViewers {
  activity: StreamActivity;
  /** Where the online count is read from when it is announced. */
  streams: Set<string>;
  viewers: AppContext['viewers'];
  realtime: AppContext['realtime'];
  peak: number;
  bytes: number;
  announce: boolean;
  /** Writes of these numbers that failed: after MAX_WRITE_ATTEMPTS (a database gone for good) they are let go. */
  failures: number;
}

interface ViewerBook {
  lookups: Map<string, { expiresAt: number; activity: Promise<StreamActivity | null> }>;
  pending: Map<number, PendingViewers>;
  /** Writes under way per activity: a flush asked for waits for them. */
  writing: Map<number, Promise<void>>;
  timer: NodeJS.Timeout | null;
}

const books = new WeakMap<Db, ViewerBook>();

function bookOf(db: Db): ViewerBook {
  let book = books.get(db);
  if (!book) {
    book = { lookups: new Map(), pending: new Map(), writing: new Map(), timer: null };
    books.set(db, book);
  }
  return book;
}

/** The live activity whose stream app/stream is, from the cache while it is fresh (one query per stream). */
export function streamActivity(db: Db, app: string, stream: string): Promise<StreamActivity | null> {
  const book = bookOf(db);
  const key = `${app}/${stream}`;
  const now = Date.now();
  const cached = book.lookups.get(key);
  if (cached && cached.expiresAt > now) return cached.activity;
  const entry = { expiresAt: now + LOOKUP_TTL_MS, activity: Promise.resolve<StreamActivity | null>(null) };
  entry.activity = activityOnStream(db, app, stream)
    .select(['id', 'agentId', 'subagentId'])
    .executeTakeFirst()
    .then(
      (row) => {
        if (!row) entry.expiresAt = Math.min(entry.expiresAt, Date.now() + MISS_TTL_MS);
        return row ?? null;
      },
      (error: unknown) => {
        // A failed lookup is not remembered.
        if (book.lookups.get(key) === entry) book.lookups.delete(key);
        throw error;
      },
    );
  book.lookups.set(key, entry);
  ensureFlushTimer(db, book);
  return entry.activity;
}

/**
 * The online count of app/stream changed (its activity's): the consoles hear it and the push keeps its peak, and
 * `playbackBytes` (a leaving viewer's) are added, all within VIEWER_FLUSH_MS and once for every change in between.
 */
export function noteViewers(
  ctx: Pick<AppContext, 'db' | 'ingest' | 'realtime' | 'viewers'>,
  activity: StreamActivity,
  app: string,
  stream: string,
  playbackBytes = 0,
) {
  const book = bookOf(ctx.db);
  let pending = book.pending.get(activity.id);
  if (!pending) {
    pending = {
      activity,
      streams: new Set(),
      viewers: ctx.viewers,
      realtime: ctx.realtime,
      peak: 0,
      bytes: 0,
      announce: false,
      failures: 0,
    };
    book.pending.set(activity.id, pending);
  }
  pending.streams.add(`${app}/${stream}`);
  // This process's viewers now; the other processes' join the peak when it is written (flushViewerRecords).
  pending.peak = Math.max(pending.peak, localViewers(ctx, app, stream));
  pending.bytes += Math.max(0, Math.round(playbackBytes));
  pending.announce = true;
  ensureFlushTimer(ctx.db, book);
}

async function onlineOf(pending: PendingViewers) {
  let online = 0;
  for (const key of pending.streams) online = Math.max(online, await pending.viewers.total(key).catch(() => 0));
  return online;
}

function ensureFlushTimer(db: Db, book: ViewerBook) {
  if (book.timer) return;
  book.timer = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of book.lookups) if (entry.expiresAt <= now) book.lookups.delete(key);
    for (const activityId of [...book.pending.keys()]) void flushViewerRecords(db, activityId).catch(() => {});
    if (book.lookups.size === 0 && book.pending.size === 0 && book.timer) {
      clearInterval(book.timer);
      book.timer = null;
    }
  }, VIEWER_FLUSH_MS);
  book.timer.unref();
}

/**
 * Announces and writes what is pending for the activity now (one query at most), after the writes already under
 * way; resolves when its peak and bytes are in the database.
 */
export async function flushViewerRecords(db: Db, activityId: number): Promise<void> {
  const book = books.get(db);
  if (!book) return;
  const before = book.writing.get(activityId);
  const pending = book.pending.get(activityId);
  book.pending.delete(activityId);
  if (pending?.announce) {
    const online = await onlineOf(pending);
    pending.peak = Math.max(pending.peak, online);
    announceOnline({ realtime: pending.realtime }, pending.activity, online);
  }
  if (!pending || (pending.peak === 0 && pending.bytes === 0)) {
    await before;
    return;
  }
  const write = (async () => {
    await before?.catch(() => {});
    try {
      await recordViewers(db, activityId, pending.peak, pending.bytes);
    } catch (error) {
      // Kept for the next flush rather than lost (a peak and bytes merge with what came since), a few times.
      if (pending.failures + 1 < MAX_WRITE_ATTEMPTS) {
        const next = book.pending.get(activityId);
        if (next) {
          next.peak = Math.max(next.peak, pending.peak);
          next.bytes += pending.bytes;
          next.failures = Math.max(next.failures, pending.failures + 1);
        } else book.pending.set(activityId, { ...pending, announce: false, failures: pending.failures + 1 });
        ensureFlushTimer(db, book);
      }
      throw error;
    }
  })();
  book.writing.set(activityId, write);
  try {
    await write;
  } finally {
    if (book.writing.get(activityId) === write) book.writing.delete(activityId);
  }
}

// HTTP-FLV viewers per stream of each embedded ingest. The hub's own listener count is not it: the HLS segmenter
// listens too, and HLS players fetch files without a connection to count.
const flvViewers = new WeakMap<object, Map<string, number>>();

function viewersOf(ingest: NonNullable<AppContext['ingest']>) {
  const counts = flvViewers.get(ingest) ?? new Map<string, number>();
  flvViewers.set(ingest, counts);
  return counts;
}

/** HTTP-FLV and HLS viewers of a stream on this process's ingest right now (0 with an external media server). */
function localViewers(ctx: Pick<AppContext, 'ingest'>, app: string, stream: string): number {
  if (!ctx.ingest) return 0;
  return (viewersOf(ctx.ingest).get(`${app}/${stream}`) ?? 0) + hlsOnline(ctx.ingest, app, stream);
}

/**
 * HTTP-FLV and HLS viewers of an activity's stream right now, on every process that serves it (issue 15: each reports
 * its own count to the shared viewer counts, in Redis with REDIS_URL).
 */
export async function onlineViewers(ctx: Pick<AppContext, 'viewers'>, app: string, stream: string | null) {
  if (!stream) return 0;
  return ctx.viewers.total(`${app}/${stream}`).catch(() => 0);
}

/** Tells the shared viewer counts this process's viewers of app/stream now (after one came or went). */
export function reportViewers(ctx: Pick<AppContext, 'ingest' | 'viewers'>, app: string, stream: string) {
  ctx.viewers.report(`${app}/${stream}`, localViewers(ctx, app, stream));
}

function countViewer(ctx: Pick<AppContext, 'ingest' | 'viewers'>, app: string, stream: string, change: 1 | -1) {
  if (!ctx.ingest) return;
  const counts = viewersOf(ctx.ingest);
  const key = `${app}/${stream}`;
  const next = (counts.get(key) ?? 0) + change;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
  reportViewers(ctx, app, stream);
}

/** How many stream jobs of one kind ran, and for how long (one still running counts up to now). */
function jobTotals(rows: { startedAt: Date; endedAt: Date | null }[], now: Date) {
  return { jobs: rows.length, seconds: rows.reduce((sum, row) => sum + seconds(row.startedAt, row.endedAt, now), 0) };
}

export async function getActivityUsage(ctx: AppContext, caller: Caller, activityId: number): Promise<ActivityUsage> {
  await ownActivity(ctx.db, caller, activityId);
  const db = ctx.db;
  // The peak and bytes of viewers that just came or went, before they are read.
  await flushViewerRecords(db, activityId).catch(() => {});
  const [activity, pushes, streamJobs, storage, meetings, audience] = await Promise.all([
    db.selectFrom('activities').select(['app', 'stream']).where('id', '=', activityId).executeTakeFirstOrThrow(),
    db
      .selectFrom('ingestSessions')
      .select(['startedAt', 'endedAt', 'playbackBytes', 'peakViewers'])
      .where('activityId', '=', activityId)
      .orderBy('startedAt', 'desc')
      .execute(),
    db.selectFrom('streamJobs').select(['kind', 'startedAt', 'endedAt']).where('activityId', '=', activityId).execute(),
    db
      .selectFrom('media')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string | null>('sizeBytes').as('bytes')])
      .where('activityId', '=', activityId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('meetings')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('activityId', '=', activityId)
      .executeTakeFirstOrThrow(),
    // Kept by each watch-page visit (features/watch).
    db
      .selectFrom('activityVisitStats')
      .select(['visits', 'uniqueViewers'])
      .where('activityId', '=', activityId)
      .executeTakeFirst(),
  ]);
  const now = new Date();
  return {
    activityId,
    push: {
      sessions: pushes.length,
      seconds: pushes.reduce((sum, row) => sum + seconds(row.startedAt, row.endedAt, now), 0),
      lastStartedAt: pushes[0]?.startedAt.toISOString() ?? null,
    },
    relay: jobTotals(
      streamJobs.filter((row) => row.kind === 'relay'),
      now,
    ),
    transcode: jobTotals(
      streamJobs.filter((row) => row.kind === 'transcode'),
      now,
    ),
    playbackBytes: pushes.reduce((sum, row) => sum + Number(row.playbackBytes), 0),
    viewersPeak: pushes.reduce((peak, row) => Math.max(peak, row.peakViewers), 0),
    online: await onlineViewers(ctx, activity.app, activity.stream),
    onlineAt: Date.now(),
    storage: { mediaCount: Number(storage.count), bytes: Number(storage.bytes ?? 0) },
    meetings: Number(meetings.count),
    visits: Number(audience?.visits ?? 0),
    uniqueViewers: Number(audience?.uniqueViewers ?? 0),
  };
}

/** Tells the activity's consoles its online count now (`activity.online`). */
export function announceOnline(
  ctx: Pick<AppContext, 'realtime'>,
  activity: { id: number; agentId: number; subagentId: number | null },
  online: number,
) {
  ctx.realtime.publish(agentChannel(activity.agentId), {
    type: 'activity.online',
    activityId: activity.id,
    subagentId: activity.subagentId,
    online,
    at: Date.now(),
  } satisfies OnlineEvent & RealtimeEvent);
}

/**
 * An HTTP-FLV viewer started playing app/stream: the agent's consoles hear the new online count (`activity.online`),
 * now and when the viewer leaves, and the push records its peak and the bytes the viewer received. No query of its
 * own: the stream's activity is looked up once for all its viewers, and the writes are shared (noteViewers).
 */
export async function trackFlvViewer(
  ctx: Pick<AppContext, 'db' | 'ingest' | 'realtime' | 'viewers'>,
  app: string,
  stream: string,
  left: Promise<number>,
) {
  countViewer(ctx, app, stream, 1);
  let counted = true;
  let sentBytes: number | null = null;
  const uncount = () => {
    if (counted) countViewer(ctx, app, stream, -1);
    counted = false;
  };
  void left.then((bytes) => {
    sentBytes = bytes;
    uncount();
  });
  let activity: StreamActivity | null;
  try {
    activity = await streamActivity(ctx.db, app, stream);
  } catch (error) {
    uncount();
    throw error;
  }
  if (!activity) return uncount();
  const known = activity;
  if (sentBytes !== null) return noteViewers(ctx, known, app, stream, sentBytes);
  void left.then((bytes) => noteViewers(ctx, known, app, stream, bytes));
  noteViewers(ctx, known, app, stream);
}
