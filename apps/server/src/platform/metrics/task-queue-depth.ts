import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Tasks waiting and running in the shared queue (both counts read the queue's partial indexes, migration 044). */
export async function taskQueueDepth(db: Db): Promise<{ pending: number; running: number }> {
  const { rows } = await sql<{ pending: number; running: number }>`
    select (select count(*)::int from tasks where status = 'pending') as pending,
           (select count(*)::int from tasks where status = 'running') as running`.execute(db);
  return rows[0] ?? { pending: 0, running: 0 };
}
