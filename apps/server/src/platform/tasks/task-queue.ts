import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { TaskFiles } from './task-files.ts';

// Background tasks (ARCHITECTURE: "background tasks (exports, reports, transcodes): a queue in the database, a worker
// in the process"). How a feature adds a kind of task:
//
//   tasks.register({
//     kind: 'report',                        // the name POST /v3/task carries; one feature owns it
//     params: z.object({ ... }),             // checked when the task is created (400 naming the field) and again here
//     needsActivity: true,                   // the create must name an activityId of the caller's (404 otherwise)
//     fileName: (params, activity) => `${activity?.name}.pdf`,  // listed before the file exists
//     async run(task) {                      // in the worker, never in a request
//       await task.progress(done, total);    // as it goes: shown in the download center; throws once the task is
//                                            // deleted, so a cancelled task stops at its next report
//       return { fileName, contentType, body };  // body: a Readable, streamed to the task's file
//     },
//   });
//
// Add it to src/task-kinds.ts, which both entry points (the API and src/worker.ts) call, so each knows every kind. A
// failure the agent should read is a TaskError (its message is kept as the task's error, and the task is not
// retried); anything else is retried up to maxAttempts and then shown as "Task failed", its detail only in the log.
//
// The queue is the `tasks` table (migration 044). A worker claims the oldest waiting task of the kinds its process
// knows with FOR UPDATE SKIP LOCKED, so two workers never run one task; it holds a lease it renews while the task
// runs, and a task whose lease ran out (its process died) is claimed again. One worker per process runs one task at a
// time; several processes on one PostgreSQL share the queue. pg-boss 12 also runs on PGlite (it ships an adapter), but
// that adapter talks to PGlite past the app's connection gate, so its statements could land inside a transaction the
// app holds open on PGlite's one connection; and the download center needs the agent, progress and file of each task,
// which would have lived in a second table kept in step with pg-boss's. See bench/README.md for the measurements.

/** A failure whose message the agent may read (the download center shows it); such a task is not tried again. */
export class TaskError extends Error {}

/** The task was deleted (or taken over) while it ran: the worker stops it and keeps nothing. */
export class TaskCancelled extends Error {
  constructor() {
    super('Task cancelled');
  }
}

/** The worker is stopping with its process: the task goes back to the queue for another worker. */
class WorkerStopping extends Error {}

export interface TaskOutput {
  fileName: string;
  contentType: string;
  body: Readable;
}

export interface RunningTask<P> {
  id: number;
  agentId: number;
  subagentId: number | null;
  activityId: number | null;
  params: P;
  /** The attempt this is, from 1. */
  attempt: number;
  /** Aborted when the task is deleted, taken over, or the worker stops: stop reading and writing. */
  signal: AbortSignal;
  /** Reports progress (written at most twice a second); throws TaskCancelled once the task is gone. */
  progress(done: number, total?: number): Promise<void>;
}

export interface TaskKind<P = unknown> {
  kind: string;
  params: z.ZodType<P>;
  /** The create must name an activity of the caller's. */
  needsActivity: boolean;
  /** The name the download center shows until the file exists (the activity is the create's, when it names one). */
  fileName(params: P, activity: { name: string } | null): string;
  /** Tries before a task that keeps failing (or whose process keeps dying) is failed; default 3. */
  maxAttempts?: number;
  run(task: RunningTask<P>): Promise<TaskOutput>;
}

export interface TaskQueueOptions {
  db: Db;
  files: TaskFiles;
  log: (line: string) => void;
  /** Where a queued task is noted (the log's info level; the line carries the id of the request that queued it). */
  info?: (line: string) => void;
  /** How long a claim holds without renewal; a task whose holder is silent this long is taken again. */
  leaseMs?: number;
  /** How often an idle worker looks for work (a create in this process wakes it at once). */
  pollMs?: number;
  /** The wait before a failed attempt is tried again, times the attempt. */
  retryDelayMs?: number;
  /** How long stopping waits for the running task to hand itself back. */
  stopWaitMs?: number;
}

