import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, sql } from 'kysely';
import pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import { z } from 'zod';
import { type Database, type Db, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { createQueryObserver } from '../apps/server/src/platform/db/observed-dialect.ts';
import { PGliteDialect } from '../apps/server/src/platform/db/pglite-dialect.ts';
import type { DB } from '../apps/server/src/platform/db/schema.ts';
import { createLocalTaskFiles } from '../apps/server/src/platform/tasks/task-files.ts';
import { createTaskQueue, type TaskQueue } from '../apps/server/src/platform/tasks/task-queue.ts';
import { writeSection } from './readme-section.ts';

// The background task queue (issue 11: "a maintained queue such as pg-boss or graphile-worker where it runs on both
// engines, measured"). graphile-worker takes only a pg Pool or a connection string, so it cannot run on PGlite.
// pg-boss 12 ships a PGlite adapter, so it is measured here beside the queue the server uses (platform/tasks, one
// table, FOR UPDATE SKIP LOCKED through Kysely), on the same engine in the same run: how many tasks one worker runs a
// second, how long a task created while the worker is idle waits to start, and whether a task sent while another
// part of the process holds a transaction open on PGlite's one connection survives that transaction's rollback.

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TASKS = 300;
const LATENCY_ROUNDS = 10;

interface Engine {
  name: string;
  db: Db;
  /** pg-boss on the same database. */
  boss(): PgBoss;
  pglite: PGlite | null;
  close(): Promise<void>;
}

async function pgliteEngine(): Promise<Engine> {
  const pglite = await PGlite.create();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
  const database: Database = {
    db,
    kind: 'pglite',
    queries: createQueryObserver(Number.POSITIVE_INFINITY),
    pool: () => null,
    copyLines: () => null,
    withScripts: (fn) =>
      db
        .connection()
        .execute(() =>
          fn(async (script) => ((await pglite.exec(script)).at(-1)?.rows ?? []) as Record<string, unknown>[]),
        ),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
  await migrate(database);
  return {
    name: 'PGlite',
    db,
    pglite,
    boss: () => new PgBoss({ db: fromPglite(pglite), backend: 'pglite' }),
    close: () => database.close(),
  };
}

async function postgresEngine(): Promise<Engine | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `yanbo_bench_tasks_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url, dataDir: '', inMemory: false });
  await migrate(database);
  return {
    name: 'PostgreSQL',
    db: database.db,
    pglite: null,
    boss: () => new PgBoss({ connectionString: url }),
    async close() {
      await database.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The queue the server uses: one worker draining TASKS tasks, then the start delay of a task created while idle. */
async function measureOurs(engine: Engine, agentId: number, filesDir: string) {
  let started: (() => void) | null = null;
  const queue: TaskQueue = createTaskQueue({
    db: engine.db,
    files: createLocalTaskFiles(filesDir),
    log: (line) => console.log(line),
  });
  queue.register({
    kind: 'noop',
    params: z.object({}),
    needsActivity: false,
    fileName: () => 'noop.txt',
    async run() {
      started?.();
      return { fileName: 'noop.txt', contentType: 'text/plain', body: Readable.from(['ok']) };
    },
  });
  const enqueue = (count: number) =>
    engine.db
      .insertInto('tasks')
      .values(
        Array.from({ length: count }, () => ({
          agentId,
          label: 'download',
          kind: 'noop',
          name: 'noop.txt',
          params: '{}',
        })),
      )
      .execute();
  await enqueue(TASKS);
  const drainStarted = performance.now();
  const ran = await queue.drain();
  const drainMs = performance.now() - drainStarted;
  if (ran !== TASKS) throw new Error(`ran ${ran} of ${TASKS}`);

  queue.start();
  const waits: number[] = [];
  for (let round = 0; round < LATENCY_ROUNDS; round++) {
    await sleep(50);
    const began = performance.now();
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    await enqueue(1);
    // A create through POST /v3/task pokes this process's worker; another process's finds it at its next poll.
    queue.poke();
    await running;
    waits.push(performance.now() - began);
  }
  await queue.stop();
  return { perSecond: (TASKS / drainMs) * 1000, startMs: median(waits) };
}

/** pg-boss on the same database: the same work through its send and one worker taking one job at a time. */
async function measureBoss(engine: Engine) {
  const boss = engine.boss();
  boss.on('error', (error) => console.log(`pg-boss: ${error.message}`));
  const startBegan = performance.now();
  await boss.start();
  const startMs = performance.now() - startBegan;
  await boss.createQueue('noop');
  for (let i = 0; i < TASKS; i++) await boss.send('noop', { i });
  let done = 0;
  let allDone: () => void = () => {};
  let started: (() => void) | null = null;
  const finished = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  const drainStarted = performance.now();
  await boss.work('noop', { batchSize: 1, pollingIntervalSeconds: 0.5 }, async () => {
    done += 1;
    started?.();
    if (done === TASKS) allDone();
  });
  await finished;
  const drainMs = performance.now() - drainStarted;
  const waits: number[] = [];
  for (let round = 0; round < Math.min(LATENCY_ROUNDS, 5); round++) {
    await sleep(50);
    const began = performance.now();
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    await boss.send('noop', { round });
    await running;
    waits.push(performance.now() - began);
  }

  // On PGlite: a job sent while the app holds a transaction open (a request's Kysely transaction on the one
  // connection) lands inside that transaction, and goes when it rolls back.
  let survives: boolean | null = null;
  if (engine.pglite) {
    const marker = `rollback-${Date.now()}`;
    await engine.db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await boss.send('noop', { marker }, { startAfter: 3600 });
        throw new Error('rolled back');
      })
      .catch(() => {});
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pgboss.job where name = 'noop' and data->>'marker' = ${marker}`.execute(engine.db);
    survives = Number(rows[0]?.n ?? 0) === 1;
  }
  await boss.stop({ graceful: false });
  return { perSecond: (TASKS / drainMs) * 1000, startMs: median(waits), bootMs: startMs, survives };
}

