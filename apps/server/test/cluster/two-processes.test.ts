import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type ChatServerMessage, chatFrameMessages, STREAM_JOB_FAILURES } from '@yanbo/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { trackFlvViewer } from '../../src/features/activities/index.ts';
import { HEARTBEAT_MS } from '../../src/platform/realtime/server-process.ts';
import { call, createAgent, engines, nextIp, nextMobile, sessionFor, signedViewerCookie } from '../harness.ts';
import { exited, FFMPEG, push, waitFor } from '../live-stream/push.ts';
import { type Cluster, type ClusterNode, ffmpegPidsNaming, redisAnswers, startCluster } from './cluster-harness.ts';

// Two API processes on one PostgreSQL and one Redis (issue 15, stateless API processes): what a viewer or an agent
// does through one is what the other sees and does, and neither process fails or keeps the other's work.

const ready = engines.includes('postgres') && (await redisAnswers()) && existsSync(FFMPEG);

describe.skipIf(!ready)('two API processes on one PostgreSQL and Redis', () => {
  let cluster: Cluster;
  let a: ClusterNode;
  let b: ClusterNode;
  let token: string;

  beforeAll(async () => {
    cluster = await startCluster();
    a = cluster.a;
    token = await sessionFor(a.built.ctx, (await createAgent(a.built.ctx)).id);
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  const api = (node: ClusterNode, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    call(node.built.app, method, url, { token, body });
  const newActivity = async (name: string) => (await api(a, 'POST', '/activity', { name })).body;

  it('a starting process fails the running jobs of a dead process, and leaves a living one’s alone', async () => {
    const activity = await newActivity('任务归属');
    const db = a.built.ctx.db;
    await db
      .insertInto('serverProcesses')
      .values({ id: 'dead-process', host: 'gone', pid: 1, heartbeatAt: sql`now() - interval '10 minutes'` })
      .execute();
    const owner = await db
      .selectFrom('activities')
      .select('agentId')
      .where('id', '=', activity.id)
      .executeTakeFirstOrThrow();
    const job = (ownerProcess: string | null) =>
      db
        .insertInto('streamJobs')
        .values({
          activityId: activity.id,
          agentId: owner.agentId,
          kind: 'relay',
          source: 'rtmp://example.com/live/x',
          status: 'running',
          ownerProcess,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const living = await job(a.built.ctx.process.id);
    const dead = await job('dead-process');
    const unowned = await job(null);
    // Media transcodes likewise: a living process's goes on, a dead one's is failed.
    const media = (transcodedBy: string, n: number) =>
      db
        .insertInto('media')
        .values({
          agentId: owner.agentId,
          name: `视频${n}.mp4`,
          sourceKind: 'upload',
          source: `agent/${owner.agentId}/files/cluster-${n}.mp4`,
          status: 'transcoding',
          transcodedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const livingMedia = await media(a.built.ctx.process.id, 1);
    const deadMedia = await media('dead-process', 2);

    b = await cluster.start();

    const status = async (id: number) =>
      await db.selectFrom('streamJobs').select(['status', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await status(living.id)).toEqual({ status: 'running', error: '' });
    expect(await status(dead.id)).toEqual({ status: 'failed', error: STREAM_JOB_FAILURES.interrupted });
    expect(await status(unowned.id)).toEqual({ status: 'failed', error: STREAM_JOB_FAILURES.interrupted });
    const mediaStatus = async (id: number) =>
      (await db.selectFrom('media').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await mediaStatus(livingMedia.id)).toBe('transcoding');
    expect(await mediaStatus(deadMedia.id)).toBe('failed');
    // Both processes beat in the table.
    const processes = await db.selectFrom('serverProcesses').select('id').execute();
    expect(processes.map((row) => row.id)).toEqual(
      expect.arrayContaining([a.built.ctx.process.id, b.built.ctx.process.id]),
    );
    // Left as it was found: the living process's row is a fake that no ffmpeg runs.
    await db.updateTable('streamJobs').set({ status: 'stopped' }).where('id', '=', living.id).execute();
    await db.updateTable('media').set({ status: 'failed' }).where('id', '=', livingMedia.id).execute();
  }, 60_000);

  it('a process whose heartbeat stops while the others run has its jobs and transcodes failed at their next heartbeat', async () => {
    const activity = await newActivity('心跳停止');
    const db = a.built.ctx.db;
    const { agentId } = await db
      .selectFrom('activities')
      .select('agentId')
      .where('id', '=', activity.id)
      .executeTakeFirstOrThrow();
    await db.insertInto('serverProcesses').values({ id: 'ghost-process', host: 'elsewhere', pid: 2 }).execute();
    const job = await db
      .insertInto('streamJobs')
      .values({
        activityId: activity.id,
        agentId,
        kind: 'relay',
        source: 'rtmp://example.com/live/y',
        status: 'running',
        ownerProcess: 'ghost-process',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const media = await db
      .insertInto('media')
      .values({
        agentId,
        name: '幽灵转码.mp4',
        sourceKind: 'upload',
        source: `agent/${agentId}/files/ghost.mp4`,
        status: 'transcoding',
        transcodedBy: 'ghost-process',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mediaStatus = async () =>
      (await db.selectFrom('media').select('status').where('id', '=', media.id).executeTakeFirstOrThrow()).status;
    const status = async () =>
      (await db.selectFrom('streamJobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).status;
    // Past a heartbeat of both processes (every 5 s): the ghost is alive, its job is its own.
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS + 1_000));
    expect(await status()).toBe('running');
    expect(await mediaStatus()).toBe('transcoding');
    await db
      .updateTable('serverProcesses')
      .set({ heartbeatAt: sql`now() - interval '10 minutes'` })
      .where('id', '=', 'ghost-process')
      .execute();
    await waitFor(async () => (await status()) === 'failed' && (await mediaStatus()) === 'failed', HEARTBEAT_MS * 3);
  }, 60_000);

  it('a relay started through one process is stopped through the other, and its ffmpeg is gone', async () => {
    const source = await newActivity('信号源');
    const relayed = await newActivity('转推活动');
    // The source is process a's own playback on loopback: on premises, as RELAY_ALLOW_PRIVATE=1 allows.
    a.built.ctx.outbound.allowPrivate = true;
    const encoder = push(`rtmp://127.0.0.1:${a.rtmpPort}/live/${source.stream.pushStreamKey}`, 40);
    try {
      const isPushing = async (node: ClusterNode, id: number) =>
        (await api(node, 'GET', `/activity/${id}`)).body.isPushing;
      await waitFor(() => isPushing(b, source.id), 10_000);
      const relayUrl = source.stream.pullSource.flv.replace(/^http:\/\/[^/]+/, a.base);
      const set = await api(a, 'PUT', `/activity/${relayed.id}/live-mode`, { liveMode: 'relay', relayUrl });
      expect(set.status, set.text).toBe(200);
      await waitFor(() => isPushing(b, relayed.id), 15_000);
      const [job] = (await api(b, 'GET', `/v3/activity/${relayed.id}/stream-jobs`)).body.items;
      expect(job).toMatchObject({ kind: 'relay', status: 'running' });
      const relayedStream = relayed.stream.pushStreamKey.split('?')[0] as string;
      const pids = await ffmpegPidsNaming(relayedStream);
      expect(pids).toHaveLength(1);

      const stop = await api(b, 'POST', `/v3/activity/${relayed.id}/stream-jobs/${job.id}/stop`);
      expect(stop.status, stop.text).toBe(200);
      // The ffmpeg ran in process a; the stop made through b reached it.
      await waitFor(async () => (await ffmpegPidsNaming(relayedStream)).length === 0, 10_000);
      await waitFor(async () => !(await isPushing(a, relayed.id)), 15_000);
      const [after] = (await api(a, 'GET', `/v3/activity/${relayed.id}/stream-jobs`)).body.items;
      expect(after).toMatchObject({ id: job.id, status: 'stopped', error: '' });
      expect(a.built.ctx.relays.stop(job.id)).toBe(false);
    } finally {
      encoder.kill('SIGTERM');
      await exited(encoder);
    }
  }, 90_000);

  it('the online count sums the viewers of both processes, for the console of either', async () => {
    const activity = await newActivity('在线人数');
    const stream = activity.stream.pushStreamKey.split('?')[0] as string;
    const viewer = () => {
      let leave: (bytes: number) => void = () => {};
      const left = new Promise<number>((resolve) => (leave = resolve));
      return { left, leave };
    };
    const onA = [viewer()];
    const onB = [viewer(), viewer()];
    for (const v of onA) await trackFlvViewer(a.built.ctx, 'live', stream, v.left);
    for (const v of onB) await trackFlvViewer(b.built.ctx, 'live', stream, v.left);
    const online = async (node: ClusterNode) =>
      (await api(node, 'GET', `/v3/activity/${activity.id}/usage`)).body.online;
    await waitFor(async () => (await online(a)) === 3 && (await online(b)) === 3, 5_000);
    for (const v of onB) v.leave(0);
    await waitFor(async () => (await online(a)) === 1 && (await online(b)) === 1, 5_000);
    onA[0]?.leave(0);
    await waitFor(async () => (await online(b)) === 0, 5_000);
  }, 30_000);

  it('a comment posted through one process reaches a viewer connected to the other', async () => {
    const activity = await newActivity('跨进程聊天');
    const join = async (node: ClusterNode, nickname: string) => {
      const userId = randomBytes(16).toString('base64url');
      const ws = new WebSocket(`${node.base.replace('http', 'ws')}/api/watch/${activity.id}/chat`, {
        headers: { cookie: signedViewerCookie(node.built.ctx, userId) },
      });
      const texts: string[] = [];
      const listeners: (() => void)[] = [];
      ws.on('message', (data) => {
        for (const message of chatFrameMessages(String(data)) as ChatServerMessage[]) {
          if (message.type === 'welcome') texts.push('(welcome)');
          if (message.type === 'comment') texts.push(message.comment.text);
        }
        for (const listener of listeners) listener();
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      ws.send(JSON.stringify({ type: 'hello', nickname }));
      const heard = (text: string) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no "${text}"; got ${JSON.stringify(texts)}`)), 5_000);
          const check = () => {
            if (!texts.includes(text)) return;
            clearTimeout(timer);
            resolve();
          };
          listeners.push(check);
          check();
        });
      await heard('(welcome)');
      return { ws, heard };
    };
    const onA = await join(a, 'Alice');
    const onB = await join(b, 'Bob');
    try {
      onA.ws.send(JSON.stringify({ type: 'comment', text: '来自进程一的问候' }));
      await onB.heard('来自进程一的问候');
      onB.ws.send(JSON.stringify({ type: 'comment', text: '进程二收到' }));
      await onA.heard('进程二收到');
    } finally {
      onA.ws.close();
      onB.ws.close();
    }
  }, 30_000);

  it('a rate limit counts the calls made through both processes', async () => {
    // GET /agent/exists: 20 a minute per address.
    const ip = nextIp();
    const exists = (node: ClusterNode) => call(node.built.app, 'GET', `/agent/exists?mobile=${nextMobile()}`, { ip });
    for (let i = 0; i < 10; i++) {
      expect((await exists(a)).status).toBe(200);
      expect((await exists(b)).status).toBe(200);
    }
    expect((await exists(a)).status).toBe(429);
    expect((await exists(b)).status).toBe(429);
    // Another address is not held back.
    expect((await call(b.built.app, 'GET', `/agent/exists?mobile=${nextMobile()}`, { ip: nextIp() })).status).toBe(200);
  });
});