export interface TaskQueue {
  readonly files: TaskFiles;
  /** This process's worker, as written in a claimed task's lease_owner. */
  readonly workerId: string;
  register<P>(kind: TaskKind<P>): void;
  kind(name: string): TaskKind | undefined;
  kinds(): string[];
  /** Claims the oldest claimable task and runs it to its end; false when there was none. */
  runOnce(): Promise<boolean>;
  /** Runs tasks until none is claimable; answers how many ran. */
  drain(): Promise<number>;
  /** Starts the worker loop (one task at a time). */
  start(): void;
  /** Stops the loop; a task still running is handed back to the queue. */
  stop(): Promise<void>;
  /** A task was created: an idle worker looks now rather than at its next poll. */
  poke(created?: { id: number; kind: string }): void;
}

const PROGRESS_WRITE_MS = 500;
/** The error a task shows when its failure was not one meant for the agent (the detail is in the log). */
export const TASK_FAILED_MESSAGE = 'Task failed';
/** The error a task shows when its process died on it maxAttempts times. */
export const TASK_INTERRUPTED_MESSAGE = 'Task interrupted';

interface ClaimedRow {
  id: number;
  agentId: number;
  subagentId: number | null;
  activityId: number | null;
  kind: string;
  params: unknown;
  attempts: number;
  maxAttempts: number;
}

