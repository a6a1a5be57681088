import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// The figures of the metrics that are the platform's rather than a process's, read from the database when /metrics is
// scraped (every process answers the same: a dashboard takes one process's, or the max).

/** Tasks waiting and running in the shared queue (both counts read the queue's partial indexes, migration 044). */
export async function taskQueueDepth(db: Db): Promise<{ pending: number; running: number }> {
  const { rows } = await sql<{ pending: number; running: number }>`
    select (select count(*)::int from tasks where status = 'pending') as pending,
           (select count(*)::int from tasks where status = 'running') as running`.execute(db);
  return rows[0] ?? { pending: 0, running: 0 };
}

/** Activities pushing now, whichever ingest holds the push (the embedded one of any process, or an external one). */
export async function pushingActivities(db: Db): Promise<number> {
  const row = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('isPushing', '=', true)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
