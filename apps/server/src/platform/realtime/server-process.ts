import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * This server process as the others see it (issue 15, stateless API processes): a row in server_processes whose
 * heartbeat it renews while it lives. Work that belongs to one process (an ffmpeg job) names it; another process
 * reaches it on its hub channel, and only the work of a process whose heartbeat stopped is failed or taken over.
 */
export interface ServerProcess {
  readonly id: string;
  /**
   * Whether other processes may share the database. On the embedded PGlite this process is the only one that can
   * open it, so every other process named in a row is dead whatever its heartbeat says.
   */
  readonly shared: boolean;
  /** Runs step after every heartbeat (the sweeps of dead processes' work); answers the function that removes it. */
  onBeat(step: () => Promise<void>): () => void;
  /** Stops beating and removes the row: this process's work has been handed back. */
  stop(): Promise<void>;
}

/** The heartbeat is renewed this often. */
export const HEARTBEAT_MS = 5_000;
/** A process whose heartbeat is older than this is dead (several beats missed: a stall, a crash, a lost machine). */
export const PROCESS_STALE_SECONDS = 30;
/** Rows of processes dead this long are deleted (they only served to tell the work they owned was orphaned). */
const FORGET_AFTER_HOURS = 24;

/** The hub channel a process listens on for what another process asks of it (stopping its jobs). */
export const processChannel = (processId: string) => `process:${processId}`;

export async function registerServerProcess(
  db: Db,
  options: { shared: boolean; warn: (line: string) => void; heartbeatMs?: number },
): Promise<ServerProcess> {
  const id = randomUUID();
  const row = { id, host: hostname().slice(0, 200), pid: process.pid };
  await db.insertInto('serverProcesses').values(row).execute();
  const steps = new Set<() => Promise<void>>();
  let beating: Promise<void> | null = null;
  let stopped = false;
  const beat = async () => {
    // An upsert: a process stalled long enough for its row to be forgotten comes back as it beats again.
    await db
      .insertInto('serverProcesses')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeatAt: sql`now()` }))
      .execute();
    await db
      .deleteFrom('serverProcesses')
      .where('heartbeatAt', '<', sql<Date>`now() - make_interval(hours => ${FORGET_AFTER_HOURS})`)
      .execute();
    for (const step of steps) await step();
  };
  const timer = setInterval(() => {
    if (beating || stopped) return;
    beating = beat()
      .catch((error) => {
        if (!stopped) options.warn(`server process heartbeat: ${error}`);
      })
      .finally(() => {
        beating = null;
      });
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();
  return {
    id,
    shared: options.shared,
    onBeat(step) {
      steps.add(step);
      return () => {
        steps.delete(step);
      };
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await beating;
      await db
        .deleteFrom('serverProcesses')
        .where('id', '=', id)
        .execute()
        .catch(() => {});
    },
  };
}

/**
 * Whether the process named in `column` is dead: not this one, and either unknown, long silent, or (on a database no
 * other process can open) any other at all. Rows that name no process predate owners and count as dead.
 */
export function ownerIsDead(
  self: Pick<ServerProcess, 'id' | 'shared'>,
  column: 'stream_jobs.owner_process' | 'media.transcoded_by',
): RawBuilder<boolean> {
  const owner = sql.ref(column);
  if (!self.shared) return sql<boolean>`${owner} is distinct from ${self.id}`;
  return sql<boolean>`(${owner} is distinct from ${self.id} and not exists (
    select 1 from server_processes p
    where p.id = ${owner} and p.heartbeat_at > now() - make_interval(secs => ${PROCESS_STALE_SECONDS})
  ))`;
}
