import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../../e2e/start-server.ts';
import { type BuiltApp, buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { loadConfig } from '../../src/config.ts';
import {
  endSilentExternalPushes,
  keepMarkingPushesSeen,
  markPushesSeen,
  PUSH_SEEN_INTERVAL_MS,
} from '../../src/features/live-stream/push-liveness.ts';
import { call, createAgent, engines, sessionFor, startApp, type TestApp } from '../harness.ts';
import { push, waitFor } from './push.ts';

// A crash leaves no ghost (issue 8): a push live when the server is killed (kill -9: no unpublish, no hook) shows
// isPushing false on the restarted server at once, and its ingest session ends at the last time the server saw it.
//
// The crash: the first server is left as it is, pushing, and a second server is built over the same database (for
// PGlite a copy of its data directory taken while the first is idle, which is what kill -9 leaves on disk; for
// PostgreSQL the same database), as a restart would be.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)('a server killed during a push, restarted on %s', (engine) => {
  let first: TestApp;
  let second: BuiltApp | undefined;
  let secondDir = '';
  let encoder: ReturnType<typeof push> | undefined;

  beforeAll(async () => {
    // The embedded ingest listens where loadConfig reads it from.
    process.env.RTMP_HOST = '127.0.0.1';
    process.env.RTMP_PORT = String(await freePort());
    first = await startApp(engine);
  });
  afterAll(async () => {
    encoder?.kill('SIGKILL');
    await second?.close();
    if (secondDir) await rm(secondDir, { recursive: true, force: true });
    await first?.close();
  });

  it('reports isPushing false at once and ends the push at its last sighting, so usage stops counting', async () => {
    const { app, ctx } = first;
    const rtmpPort = (await ctx.ingest?.listen()) ?? 0;
    const agent = await createAgent(ctx);
    const token = await sessionFor(ctx, agent.id);
    const activity = (await call(app, 'POST', '/activity', { token, body: { name: '断电的直播' } })).body;
    encoder = push(`rtmp://127.0.0.1:${rtmpPort}/live/${activity.stream.pushStreamKey}`, 60);
    await waitFor(async () => (await call(app, 'GET', `/activity/${activity.id}`, { token })).body.isPushing, 5_000);

    // The periodic sighting, as the server's timer makes it.
    expect(await markPushesSeen(ctx.db)).toBe(1);
    const seen = await ctx.db
      .selectFrom('ingestSessions')
      .select(['startedAt', 'lastSeenAt', 'endedAt'])
      .where('activityId', '=', activity.id)
      .executeTakeFirstOrThrow();
    expect(seen.endedAt).toBeNull();
    expect(seen.lastSeenAt?.getTime()).toBeGreaterThanOrEqual(seen.startedAt.getTime());
    // Time passes after the last sighting before the crash: usage must not count it.
    await sleep(1_500);

    // kill -9: the first server writes nothing more.
    const config: Partial<Config> = {
      logLevel: 'silent',
      consoleDir: '/nonexistent',
      secretKey: 'test-secret',
      rtmpHost: '127.0.0.1',
      rtmpPort: await freePort(),
    };
    secondDir = await mkdtemp(path.join(tmpdir(), 'yanbo-restarted-'));
    if (engine === 'pglite') {
      await sql`checkpoint`.execute(ctx.db);
      await cp(path.join(first.dataDir, 'pgdata'), path.join(secondDir, 'pgdata'), { recursive: true });
    }
    second = await buildApp(
      loadConfig({ ...config, dataDir: secondDir, databaseUrl: engine === 'postgres' ? ctx.config.databaseUrl : '' }),
    );

    const after = (await call(second.app, 'GET', `/activity/${activity.id}`, { token })).body;
    expect(after.isPushing).toBe(false);
    const ended = await second.ctx.db
      .selectFrom('ingestSessions')
      .select(['startedAt', 'lastSeenAt', 'endedAt'])
      .where('activityId', '=', activity.id)
      .executeTakeFirstOrThrow();
    expect(ended.endedAt?.toISOString()).toBe(seen.lastSeenAt?.toISOString());

    const usage = async () =>
      (await call(second?.app as BuiltApp['app'], 'GET', `/v3/activity/${activity.id}/usage`, { token })).body;
    const counted = (await usage()).push.seconds;
    const pushedFor = Math.round(((ended.endedAt?.getTime() ?? 0) - seen.startedAt.getTime()) / 1000);
    expect(counted).toBe(pushedFor);
    await sleep(1_100);
    expect((await usage()).push.seconds).toBe(counted);
  }, 60_000);

  it('marks live pushes seen on its own while they last, and only those', async () => {
    const { app, ctx } = first;
    const agent = await createAgent(ctx);
    const token = await sessionFor(ctx, agent.id);
    const live = (await call(app, 'POST', '/activity', { token, body: { name: '直播中' } })).body;
    const idle = (await call(app, 'POST', '/activity', { token, body: { name: '未推流' } })).body;
    // The publish hook's rows for a live push, and an open session whose activity no longer pushes.
    await ctx.db.updateTable('activities').set({ isPushing: true }).where('id', '=', live.id).execute();
    await ctx.db
      .insertInto('ingestSessions')
      .values([
        { activityId: live.id, agentId: agent.id },
        { activityId: idle.id, agentId: agent.id },
      ])
      .execute();
    const lastSeen = async (activityId: number) =>
      (
        await ctx.db
          .selectFrom('ingestSessions')
          .select('lastSeenAt')
          .where('activityId', '=', activityId)
          .executeTakeFirstOrThrow()
      ).lastSeenAt;
    const stop = keepMarkingPushesSeen(ctx.db, () => {}, 50);
    try {
      await waitFor(async () => (await lastSeen(live.id)) !== null, 2_000);
      const firstSighting = (await lastSeen(live.id))?.getTime() ?? 0;
      await waitFor(async () => ((await lastSeen(live.id))?.getTime() ?? 0) > firstSighting, 2_000);
    } finally {
      stop();
    }
    expect(await lastSeen(idle.id)).toBeNull();
  });
});

