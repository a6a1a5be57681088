import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_SIGNATURE_HEADER } from '@yanbo/contracts/media-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasNginx, type RunningNginx, startNginx } from '../../../../e2e/start-nginx.ts';
import { freePort, type RunningServer, startServer } from '../../../../e2e/start-server.ts';
import { signMediaBody } from '../../src/platform/ingest/media-signature.ts';
import { createAgent, engines, sessionFor, startApp, type TestApp } from '../harness.ts';
import { exited, FFMPEG, push, waitFor } from '../live-stream/push.ts';
import { REDIS_URL, redisAnswers } from './cluster-harness.ts';

// Media as its own process (issue 15): two API processes with INGEST=external behind Debian's nginx on one PostgreSQL
// and one Redis, and one `media` process (src/media.ts) that receives the push and serves playback, talking to the
// API only through nginx: the webhooks for a push's start and end, and its signed reports. A push into the media
// process is isPushing on both API processes, an HTTP-FLV viewer on it is the online count read through either, an
// unsigned report is refused, and a media process killed mid-push has its push ended once its reports have lapsed.

const ready = hasNginx() && engines.includes('postgres') && (await redisAnswers()) && existsSync(FFMPEG);
const SECRET_KEY = 'test-secret';
const mediaEntry = path.resolve(import.meta.dirname, '../../src/media.ts');
const REPORT_MS = 2_000;

interface RunningMedia {
  child: ChildProcess;
  rtmpPort: number;
  playback: string;
  output: () => string;
}

