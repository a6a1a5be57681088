import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { agentChannel } from '../../platform/realtime/hub.ts';

// A crash leaves no ghost (issue 8): a push cut off by kill -9 never gets its unpublish, so its activity would say
// isPushing and its ingest session would count usage forever. While pushes are live the server notes, every
// PUSH_SEEN_INTERVAL_MS, that it still sees them (ingest_sessions.last_seen_at); at the next start the embedded
// ingest, the only ingest there is, knows no push survived the restart, so it ends every open one at its last sighting.
//
// With INGEST=external the pushes live in the media server, not here: a restart of this process ends none of them, and
// their on_publish_done / on_unpublish webhooks close them as before. Nothing refreshes their last sighting (the
// webhooks carry no periodic update today), so no age bound applies to them: one would end live pushes.

/** How often a live push's ingest session is marked seen: the most usage a crash can over-count. */
export const PUSH_SEEN_INTERVAL_MS = 20_000;

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
  for (const activity of ended) {
    ctx.realtime.publish(agentChannel(activity.agentId), {
      type: 'activity.pushing',
      activityId: activity.id,
      subagentId: activity.subagentId,
      isPushing: false,
    });
  }
  return ended.map((activity) => activity.id);
}
