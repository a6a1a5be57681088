import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningServer, startServer } from '../../../../e2e/start-server.ts';
import { createAgent, engines, sessionFor, startApp, type TestApp } from '../harness.ts';

// Background work on the queue (issue 15): an API process started with TASK_WORKERS=off queues a download-center
// task and leaves it pending; a separate `worker` process (src/worker.ts) runs it and the API serves its file; a
// worker stopped by SIGTERM in the middle of a task hands it back, and another worker finishes it.

const SECRET_KEY = 'test-secret';
const workerEntry = path.resolve(import.meta.dirname, '../../src/worker.ts');

interface RunningWorker {
  child: ChildProcess;
  output: () => string;
  /** The exit code, once the process has left. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and answers the exit code. */
  stop(): Promise<number | null>;
}

function startWorker(env: Record<string, string>): RunningWorker {
  const child = spawn(process.execPath, [workerEntry], {
    env: { ...process.env, LOG_LEVEL: 'warn', SECRET_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Polls `read` until `accept` holds or the deadline passes (the worker polls the queue once a second). */
async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!engines.includes('postgres'))('the worker process', () => {
  let setup: TestApp;
  let api: RunningServer;
  let dataDir: string;
  let token: string;
  let activityId: number;
  const workers: RunningWorker[] = [];

  beforeAll(async () => {
    // The test's own handle on the database (migrated, the agent made), itself running no task either.
    setup = await startApp('postgres', { taskWorkers: false });
    const agent = await createAgent(setup.ctx);
    token = await sessionFor(setup.ctx, agent.id);
    // The API process and the workers share the data directory the task files are written to.
    dataDir = await mkdtemp(path.join(tmpdir(), 'yanbo-worker-'));
    api = await startServer({
      DATABASE_URL: setup.ctx.config.databaseUrl,
      DATA_DIR: dataDir,
      SECRET_KEY,
      TASK_WORKERS: 'off',
      INGEST: 'external',
    });
    const created = await apiCall('POST', '/api/activity', { name: '后台任务' });
    activityId = created.id as number;
    await setup.ctx.db
      .insertInto('comments')
      .values(
        ['第一条评论', '第二条评论'].map((text) => ({
          agentId: agent.id,
          activityId,
          viewerId: 'viewer-1',
          nickname: '观众',
          text,
          status: 'passed' as const,
        })),
      )
      .execute();
  }, 300_000);

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await api?.stop();
    await setup?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function apiCall(method: string, url: string, body?: unknown) {
    const response = await fetch(`${api.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status, `${method} ${url}`).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  const createExport = () =>
    apiCall('POST', '/api/v3/task/', {
      kind: 'export',
      activityId,
      params: { export: 'comments', format: 'csv' },
    }).then((task) => task.id as number);

  const taskRow = (id: number) =>
    setup.ctx.db
      .selectFrom('tasks')
      .select(['status', 'leaseOwner', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const worker = (env: Record<string, string> = {}) => {
    const started = startWorker({ DATABASE_URL: setup.ctx.config.databaseUrl, DATA_DIR: dataDir, ...env });
    workers.push(started);
    return started;
  };

  async function expectFileServed(id: number) {
    await until(
      () => apiCall('GET', `/api/v3/task/${id}`),
      (task) => task.status === 'done',
      `task ${id}`,
    );
    const file = await fetch(`${api.baseUrl}/api/v3/task/${id}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text).toContain('第一条评论');
    expect(text).toContain('第二条评论');
  }

  it('refuses to start on the embedded database', async () => {
    const started = startWorker({ DATABASE_URL: '', DATA_DIR: dataDir });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('DATABASE_URL');
  }, 30_000);

  it('leaves a task pending while no worker runs, and a worker started later runs it', async () => {
    const id = await createExport();
    // Two of the worker's poll intervals: an API process with TASK_WORKERS=off must not have touched it.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await taskRow(id)).toMatchObject({ status: 'pending', leaseOwner: null, attempts: 0 });
    const port = await freePort();
    const running = worker({ WORKER_PORT: String(port), HOST: '127.0.0.1' });
    await expectFileServed(id);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(await running.stop()).toBe(0);
  }, 120_000);

  it('hands the task of a worker stopped mid-task back to the queue, and another worker finishes it', async () => {
    const id = await createExport();
    // The export stays mid-run while the test holds the comments table: it waits on its first read.
    const holder = new pg.Client({ connectionString: setup.ctx.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table comments in access exclusive mode');
      const first = worker();
      const claimed = await until(
        () => taskRow(id),
        (row) => row.status === 'running',
        'the first worker claiming the task',
      );
      expect(claimed.leaseOwner).toContain(`:${first.child.pid}:`);
      expect(await first.stop()).toBe(0);
      expect(await taskRow(id)).toMatchObject({ status: 'pending', leaseOwner: null, attempts: 0 });
    } finally {
      await holder.query('commit').catch(() => {});
      await holder.end();
    }
    const second = worker();
    await expectFileServed(id);
    expect((await taskRow(id)).attempts).toBe(1);
    expect(await second.stop()).toBe(0);
  }, 120_000);
});
