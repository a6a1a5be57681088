import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../e2e/start-server.ts';
import { liveOpsSampler } from '../../src/features/live-ops/index.ts';
import { pollMediaStats } from '../../src/features/live-stream/external-stats.ts';
import { call, createAgent, engines, sessionFor, startApp, type TestApp } from '../harness.ts';
import { accepts, exited, FFMPEG, push, waitFor } from './push.ts';

// With INGEST=external the console keeps its online counts, ingest list and stream health (issue 15): the API reads the
// media server's statistics (MEDIA_STATS_URL). Against Debian's nginx with libnginx-mod-rtmp: its stat page, the push
// and play of real ffmpeg processes; and against a stand-in answering as SRS's HTTP API documents it.

const NGINX = '/usr/sbin/nginx';
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const available = [NGINX, RTMP_MODULE, FFMPEG].every((file) => existsSync(file));

const stopped = async (child: ChildProcess | undefined) => {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = exited(child);
  child.kill('SIGKILL');
  await gone;
};

describe.skipIf(!available)('nginx-rtmp with its stat page, read by the API', () => {
  let t: TestApp;
  let nginx: ChildProcess;
  let rtmpPort: number;
  let token: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    rtmpPort = await freePort();
    const statPort = await freePort();
    t = await startApp('pglite', {
      embeddedIngest: false,
      mediaStatsUrl: `http://127.0.0.1:${statPort}/stat`,
      mediaStatsKind: 'nginx-rtmp',
      mediaStatsIntervalMs: 1_000,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const apiPort = (t.app.server.address() as AddressInfo).port;
    const prefix = path.join(t.dataDir, 'nginx');
    await mkdir(path.join(prefix, 'logs'), { recursive: true });
    const hooks = `http://127.0.0.1:${apiPort}/api/ingest/hooks`;
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `${kind}_temp_path ${prefix}/${kind};`)
      .join(' ');
    await writeFile(
      path.join(prefix, 'nginx.conf'),
      `load_module ${RTMP_MODULE};
daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log info;
events { worker_connections 64; }
rtmp { server { listen 127.0.0.1:${rtmpPort}; application live {
  live on; notify_method post;
  on_publish ${hooks}/on_publish; on_publish_done ${hooks}/on_publish_done;
} } }
http { access_log off; ${temp}
  server { listen 127.0.0.1:${statPort}; location /stat { rtmp_stat all; } } }
`,
    );
    nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    await waitFor(async () => (await accepts(rtmpPort)) && (await accepts(statPort)), 10_000);
    token = await sessionFor(t.ctx, (await createAgent(t.ctx)).id);
  });
  afterAll(async () => {
    for (const child of children) await stopped(child);
    await stopped(nginx);
    await t?.close();
  });

  it("shows the push in the ingest list, its player in the online count and its health, from nginx's stat page", async () => {
    const activity = (await call(t.app, 'POST', '/activity', { token, body: { name: 'nginx 统计' } })).body;
    const { stream, pushStreamKey } = activity.stream;
    const detail = async () => (await call(t.app, 'GET', `/activity/${activity.id}`, { token })).body;
    const online = async () => (await call(t.app, 'GET', `/v3/activity/${activity.id}/usage`, { token })).body.online;
    const ingest = async () => (await call(t.app, 'GET', `/activity/${activity.id}/ingest`, { token })).body;

    const encoder = push(`rtmp://127.0.0.1:${rtmpPort}/live/${pushStreamKey}`, 60);
    children.push(encoder);
    await waitFor(async () => (await detail()).isPushing, 10_000);
    await waitFor(async () => (await ingest()).items[0]?.width === 320, 10_000);
    const listed = await ingest();
    expect(listed).toMatchObject({ mode: 'external', isPushing: true });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({
      remoteAddress: '127.0.0.1',
      width: 320,
      height: 240,
      frameRate: 25,
      hasVideo: true,
      hasAudio: true,
      viewers: 0,
    });
    expect(listed.items[0].bytesIn).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(listed.items[0].startedAt)).toBeLessThan(60_000);
    expect(await online()).toBe(0);

    // One RTMP player: the online count is 1 (nclients less the publisher), then 0 once it leaves.
    const player = spawn(FFMPEG, [
      '-loglevel',
      'error',
      '-i',
      `rtmp://127.0.0.1:${rtmpPort}/live/${stream}`,
      '-f',
      'null',
      '-',
    ]);
    children.push(player);
    await waitFor(async () => (await online()) === 1, 10_000);
    expect((await ingest()).items[0].viewers).toBe(1);

    // The live operations screen's health is the media server's: its bitrate and frame rate.
    await liveOpsSampler(t.ctx).sample();
    const ops = (await call(t.app, 'GET', `/v3/activity/${activity.id}/live-ops`, { token })).body;
    expect(ops.health.fps).toBe(25);
    expect(typeof ops.health.bitrateKbps).toBe('number');

    await stopped(player);
    await waitFor(async () => (await online()) === 0, 10_000);

    // The push ends through the webhook; the stat page no longer lists it.
    await stopped(encoder);
    await waitFor(async () => !(await detail()).isPushing, 10_000);
    await waitFor(async () => (await ingest()).items.length === 0, 10_000);
  });
});