export function createTaskQueue(options: TaskQueueOptions): TaskQueue {
  const { db, files, log } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1_000;
  const retryDelayMs = options.retryDelayMs ?? 5_000;
  const stopWaitMs = options.stopWaitMs ?? 10_000;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const registry = new Map<string, TaskKind>();
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let current: AbortController | null = null;
  const leaseInterval = sql`${leaseMs} * interval '1 millisecond'`;

  /** Tasks whose process died on them too often are failed, whichever process knows their kind. */
  async function failExhausted() {
    await db
      .updateTable('tasks')
      .set({
        status: 'failed',
        lastError: TASK_INTERRUPTED_MESSAGE,
        leaseOwner: null,
        leaseExpiresAt: null,
        finishedAt: sql`now()`,
      })
      .where('status', '=', 'running')
      .where('leaseExpiresAt', '<', sql<Date>`now()`)
      .where(sql<boolean>`attempts >= max_attempts`)
      .execute();
  }

  async function claim(): Promise<ClaimedRow | null> {
    const kinds = [...registry.keys()];
    if (kinds.length === 0) return null;
    await failExhausted();
    const { rows } = await sql<ClaimedRow>`
      update tasks t set status = 'running', lease_owner = ${workerId}, lease_expires_at = now() + ${leaseInterval},
        attempts = t.attempts + 1, started_at = coalesce(t.started_at, now())
      where t.id = (
        select c.id from tasks c
        where c.kind in (${sql.join(kinds)})
          and ((c.status = 'pending' and c.run_after <= now()) or (c.status = 'running' and c.lease_expires_at < now()))
        order by c.id
        limit 1
        for update skip locked
      )
      returning t.id, t.agent_id, t.subagent_id, t.activity_id, t.kind, t.params, t.attempts, t.max_attempts`.execute(
      db,
    );
    return rows[0] ?? null;
  }

  /** Renews the lease; false when the task is no longer this worker's (deleted, or taken over after a stall). */
  async function renew(id: number, progress?: { done: number; total: number | undefined }) {
    const result = await db
      .updateTable('tasks')
      .set({
        leaseExpiresAt: sql`now() + ${leaseInterval}`,
        ...(progress ? { progressDone: progress.done } : {}),
        ...(progress?.total !== undefined ? { progressTotal: progress.total } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('leaseOwner', '=', workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async function run(row: ClaimedRow): Promise<void> {
    const kind = registry.get(row.kind);
    const controller = new AbortController();
    current = controller;
    const cancel = () => {
      if (!controller.signal.aborted) controller.abort(new TaskCancelled());
    };
    const keeper = setInterval(() => {
      renew(row.id).then(
        (held) => {
          if (!held) cancel();
        },
        (error) => log(`task ${row.id}: lease renewal failed: ${error}`),
      );
    }, leaseMs / 3);
    let lastWrite = 0;
    let fileKey: string | null = null;
    try {
      if (!kind) throw new Error(`no handler for task kind ${row.kind}`);
      const params = kind.params.parse(row.params);
      const output = await kind.run({
        id: row.id,
        agentId: row.agentId,
        subagentId: row.subagentId,
        activityId: row.activityId,
        params,
        attempt: row.attempts,
        signal: controller.signal,
        async progress(done, total) {
          controller.signal.throwIfAborted();
          const now = Date.now();
          if (now - lastWrite < PROGRESS_WRITE_MS && done !== total) return;
          lastWrite = now;
          if (!(await renew(row.id, { done, total }))) {
            cancel();
            throw new TaskCancelled();
          }
        },
      });
      controller.signal.throwIfAborted();
      // Aborted before the store has attached to the body (it may still be making the file's folder), the body's error
      // would have no listener and be thrown from the process; the store's put sees the destroyed body either way.
      const abortBody = () => {
        output.body.on('error', () => {});
        output.body.destroy(controller.signal.reason as Error);
      };
      controller.signal.addEventListener('abort', abortBody, { once: true });
      const extension = /\.[A-Za-z0-9]{1,8}$/.exec(output.fileName)?.[0] ?? '';
      fileKey = `${row.agentId}/${row.id}-${randomUUID()}${extension}`;
      const size = await files.put(fileKey, output.body);
      controller.signal.removeEventListener('abort', abortBody);
      controller.signal.throwIfAborted();
      const done = await db
        .updateTable('tasks')
        .set({
          status: 'done',
          fileKey,
          fileName: output.fileName,
          fileSize: size,
          contentType: output.contentType,
          progressDone: sql`coalesce(progress_total, greatest(progress_done, 1))`,
          progressTotal: sql`coalesce(progress_total, greatest(progress_done, 1))`,
          lastError: null,
          leaseOwner: null,
          leaseExpiresAt: null,
          finishedAt: sql`now()`,
        })
        .where('id', '=', row.id)
        .where('leaseOwner', '=', workerId)
        .executeTakeFirst();
      // Deleted while its file was being written: the file goes too.
      if (Number(done.numUpdatedRows) === 0) await files.remove(fileKey);
    } catch (caught) {
      if (fileKey) await files.remove(fileKey).catch(() => {});
      const reason = controller.signal.aborted ? controller.signal.reason : caught;
      if (reason instanceof TaskCancelled) return;
      if (reason instanceof WorkerStopping) {
        // Not the task's fault: it goes back to the queue as it was, for the next worker.
        await db
          .updateTable('tasks')
          .set({
            status: 'pending',
            attempts: sql`greatest(attempts - 1, 0)`,
            leaseOwner: null,
            leaseExpiresAt: null,
          })
          .where('id', '=', row.id)
          .where('leaseOwner', '=', workerId)
          .execute();
        return;
      }
      const forAgent = reason instanceof TaskError;
      if (!forAgent) log(`task ${row.id} (${row.kind}) attempt ${row.attempts} failed: ${String(reason)}`);
      const final = forAgent || row.attempts >= row.maxAttempts;
      await db
        .updateTable('tasks')
        .set({
          status: final ? 'failed' : 'pending',
          lastError: forAgent ? (reason as TaskError).message : TASK_FAILED_MESSAGE,
          runAfter: sql`now() + ${retryDelayMs * row.attempts} * interval '1 millisecond'`,
          leaseOwner: null,
          leaseExpiresAt: null,
          ...(final ? { finishedAt: sql`now()` } : {}),
        })
        .where('id', '=', row.id)
        .where('leaseOwner', '=', workerId)
        .execute();
    } finally {
      clearInterval(keeper);
      if (current === controller) current = null;
    }
  }

  const queue: TaskQueue = {
    files,
    workerId,
    register(kind) {
      if (registry.has(kind.kind)) throw new Error(`task kind ${kind.kind} is registered twice`);
      registry.set(kind.kind, kind as TaskKind);
    },
    kind: (name) => registry.get(name),
    kinds: () => [...registry.keys()],
    async runOnce() {
      const row = await claim();
      if (!row) return false;
      await run(row);
      return true;
    },
    async drain() {
      let ran = 0;
      while (await queue.runOnce()) ran += 1;
      return ran;
    },
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let ran = false;
          try {
            ran = await queue.runOnce();
          } catch (error) {
            log(`task worker: ${error}`);
          }
          if (ran || !running) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
      })();
    },
    async stop() {
      running = false;
      current?.abort(new WorkerStopping('worker stopping'));
      wake?.();
      // A task that heeds neither its signal nor its progress reports does not hold the process's close: it keeps its
      // lease until that runs out, and another worker takes it then.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise((resolve) => (timer = setTimeout(resolve, stopWaitMs)))]);
      clearTimeout(timer);
      loop = null;
    },
    poke(created) {
      if (created) options.info?.(`task ${created.id} (${created.kind}) queued`);
      wake?.();
    },
  };
  return queue;
}
