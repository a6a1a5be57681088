import type { ServerResponse } from 'node:http';
import type { ActivityUsage, OnlineEvent } from '@yanbo/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { agentChannel, type RealtimeEvent } from '../../platform/realtime/hub.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { hlsOnline } from '../live-stream/hls-viewers.ts';

// Usage is read from what is recorded as it happens: ingest_sessions (written on publish and unpublish, with the
// viewers' bytes and peak), stream_jobs (relays and live transcodes, apart), media and meetings. Nothing is estimated.

const seconds = (from: Date, to: Date | null, now: Date) =>
  Math.max(0, Math.round(((to ?? now).getTime() - from.getTime()) / 1000));

/** A push of the activity started (opens its ingest session) or stopped (closes it). */
export async function recordPush(db: Db, activityId: number, agentId: number, isPushing: boolean) {
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

/** A viewer came or went: the open push keeps its peak, and a leaving viewer adds the bytes it received. */
export async function recordViewers(db: Db, activityId: number, viewers: number, playbackBytes = 0) {
  const latest = await db
    .selectFrom('ingestSessions')
    .select('id')
    .where('activityId', '=', activityId)
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return;
  await db
    .updateTable('ingestSessions')
    .set({
      peakViewers: sql<number>`greatest(peak_viewers, ${viewers})`,
      playbackBytes: sql<string>`playback_bytes + ${Math.max(0, Math.round(playbackBytes))}`,
    })
    .where('id', '=', latest.id)
    .execute();
}

// HTTP-FLV viewers per stream of each embedded ingest. The hub's own listener count is not it: the HLS segmenter
// listens too, and HLS players fetch files without a connection to count.
const flvViewers = new WeakMap<object, Map<string, number>>();

function viewersOf(ingest: NonNullable<AppContext['ingest']>) {
  const counts = flvViewers.get(ingest) ?? new Map<string, number>();
  flvViewers.set(ingest, counts);
  return counts;
}

/** HTTP-FLV and HLS viewers of an activity's stream right now (0 with an external media server). */
export function onlineViewers(ctx: Pick<AppContext, 'ingest'>, app: string, stream: string | null): number {
  if (!stream || !ctx.ingest) return 0;
  return (viewersOf(ctx.ingest).get(`${app}/${stream}`) ?? 0) + hlsOnline(ctx.ingest, app, stream);
}

function countViewer(ctx: Pick<AppContext, 'ingest'>, app: string, stream: string, change: 1 | -1) {
  if (!ctx.ingest) return;
  const counts = viewersOf(ctx.ingest);
  const key = `${app}/${stream}`;
  const next = (counts.get(key) ?? 0) + change;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

/** How many stream jobs of one kind ran, and for how long (one still running counts up to now). */
function jobTotals(rows: { startedAt: Date; endedAt: Date | null }[], now: Date) {
  return { jobs: rows.length, seconds: rows.reduce((sum, row) => sum + seconds(row.startedAt, row.endedAt, now), 0) };
}

export async function getActivityUsage(ctx: AppContext, caller: Caller, activityId: number): Promise<ActivityUsage> {
  await ownActivity(ctx.db, caller, activityId);
  const db = ctx.db;
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
    online: onlineViewers(ctx, activity.app, activity.stream),
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
 * now and when the viewer leaves, and the push records its peak and the bytes the viewer received.
 */
export async function trackFlvViewer(
  ctx: Pick<AppContext, 'db' | 'ingest' | 'realtime'>,
  app: string,
  stream: string,
  res: ServerResponse,
) {
  countViewer(ctx, app, stream, 1);
  let counted = true;
  const uncount = () => {
    if (counted) countViewer(ctx, app, stream, -1);
    counted = false;
  };
  res.once('close', uncount);
  const startBytes = res.socket?.bytesWritten ?? 0;
  let sentBytes = 0;
  // Read before the socket is released, so a keep-alive socket reused later is not counted.
  res.once('finish', () => {
    sentBytes = (res.socket?.bytesWritten ?? startBytes) - startBytes;
  });
  const activity = await ctx.db
    .selectFrom('activities')
    .select(['id', 'agentId', 'subagentId'])
    .where('app', '=', app)
    .where('stream', '=', stream)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!activity) return uncount();
  const announce = (online: number) => announceOnline(ctx, activity, online);
  const left = async () => {
    uncount();
    const online = onlineViewers(ctx, app, stream);
    announce(online);
    if (!sentBytes) sentBytes = (res.socket?.bytesWritten ?? startBytes) - startBytes;
    await recordViewers(ctx.db, activity.id, online, sentBytes);
  };
  if (res.destroyed || res.writableFinished) return left();
  res.once('close', () => void left().catch(() => {}));
  const online = onlineViewers(ctx, app, stream);
  announce(online);
  await recordViewers(ctx.db, activity.id, online);
}