// With INGEST=external the media server holds the pushes: a restart of the API ends none, and a push is ended only
// when the media server's updates (nginx-rtmp's on_update) stop for longer than the bound.
describe.each(engines)('an external media server’s pushes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.INGEST = 'external';
    try {
      t = await startApp(engine);
    } finally {
      delete process.env.INGEST;
    }
  });
  afterAll(() => t?.close());

  const hook = (name: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/hooks/${name}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ app: 'live', addr: '10.0.0.5', clientid: '1', ...fields }).toString(),
    });

  it('marks a push seen on each update, and ends one whose updates stopped at its last sighting', async () => {
    const { app, ctx } = t;
    const agent = await createAgent(ctx);
    const token = await sessionFor(ctx, agent.id);
    const pushed = async () => {
      const activity = (await call(app, 'POST', '/activity', { token, body: { name: `外部推流 ${Math.random()}` } }))
        .body;
      const [name, query] = activity.stream.pushStreamKey.split('?');
      const key = new URLSearchParams(query).get('key') as string;
      expect((await hook('on_publish', { call: 'publish', name, key })).statusCode).toBe(200);
      return { id: activity.id as number, name, key };
    };
    const updated = await pushed();
    const neverUpdated = await pushed();
    const isPushing = async (id: number) => (await call(app, 'GET', `/activity/${id}`, { token })).body.isPushing;
    const session = (id: number) =>
      ctx.db
        .selectFrom('ingestSessions')
        .select(['lastSeenAt', 'endedAt'])
        .where('activityId', '=', id)
        .executeTakeFirstOrThrow();

    expect((await hook('on_update', { call: 'update_publish', name: updated.name, key: 'wrong' })).statusCode).toBe(
      403,
    );
    expect((await session(updated.id)).lastSeenAt).toBeNull();
    const update = await hook('on_update', {
      call: 'update_publish',
      time: '30',
      name: updated.name,
      key: updated.key,
    });
    expect(update.statusCode).toBe(200);
    const seen = (await session(updated.id)).lastSeenAt;
    expect(seen).not.toBeNull();

    // Still within the bound: nothing ends.
    expect(await endSilentExternalPushes(ctx)).toEqual([]);
    // The updates stopped long ago (the media server died, or on_publish_done was lost).
    await sql`update ingest_sessions set last_seen_at = last_seen_at - interval '10 minutes'
      where activity_id = ${updated.id}`.execute(ctx.db);
    expect(await endSilentExternalPushes(ctx)).toEqual([updated.id]);
    expect(await isPushing(updated.id)).toBe(false);
    const ended = await session(updated.id);
    expect(ended.endedAt?.getTime()).toBe((seen?.getTime() ?? 0) - 10 * 60_000);
    // A push its media server never updates is left to on_publish_done.
    expect(await isPushing(neverUpdated.id)).toBe(true);
    expect((await session(neverUpdated.id)).endedAt).toBeNull();
    // The media server speaks again: the push was live after all, in a new session.
    expect((await hook('on_update', { call: 'update_publish', name: updated.name, key: updated.key })).statusCode).toBe(
      200,
    );
    expect(await isPushing(updated.id)).toBe(true);
    const reopened = await ctx.db
      .selectFrom('ingestSessions')
      .select(['lastSeenAt'])
      .where('activityId', '=', updated.id)
      .where('endedAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(reopened.lastSeenAt).not.toBeNull();
  });
});

describe('the server, while pushes are live', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Only the intervals are simulated, so the server's own 20 s timer can be run at once.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    t = await startApp('pglite');
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it(`marks them seen every ${PUSH_SEEN_INTERVAL_MS / 1000} s`, async () => {
    const { app, ctx } = t;
    const agent = await createAgent(ctx);
    const token = await sessionFor(ctx, agent.id);
    const live = (await call(app, 'POST', '/activity', { token, body: { name: '直播中' } })).body;
    await ctx.db.updateTable('activities').set({ isPushing: true }).where('id', '=', live.id).execute();
    await ctx.db.insertInto('ingestSessions').values({ activityId: live.id, agentId: agent.id }).execute();
    const lastSeen = async () =>
      (
        await ctx.db
          .selectFrom('ingestSessions')
          .select('lastSeenAt')
          .where('activityId', '=', live.id)
          .executeTakeFirstOrThrow()
      ).lastSeenAt;
    vi.advanceTimersByTime(PUSH_SEEN_INTERVAL_MS - 1_000);
    await sleep(200);
    expect(await lastSeen()).toBeNull();
    vi.advanceTimersByTime(1_000);
    await waitFor(async () => (await lastSeen()) !== null, 2_000);
  });
});