/** A stand-in for SRS's HTTP API: GET /api/v1/streams/ answers `answer` (as SRS 4/5 document it) and counts calls. */
async function startSrsStandIn() {
  const stand = {
    calls: 0,
    counts: [] as string[],
    answer: { code: 0, server: 'vid-test', streams: [] as unknown[] },
    server: null as Server | null,
    url: '',
  };
  stand.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://srs');
    if (url.pathname !== '/api/v1/streams/') {
      res.writeHead(404);
      return res.end();
    }
    stand.calls++;
    stand.counts.push(url.searchParams.get('count') ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(stand.answer));
  });
  await new Promise<void>((resolve) => stand.server?.listen(0, '127.0.0.1', resolve));
  stand.url = `http://127.0.0.1:${(stand.server.address() as AddressInfo).port}/api/v1/streams/`;
  return stand;
}

/** One stream of SRS's answer: `clients` counts the publisher too; frames is the video frames received so far. */
const srsStream = (app: string, name: string, clients: number, frames: number) => ({
  id: 'vid-s1',
  name,
  vhost: 'vid-v1',
  app,
  tcUrl: `rtmp://127.0.0.1/${app}`,
  url: `/${app}/${name}`,
  live_ms: Date.now(),
  clients,
  frames,
  send_bytes: 10,
  recv_bytes: 500_000,
  kbps: { recv_30s: 900, send_30s: 2_700 },
  publish: { active: true, cid: 'c1' },
  video: { codec: 'H264', profile: 'High', level: '3.1', width: 1280, height: 720 },
  audio: { codec: 'AAC', sample_rate: 44100, channel: 2, profile: 'LC' },
});

describe.each(engines)("SRS's HTTP API, read by the API, on %s", (engine) => {
  let srs: Awaited<ReturnType<typeof startSrsStandIn>>;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    srs = await startSrsStandIn();
    t = await startApp(engine, {
      embeddedIngest: false,
      mediaStatsUrl: srs.url,
      mediaStatsKind: 'srs',
      // The test polls itself (pollMediaStats); the timer's polls find the report fresh and skip.
      mediaStatsIntervalMs: 10_000,
    });
    token = await sessionFor(t.ctx, (await createAgent(t.ctx)).id);
  });
  afterAll(async () => {
    await t?.close();
    srs?.server?.closeAllConnections();
    await new Promise((resolve) => srs?.server?.close(resolve));
  });

  it('counts the players, lists the push with its picture and measured frame rate, and polls once per interval', async () => {
    const activity = (await call(t.app, 'POST', '/activity', { token, body: { name: 'SRS 统计' } })).body;
    const { app, stream } = activity.stream;
    const online = async () => (await call(t.app, 'GET', `/v3/activity/${activity.id}/usage`, { token })).body.online;
    const ingest = async () => (await call(t.app, 'GET', `/activity/${activity.id}/ingest`, { token })).body;
    // The timer's first poll, at start, reported the source (no streams yet).
    const reported = () => t.ctx.db.selectFrom('mediaSources').select('source').executeTakeFirst();
    await waitFor(async () => (await reported()) !== undefined, 5_000);
    expect((await reported())?.source).toBe(`srs:${new URL(srs.url).host}`);

    const first = Date.now() + 20_000;
    srs.answer.streams = [srsStream(app, stream, 5, 1_000)];
    // Due again only once most of an interval has passed since the last report.
    expect(await pollMediaStats(t.ctx, first)).toBe(false);
    await t.ctx.db
      .updateTable('mediaSources')
      .set({ reportedAt: new Date(Date.now() - 60_000) })
      .execute();
    expect(await pollMediaStats(t.ctx, first)).toBe(true);
    expect(srs.counts.at(-1)).toBe('5000');
    await waitFor(async () => (await online()) === 4, 5_000);
    const listed = (await ingest()).items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ viewers: 4, width: 1280, height: 720, bytesIn: 500_000, frameRate: null });

    // SRS gives no frame rate: it is measured between two reads (250 frames in 10 s).
    srs.answer.streams = [srsStream(app, stream, 3, 1_250)];
    await t.ctx.db
      .updateTable('mediaSources')
      .set({ reportedAt: new Date(Date.now() - 60_000) })
      .execute();
    expect(await pollMediaStats(t.ctx, first + 10_000)).toBe(true);
    await waitFor(async () => (await online()) === 2, 5_000);
    expect((await ingest()).items[0]).toMatchObject({ viewers: 2, frameRate: 25 });

    // The push is gone from SRS: nobody online, nothing listed.
    srs.answer.streams = [];
    await t.ctx.db
      .updateTable('mediaSources')
      .set({ reportedAt: new Date(Date.now() - 60_000) })
      .execute();
    expect(await pollMediaStats(t.ctx, first + 20_000)).toBe(true);
    await waitFor(async () => (await online()) === 0, 5_000);
    expect((await ingest()).items).toEqual([]);
  });
});
