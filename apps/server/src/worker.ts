import http from 'node:http';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { createStorage } from './platform/storage/storage-setup.ts';
import { createTaskQueue } from './platform/tasks/task-queue.ts';
import { registerTaskKinds } from './task-kinds.ts';

// The `worker` entry point (issue 15, background work on the queue): runs the download center's background tasks
// from the shared PostgreSQL queue, next to API processes started with TASK_WORKERS=off (or with their own workers).
// It serves no API; WORKER_PORT, when set, answers GET /healthz (on HOST) for a supervisor. SIGTERM hands
// the running task back to the queue, so another worker finishes it, and exits 0.

/** How long stopping waits for the database pool to close before the process leaves anyway. */
const CLOSE_WAIT_MS = 5_000;

const config = loadConfig();
let stopping = false;

/** One JSON line per event, as the API process's log lines are. */
function log(level: 'info' | 'warn' | 'error', msg: string) {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, name: 'worker', msg })}\n`);
}

if (!config.databaseUrl) {
  // An embedded PGlite database is one process's own: a second process cannot open it, so a worker needs PostgreSQL.
  log('error', 'the worker needs DATABASE_URL (PostgreSQL); the embedded database runs tasks in the API process');
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  inMemory: false,
  slowQueryMs: config.slowQueryMs,
});
// Under an advisory lock, so a worker started before or beside the API processes finds the tables it claims from.
await migrate(database);
const storage = await createStorage(config.dataDir, config.s3);
const tasks = createTaskQueue({
  db: database.db,
  files: storage.taskFiles,
  log: (line) => log('warn', line),
  info: (line) => log('info', line),
});
registerTaskKinds(tasks, { db: database.db, database });
tasks.start();
log('info', `worker ${tasks.workerId} runs ${tasks.kinds().join(', ')} (${database.kind})`);

const health = config.workerPort ? await serveHealth(config.workerPort, config.host) : null;

/** GET /healthz: 200 while the worker runs, 503 once it is stopping. */
function serveHealth(port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const ok = request.url === '/healthz' && request.method === 'GET';
    response.writeHead(ok ? (stopping ? 503 : 200) : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(ok ? { status: stopping ? 'stopping' : 'ok', worker: tasks.workerId } : {}));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * A task whose run did not heed the stop (a statement still waiting on the database) keeps this worker's lease: it
 * goes back to the queue as it was, so the next worker takes it now rather than when the lease runs out.
 */
async function releaseLeases() {
  const released = await database.db
    .updateTable('tasks')
    .set((eb) => ({
      status: 'pending',
      attempts: eb.fn('greatest', [eb('attempts', '-', 1), eb.val(0)]),
      leaseOwner: null,
      leaseExpiresAt: null,
    }))
    .where('status', '=', 'running')
    .where('leaseOwner', '=', tasks.workerId)
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) > 0) log('info', `handed ${released.numUpdatedRows} task(s) back to the queue`);
}

async function stop(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  log('info', `${signal}: stopping; the running task goes back to the queue`);
  health?.close();
  await tasks.stop();
  await releaseLeases();
  // A statement that outlived the stop holds its connection; the pool is not waited on past CLOSE_WAIT_MS.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([database.close(), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
  clearTimeout(timer);
  log('info', 'stopped');
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stop(signal).catch((error) => {
      log('error', `stopping failed: ${error}`);
      process.exit(1);
    });
  });
}