/** Our queue under the same interleaving: its create waits for the connection, so a rollback elsewhere leaves it. */
async function oursSurvivesRollback(engine: Engine, agentId: number): Promise<boolean> {
  const marker = `rollback-${Date.now()}`;
  let inserted: Promise<unknown> = Promise.resolve();
  await engine.db
    .transaction()
    .execute(async (trx) => {
      await sql`select 1`.execute(trx);
      inserted = engine.db
        .insertInto('tasks')
        .values({ agentId, label: 'download', kind: 'later', name: marker, params: '{}' })
        .execute();
      await sleep(20);
      throw new Error('rolled back');
    })
    .catch(() => {});
  await inserted;
  const row = await engine.db.selectFrom('tasks').select('id').where('name', '=', marker).executeTakeFirst();
  return !!row;
}

export async function benchTaskQueue() {
  const rows: string[] = [];
  const notes: string[] = [];
  for (const make of [pgliteEngine, postgresEngine]) {
    const engine = await make();
    if (!engine) {
      console.log('task-queue: no PostgreSQL on 127.0.0.1:5432, measured on PGlite only');
      continue;
    }
    const filesDir = await mkdtemp(path.join(tmpdir(), 'yanbo-bench-tasks-'));
    try {
      // The tasks' agent: the foreign key is dropped rather than an account made (nothing here reads agents).
      await sql`alter table tasks drop constraint if exists tasks_agent_id_fkey`.execute(engine.db);
      const ours = await measureOurs(engine, 1, filesDir);
      const boss = await measureBoss(engine);
      const oursKept = engine.pglite ? await oursSurvivesRollback(engine, 1) : null;
      console.log(`task-queue ${engine.name}:`, { ours, boss, oursKept });
      rows.push(
        `| ${engine.name} | platform/tasks | ${ours.perSecond.toFixed(0)} | ${ours.startMs.toFixed(1)} | ${oursKept === null ? '—' : oursKept ? 'yes' : 'no'} |`,
        `| ${engine.name} | pg-boss 12 | ${boss.perSecond.toFixed(1)} | ${boss.startMs.toFixed(1)} | ${boss.survives === null ? '—' : boss.survives ? 'yes' : '**no**'} |`,
      );
      notes.push(`pg-boss's start (its schema made or checked) on ${engine.name}: ${boss.bootMs.toFixed(0)} ms.`);
    } finally {
      await engine.close();
      await rm(filesDir, { recursive: true, force: true });
    }
  }
  await writeSection(
    'task-queue',
    `## Background tasks: the queue in platform/tasks beside pg-boss, on both engines

${new Date().toISOString().slice(0, 10)}, on 2 cores, one worker taking one task at a time (the server runs one per
process). ${TASKS} waiting tasks drained (each of ours also writes its 2-byte file to disk, as every task keeps its
output; pg-boss's do nothing); the start delay is the median of ${LATENCY_ROUNDS} tasks (5 for pg-boss) created while the
worker was idle (ours is poked by the create in its process; another process's worker finds it at its next poll, 1 s).
pg-boss runs with \`pollingIntervalSeconds: 0.5\` (its floor) and \`batchSize: 1\`; on PGlite through its own
\`fromPglite\` adapter and \`backend: 'pglite'\`. "Kept after another transaction's rollback": a task created while
another part of the process holds a Kysely transaction open on PGlite's one connection, which then rolls back.

| engine | queue | tasks a second | start delay ms | kept after another transaction's rollback |
|---|---|---|---|---|
${rows.join('\n')}

${notes.join(' ')} pg-boss's worker fetches once per polling interval, so one taking a job at a time runs two a
second whatever the engine (a batch of n runs 2n); its LISTEN/NOTIFY does not wake it for a new job. graphile-worker takes only a pg Pool or a connection string, so it cannot run on PGlite at all.
pg-boss's PGlite adapter sends its statements to PGlite directly, past the Kysely driver's hand-out of the one
connection, so they run inside whatever transaction the app has open at that moment: a job sent (or a claim made) then
is undone by that transaction's rollback. With that, and with the agent, label, progress and file each task needs
kept in a table of the app's own either way, the server keeps its queue in \`tasks\` (migration 044).`,
  );
}
