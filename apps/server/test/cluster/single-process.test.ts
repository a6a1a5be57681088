import { STREAM_JOB_FAILURES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markInterruptedJobs } from '../../src/features/live-stream/index.ts';
import { createActivity, createAgent, sessionFor, startApp, type TestApp } from '../harness.ts';

// The embedded default (issue 15): PGlite is opened by one process only, so a job named on another process is a
// previous run's, however fresh that run's last heartbeat, and is failed at start-up as before owners existed.

describe('stream jobs on the embedded database', () => {
  let t: TestApp;
  let activityId: number;
  let agentId: number;

  beforeAll(async () => {
    t = await startApp('pglite');
    agentId = (await createAgent(t.ctx)).id;
    activityId = await createActivity(t.app, await sessionFor(t.ctx, agentId));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('fails a previous run’s running job at start-up, and keeps this process’s own', async () => {
    expect(t.ctx.process.shared).toBe(false);
    const db = t.ctx.db;
    // The run before a crash beat a moment ago.
    await db.insertInto('serverProcesses').values({ id: 'previous-run', host: 'vm', pid: 3 }).execute();
    const job = (ownerProcess: string) =>
      db
        .insertInto('streamJobs')
        .values({
          activityId,
          agentId,
          kind: 'relay',
          source: 'rtmp://example.com/live/z',
          status: 'running',
          ownerProcess,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const previous = await job('previous-run');
    const own = await job(t.ctx.process.id);
    await markInterruptedJobs(t.ctx);
    const status = async (id: number) =>
      db.selectFrom('streamJobs').select(['status', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await status(previous.id)).toEqual({ status: 'failed', error: STREAM_JOB_FAILURES.interrupted });
    expect(await status(own.id)).toEqual({ status: 'running', error: '' });
    await db.updateTable('streamJobs').set({ status: 'stopped' }).where('id', '=', own.id).execute();
  });
});
