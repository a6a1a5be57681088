import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { announcePushing } from '../../platform/realtime/hub.ts';

// A crash leaves no ghost (issue 8): a push cut off by kill -9 never gets its unpublish, so its activity would say
// isPushing and its ingest session would count usage forever. While pushes are live the server notes, every
// PUSH_SEEN_INTERVAL_MS, that it still sees them (ingest_sessions.last_seen_at); at the next start the embedded
// ingest, the only ingest there is, knows no push survived the restart, so it ends every open one at its last sighting.
//
// With INGEST=external the pushes live in the media server, not here: a restart of this process ends none of them.
// What tells that one is still live is the media server's periodic update (nginx-rtmp's on_update, every
// notify_update_timeout): each marks the push seen, and a push marked seen once whose updates then stop for
// EXTERNAL_PUSH_STALE_MS (the media server died, or its on_publish_done was lost while this server was down) is ended
// at its last sighting. A push never updated (a media server without on_update) is left to on_publish_done.

/** How often a live push's ingest session is marked seen: the most usage a crash can over-count. */
export const PUSH_SEEN_INTERVAL_MS = 20_000;

/** Three of nginx-rtmp's default update intervals (30 s) and a margin: a push silent this long is gone. */
export const EXTERNAL_PUSH_STALE_MS = 120_000;

/** Marks every open ingest session of a pushing activity seen now: one UPDATE, whatever the number of pushes. */
export async function markPushesSeen(db: Db): Promise<number> {
  const result = await db
    .updateTable('ingestSessions')
    .set({ lastSeenAt: sql`now()` })
    .where('endedAt', 'is', null)
    .where('activityId', 'in', (eb) => eb.selectFrom('activities').select('id').where('isPushing', '=', true))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks live pushes seen every interval until the answered function is called. */
export function keepMarkingPushesSeen(
  db: Db,
  warn: (message: string) => void,
  intervalMs = PUSH_SEEN_INTERVAL_MS,
): () => void {
  let stopped = false;
  const timer = setInterval(() => {
    markPushesSeen(db).catch((error) => {
      if (!stopped) warn(`push liveness: ${error}`);
    });
  }, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** The media server's update for a live push (INGEST=external): its open ingest session is seen now. */
export async function markPushSeen(db: Db, activityId: number): Promise<void> {
  await db
    .updateTable('ingestSessions')
    .set({ lastSeenAt: sql`now()` })
    .where('activityId', '=', activityId)
    .where('endedAt', 'is', null)
    .execute();
}

/**
 * With INGEST=external: ends the pushes whose media server updated them once and then fell silent for longer than
 * the bound, at their last sighting. Answers the activities ended.
 */
export async function endSilentExternalPushes(
  ctx: Pick<AppContext, 'db' | 'realtime'>,
  staleMs = EXTERNAL_PUSH_STALE_MS,
): Promise<number[]> {
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const sessions = await trx
      .updateTable('ingestSessions')
      .set({ endedAt: sql`last_seen_at` })
      .where('endedAt', 'is', null)
      .where('lastSeenAt', '<', new Date(Date.now() - staleMs))
      .returning('activityId')
      .execute();
    if (sessions.length === 0) return [];
    return trx
      .updateTable('activities')
      .set({ isPushing: false, updatedAt: new Date() })
      .where(
        'id',
        'in',
        sessions.map((session) => session.activityId),
      )
      .where('isPushing', '=', true)
      .returning(['id', 'agentId', 'subagentId'])
      .execute();
  });
  tellConsoles(ctx, ended);
  return ended.map((activity) => activity.id);
}

/** Runs the check for silent external pushes now and every interval until the answered function is called. */
export function keepEndingSilentExternalPushes(
  ctx: Pick<AppContext, 'db' | 'realtime'>,
  warn: (message: string) => void,
  intervalMs = PUSH_SEEN_INTERVAL_MS,
): () => void {
  let stopped = false;
  const check = () =>
    endSilentExternalPushes(ctx).catch((error) => {
      if (!stopped) warn(`push liveness: ${error}`);
    });
  void check();
  const timer = setInterval(check, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

function tellConsoles(
  ctx: Pick<AppContext, 'realtime'>,
  ended: { id: number; agentId: number; subagentId: number | null }[],
) {
  for (const activity of ended) announcePushing(ctx.realtime, activity, false);
}

/**
 * At startup with the embedded ingest: no push survived the restart. Every open ingest session ends at its last
 * sighting (its start when never seen), every activity still marked pushing is not, and their consoles are told.
 * Answers the activities ended.
 */
export async function endPushesCutOffByRestart(ctx: Pick<AppContext, 'db' | 'realtime'>): Promise<number[]> {
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('ingestSessions')
      .set({ endedAt: sql`greatest(started_at, coalesce(last_seen_at, started_at))` })
      .where('endedAt', 'is', null)
      .execute();
    return trx
      .updateTable('activities')
      .set({ isPushing: false, updatedAt: new Date() })
      .where('isPushing', '=', true)
      .returning(['id', 'agentId', 'subagentId'])
      .execute();
  });
  tellConsoles(ctx, ended);
  return ended.map((activity) => activity.id);
}