async function startMedia(apiUrl: string, rtmpPort: number, mediaPort: number): Promise<RunningMedia> {
  const child = spawn(process.execPath, [mediaEntry], {
    env: {
      ...process.env,
      SECRET_KEY,
      API_URL: apiUrl,
      HOST: '127.0.0.1',
      RTMP_HOST: '127.0.0.1',
      RTMP_PORT: String(rtmpPort),
      MEDIA_PORT: String(mediaPort),
      MEDIA_REPORT_MS: String(REPORT_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const playback = `http://127.0.0.1:${mediaPort}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`media process exited: ${output}`);
    return fetch(`${playback}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
  }, 120_000);
  return { child, rtmpPort, playback, output: () => output };
}

describe.skipIf(!ready)('a media process beside two API processes behind nginx', () => {
  let setup: TestApp;
  let servers: RunningServer[] = [];
  let nginx: RunningNginx;
  let media: RunningMedia;
  let token: string;
  let activity: { id: number; stream: { app: string; stream: string; pushStreamKey: string } };
  const encoders: ChildProcess[] = [];

  beforeAll(async () => {
    const redisPrefix = `yanbo-test:${randomBytes(6).toString('hex')}:`;
    // The test's own handle on the database (migrated, the agent made); the processes share it.
    setup = await startApp('postgres', { redisUrl: REDIS_URL, redisPrefix, embeddedIngest: false });
    const agent = await createAgent(setup.ctx);
    token = await sessionFor(setup.ctx, agent.id);
    // The push and playback addresses name the media process; its ports are known before it starts.
    const mediaPorts = { rtmp: await freePort(), http: await freePort() };
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServer({
          DATABASE_URL: setup.ctx.config.databaseUrl,
          REDIS_URL,
          REDIS_PREFIX: redisPrefix,
          INGEST: 'external',
          PUSH_DOMAIN: `127.0.0.1:${mediaPorts.rtmp}`,
          PULL_DOMAIN: `127.0.0.1:${mediaPorts.http}`,
          SECRET_KEY,
          TRUST_PROXY: '127.0.0.1',
        }),
      );
    }
    nginx = await startNginx(servers.map((server) => Number(new URL(server.baseUrl).port)));
    media = await startMedia(nginx.baseUrl, mediaPorts.rtmp, mediaPorts.http);
    const created = await fetch(`${nginx.baseUrl}/api/activity`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '媒体进程' }),
    });
    expect(created.status).toBe(200);
    activity = (await created.json()) as typeof activity;
  }, 300_000);
  afterAll(async () => {
    for (const encoder of encoders) encoder.kill('SIGKILL');
    media?.child.kill('SIGKILL');
    await nginx?.stop();
    for (const server of servers) await server.stop();
    servers = [];
    await setup?.close();
  }, 60_000);

  async function read(baseUrl: string, url: string) {
    const response = await fetch(`${baseUrl}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, url).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }
  /** isPushing as the console reads it through each API process. */
  const pushingOnEach = () =>
    Promise.all(servers.map(async (s) => (await read(s.baseUrl, `/activity/${activity.id}`)).isPushing));
  /** The online count as the console reads it through each API process. */
  const onlineOnEach = () =>
    Promise.all(servers.map(async (s) => (await read(s.baseUrl, `/v3/activity/${activity.id}/usage`)).online));
  const startPush = () => {
    const encoder = push(
      `rtmp://127.0.0.1:${media.rtmpPort}/${activity.stream.app}/${activity.stream.pushStreamKey}`,
      120,
    );
    encoders.push(encoder);
    return encoder;
  };

  it('a push into the media process is isPushing on both API processes, and its FLV viewer their online count', async () => {
    const encoder = startPush();
    await waitFor(async () => (await pushingOnEach()).every(Boolean), 20_000);
    // The ingest list shows what the media process reports of the push.
    await waitFor(async () => {
      const ingest = await read(nginx.baseUrl, `/activity/${activity.id}/ingest`);
      return (ingest.items as { bytesIn: number }[])[0]?.bytesIn > 0;
    }, 10_000);

    const viewer = new AbortController();
    const flv = await fetch(`${media.playback}/live/${activity.stream.app}/${activity.stream.stream}.flv`, {
      signal: viewer.signal,
    });
    expect(flv.status).toBe(200);
    const reading = flv.body?.pipeTo(new WritableStream()).catch(() => {});
    await waitFor(async () => (await onlineOnEach()).every((online) => online === 1), 10_000);
    viewer.abort();
    await reading;
    await waitFor(async () => (await onlineOnEach()).every((online) => online === 0), 10_000);

    // The encoder stops: the media process tells the API, and both processes say so.
    encoder.kill('SIGINT');
    await exited(encoder);
    await waitFor(async () => (await pushingOnEach()).every((pushing) => pushing === false), 10_000);
  }, 60_000);

  it('transcodes a push into the media process live: its 标清 rendition plays from the media process on both API processes', async () => {
    const toggled = await fetch(`${nginx.baseUrl}/api/activity/${activity.id}/liveTranscode`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true }),
    });
    expect(toggled.status).toBe(200);
    const renditionsOnEach = () =>
      Promise.all(
        servers.map(async (s) => {
          const detail = await read(s.baseUrl, `/activity/${activity.id}`);
          const stream = detail.stream as { pullSource: { renditions: { name: string; flv: string }[] } };
          return stream.pullSource.renditions;
        }),
      );
    const encoder = startPush();
    // The API process that applied the report in which the push appeared runs the transcode's ffmpeg against the media
    // process; the rendition it publishes back is in the next report, and the watch page's quality list on both.
    await waitFor(async () => (await renditionsOnEach()).every((list) => list.some((r) => r.name === 'sd')), 60_000);
    const [sd] = (await renditionsOnEach())[0]?.filter((r) => r.name === 'sd') ?? [];
    expect(sd?.flv).toBe(`${media.playback}/live/${activity.stream.app}/${activity.stream.stream}_sd.flv`);
    const viewer = new AbortController();
    const flv = await fetch(sd?.flv ?? '', { signal: viewer.signal });
    expect(flv.status).toBe(200);
    const reader = flv.body?.getReader();
    const first = await reader?.read();
    expect(first?.value?.byteLength ?? 0).toBeGreaterThan(9);
    viewer.abort();
    const jobs = async () =>
      (await read(nginx.baseUrl, `/v3/activity/${activity.id}/stream-jobs`)).items as {
        kind: string;
        status: string;
      }[];
    expect((await jobs()).filter((job) => job.kind === 'transcode' && job.status === 'running')).toHaveLength(1);

    // The push ends: its transcode ends with it, wherever its ffmpeg ran, and the rendition leaves the list.
    encoder.kill('SIGINT');
    await exited(encoder);
    await waitFor(async () => (await jobs()).every((job) => job.status !== 'running'), 30_000);
    await waitFor(async () => (await renditionsOnEach()).every((list) => list.length === 1), 20_000);
    await waitFor(async () => (await pushingOnEach()).every((pushing) => pushing === false), 10_000);
    const off = await fetch(`${nginx.baseUrl}/api/activity/${activity.id}/liveTranscode`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    expect(off.status).toBe(200);
  }, 120_000);

  it('refuses a report without the right signature, changing nothing', async () => {
    const body = JSON.stringify({
      source: 'media-forged',
      intervalMs: 1_000,
      sentAt: Date.now(),
      streams: [{ app: activity.stream.app, stream: activity.stream.stream, viewers: 1_000 }],
    });
    for (const signature of [undefined, signMediaBody('another-secret', body)]) {
      const response = await fetch(`${nginx.baseUrl}/api/ingest/hooks/on_report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { [MEDIA_SIGNATURE_HEADER]: signature } : {}) },
        body,
      });
      expect(response.status).toBe(401);
    }
    const forged = await setup.ctx.db.selectFrom('mediaSources').where('source', '=', 'media-forged').execute();
    expect(forged).toEqual([]);
    expect(await pushingOnEach()).toEqual([false, false]);
    expect(await onlineOnEach()).toEqual([0, 0]);
  }, 30_000);

  it('a media process killed mid-push has its push ended once its reports have lapsed', async () => {
    startPush();
    await waitFor(async () => (await pushingOnEach()).every(Boolean), 20_000);
    // Killed once a report has carried the push: a process killed between a publish and its first report (~200 ms)
    // leaves a push that no source carries and nothing ends yet (a known gap, not what this test is about).
    await waitFor(async () => {
      const sources = await setup.ctx.db.selectFrom('mediaSources').select('streams').execute();
      return sources.some((row) =>
        (row.streams as { stream: string }[]).some((s) => s.stream === activity.stream.stream),
      );
    }, 20_000);
    media.child.kill('SIGKILL');
    await exited(media.child);
    // Three report intervals without a report, and the next sweep of either API process.
    const took = await waitFor(async () => (await pushingOnEach()).every((pushing) => pushing === false), 30_000);
    expect(took).toBeGreaterThanOrEqual(REPORT_MS);
    const source = await setup.ctx.db.selectFrom('mediaSources').select('source').execute();
    expect(source).toEqual([]);
  }, 60_000);
});
