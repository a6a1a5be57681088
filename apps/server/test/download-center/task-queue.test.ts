import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLocalTaskFiles } from '../../src/platform/tasks/task-files.ts';
import {
  createTaskQueue,
  TASK_FAILED_MESSAGE,
  TASK_INTERRUPTED_MESSAGE,
  TaskError,
  type TaskKind,
  type TaskQueue,
} from '../../src/platform/tasks/task-queue.ts';
import { createAgent, engines, startApp, type TestApp } from '../harness.ts';

// The queue itself (platform/tasks): one claim per task across workers, a dead worker's task taken again, a deleted
// task stopped, and failures kept as the task's error. The app's own worker is stopped so each test runs tasks itself.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)('the task queue on %s', (engine) => {
  let t: TestApp;
  let agentId = 0;
  let second: TaskQueue;
  /** What the probe kind does on its next run. */
  let behaviour: (task: Parameters<TaskKind<{ n: number }>['run']>[0]) => Promise<string> = async () => 'ok';
  let runs: number[] = [];

  const probe = (): TaskKind<{ n: number }> => ({
    kind: 'probe',
    params: z.object({ n: z.number().int() }),
    needsActivity: false,
    fileName: () => 'probe.txt',
    maxAttempts: 2,
    async run(task) {
      runs.push(task.id);
      const text = await behaviour(task);
      return { fileName: `probe-${task.params.n}.txt`, contentType: 'text/plain', body: Readable.from([text]) };
    },
  });

  const enqueue = async (n: number) =>
    (
      await t.ctx.db
        .insertInto('tasks')
        .values({
          agentId,
          label: 'download',
          kind: 'probe',
          name: 'probe.txt',
          params: JSON.stringify({ n }),
          maxAttempts: 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const row = (id: number) => t.ctx.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  const taskFiles = () => {
    const dir = path.join(t.dataDir, 'task-files', String(agentId));
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  beforeAll(async () => {
    t = await startApp(engine);
    await t.ctx.tasks.stop();
    t.ctx.tasks.register(probe());
    // A second worker on the same database, as another process would be.
    second = createTaskQueue({
      db: t.ctx.db,
      files: createLocalTaskFiles(path.join(t.dataDir, 'task-files')),
      log: () => {},
      leaseMs: 3_000,
      retryDelayMs: 0,
    });
    second.register(probe());
    agentId = (await createAgent(t.ctx)).id;
  });
  afterAll(() => t?.close());

  it('runs a task once when two workers reach for it together, and keeps its file', async () => {
    behaviour = async () => 'hello';
    runs = [];
    const id = await enqueue(1);
    const claimed = await Promise.all([t.ctx.tasks.runOnce(), second.runOnce()]);
    expect(claimed.filter(Boolean)).toHaveLength(1);
    expect(runs).toEqual([id]);
    const done = await row(id);
    expect(done).toMatchObject({ status: 'done', attempts: 1, fileName: 'probe-1.txt', lastError: null });
    expect(Number(done?.fileSize)).toBe(5);
    const file = await t.ctx.tasks.files.open(done?.fileKey ?? '');
    expect(file?.size).toBe(5);
    file?.stream.destroy();
  });

  it('takes again a task whose worker died (its lease ran out), and fails it once it died on it every attempt', async () => {
    behaviour = async () => 'again';
    const id = await enqueue(2);
    await sql`update tasks set status = 'running', attempts = 1, lease_owner = 'dead-process',
      lease_expires_at = now() - interval '1 second' where id = ${id}`.execute(t.ctx.db);
    // A live lease is left alone.
    const held = await enqueue(3);
    await sql`update tasks set status = 'running', attempts = 1, lease_owner = 'live-process',
      lease_expires_at = now() + interval '1 minute' where id = ${held}`.execute(t.ctx.db);
    expect(await second.drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await row(held)).toMatchObject({ status: 'running', leaseOwner: 'live-process' });

    await sql`update tasks set attempts = 2, lease_expires_at = now() - interval '1 second' where id = ${held}`.execute(
      t.ctx.db,
    );
    expect(await second.runOnce()).toBe(false);
    expect(await row(held)).toMatchObject({ status: 'failed', lastError: TASK_INTERRUPTED_MESSAGE });
  });

  it('renews the lease while a task runs, so a long task is not taken from its worker', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    behaviour = async () => {
      await gate;
      return 'long';
    };
    runs = [];
    const id = await enqueue(4);
    const running = second.runOnce();
    // Past its 3 s lease: renewed every second, so the other worker finds nothing to claim.
    await sleep(3_500);
    expect(await t.ctx.tasks.runOnce()).toBe(false);
    release();
    expect(await running).toBe(true);
    expect(runs).toEqual([id]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('stops a task deleted while it runs, and keeps no file of it', async () => {
    const before = taskFiles().length;
    let reported = 0;
    behaviour = async (task) => {
      for (let done = 1; done <= 1_000; done++) {
        await task.progress(done, 1_000);
        reported = done;
        await sleep(5);
      }
      return 'never';
    };
    const id = await enqueue(5);
    const running = second.runOnce();
    while (reported < 3) await sleep(10);
    await t.ctx.db.deleteFrom('tasks').where('id', '=', id).execute();
    await running;
    expect(reported).toBeLessThan(1_000);
    expect(await row(id)).toBeUndefined();
    expect(taskFiles()).toHaveLength(before);
  });

  it('keeps a failure meant for the agent as it is, and tries an unexpected one again before failing it', async () => {
    behaviour = async () => {
      throw new TaskError('No visits in the range');
    };
    const told = await enqueue(6);
    await second.runOnce();
    expect(await row(told)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'No visits in the range' });

    behaviour = async () => {
      throw new Error('connection reset by peer at 10.0.0.7');
    };
    const crashed = await enqueue(7);
    await second.runOnce();
    expect(await row(crashed)).toMatchObject({ status: 'pending', attempts: 1, lastError: TASK_FAILED_MESSAGE });
    await second.runOnce();
    const failed = await row(crashed);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, lastError: TASK_FAILED_MESSAGE });
    expect(failed?.finishedAt).not.toBeNull();
  });

  it('hands a running task back to the queue when its worker stops with the process', async () => {
    behaviour = async (task) => {
      for (;;) {
        await task.progress(1, 2);
        await sleep(10);
      }
    };
    const id = await enqueue(8);
    const worker = createTaskQueue({
      db: t.ctx.db,
      files: t.ctx.tasks.files,
      log: () => {},
      pollMs: 10,
    });
    worker.register(probe());
    worker.start();
    while ((await row(id))?.status !== 'running') await sleep(10);
    await worker.stop();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0, leaseOwner: null });
    await t.ctx.db.deleteFrom('tasks').where('id', '=', id).execute();
  });

  it('does not hold the process’s close for a task that heeds no signal: the task keeps its lease for another worker', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    behaviour = async () => {
      await gate;
      return 'late';
    };
    const id = await enqueue(9);
    const worker = createTaskQueue({
      db: t.ctx.db,
      files: t.ctx.tasks.files,
      log: () => {},
      pollMs: 10,
      stopWaitMs: 200,
    });
    worker.register(probe());
    worker.start();
    while ((await row(id))?.status !== 'running') await sleep(10);
    const began = Date.now();
    await worker.stop();
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(await row(id)).toMatchObject({ status: 'running', leaseOwner: worker.workerId });
    release();
    await t.ctx.db.deleteFrom('tasks').where('id', '=', id).execute();
  });
});
