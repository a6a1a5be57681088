import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { STREAM_JOB_FAILURES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayRunner } from '../../src/features/live-stream/relay-runner.ts';
import { createJobSlots } from '../../src/platform/ffmpeg/job-slots.ts';
import { call } from '../harness.ts';
import { type LiveApp, startLiveApp } from './live-app.ts';
import { exited, FFMPEG, push, waitFor } from './push.ts';

// A relay's every connection goes through the outbound-address rule, not just the URL typed (issue 8): a redirect or
// a playlist pointing at loopback is never contacted, a source that sends nothing frees its slot, and a failure is
// told in fixed words, never in what the source answered. Real ffmpeg, real sockets; DNS and the route to the
// "public" address are the test's own (the machine has no outside network).

const PUBLIC_ADDRESS = '93.184.215.14';

/** A loopback listener standing for a private service: it records whether anything connected at all. */
async function trap() {
  let contacted = 0;
  const server = net.createServer((socket) => {
    contacted += 1;
    socket.end('HTTP/1.1 200 OK\r\nContent-Length: 28\r\n\r\nprivate service secret 12345');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    contacted: () => contacted,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.skipIf(!existsSync(FFMPEG))('relay connections under the outbound-address rule', () => {
  let live: LiveApp;
  let origin: http.Server;
  let originPort = 0;
  let privateService: Awaited<ReturnType<typeof trap>>;
  /** What the "public" origin answers, by path. */
  const routes = new Map<string, (res: http.ServerResponse) => void>();
  /** Paths beyond the table (HLS segments); false when it does not serve them either. */
  let originFallback: (url: string, res: http.ServerResponse) => unknown = () => false;

  beforeAll(async () => {
    live = await startLiveApp('relay-egress');
    privateService = await trap();
    origin = http.createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (route) route(res);
      else if (originFallback(req.url ?? '', res) === false) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originPort = (origin.address() as net.AddressInfo).port;
    // origin.example.com is public to the rule; the route to its address leads to the local origin server.
    live.built.ctx.outbound.lookup = async (host) => {
      if (host === 'origin.example.com') return [PUBLIC_ADDRESS];
      if (host === 'private.example.com') return ['127.0.0.1'];
      throw new Error(`ENOTFOUND ${host}`);
    };
    live.built.ctx.outbound.dial = (address, port) =>
      address === PUBLIC_ADDRESS ? net.connect(originPort, '127.0.0.1') : net.connect(port, address);
  });
  afterAll(async () => {
    await live?.close();
    origin?.close();
    await privateService?.close();
  });

  const api = (method: 'GET' | 'PUT', url: string, body?: unknown) =>
    call(live.built.app, method, url, { token: live.token, body });
  async function activity(name: string) {
    return (await call(live.built.app, 'POST', '/activity', { token: live.token, body: { name } })).body;
  }
  const relayTo = (id: number, relayUrl: string) =>
    api('PUT', `/activity/${id}/live-mode`, { liveMode: 'relay', relayUrl });
  const lastJob = async (id: number) => (await api('GET', `/v3/activity/${id}/stream-jobs`)).body.items[0];
  const failedJob = async (id: number) => {
    await waitFor(async () => (await lastJob(id))?.status === 'failed', 15_000);
    return lastJob(id);
  };

  it('a redirect to loopback fails as refused without contacting it, by address or by a name answering loopback', async () => {
    routes.set('/redirect.flv', (res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${privateService.port}/admin` }).end(),
    );
    routes.set('/redirect-by-name.flv', (res) =>
      res.writeHead(302, { location: `http://private.example.com:${privateService.port}/admin` }).end(),
    );
    routes.set('/redirect-tls.m3u8', (res) =>
      res.writeHead(301, { location: `https://127.0.0.1:${privateService.port}/admin.m3u8` }).end(),
    );
    for (const path of ['/redirect.flv', '/redirect-by-name.flv', '/redirect-tls.m3u8']) {
      const { id } = await activity(`重定向 ${path}`);
      const response = await relayTo(id, `http://origin.example.com:${originPort}${path}`);
      expect(response.status, response.text).toBe(200);
      expect(await failedJob(id)).toMatchObject({ kind: 'relay', error: STREAM_JOB_FAILURES.refused });
    }
    expect(privateService.contacted()).toBe(0);
  });

  it('an HLS playlist whose segments are on loopback does not reach them', async () => {
    routes.set('/live.m3u8', (res) =>
      res
        .writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' })
        .end(
          [
            '#EXTM3U',
            '#EXT-X-VERSION:3',
            '#EXT-X-TARGETDURATION:2',
            '#EXT-X-MEDIA-SEQUENCE:0',
            '#EXTINF:2.0,',
            `http://127.0.0.1:${privateService.port}/seg0.ts`,
            '#EXTINF:2.0,',
            `file:///etc/passwd`,
            '#EXT-X-ENDLIST',
            '',
          ].join('\n'),
        ),
    );
    const { id } = await activity('播放列表');
    expect((await relayTo(id, `http://origin.example.com:${originPort}/live.m3u8`)).status).toBe(200);
    const job = await failedJob(id);
    expect(Object.values(STREAM_JOB_FAILURES)).toContain(job.error);
    expect(privateService.contacted()).toBe(0);
  });

  it('a failure is told in fixed words, never in what the source answered', async () => {
    routes.set('/banner', (res) => {
      res.socket?.end('SSH-2.0-OpenSSH_9.2p1 secret-banner\r\n');
    });
    routes.set('/error.flv', (res) => res.writeHead(500, 'Database password is hunter2').end('hunter2'));
    for (const path of ['/banner', '/error.flv', '/missing.flv']) {
      const { id } = await activity(`失败 ${path}`);
      expect((await relayTo(id, `http://origin.example.com:${originPort}${path}`)).status).toBe(200);
      const job = await failedJob(id);
      expect(Object.values(STREAM_JOB_FAILURES)).toContain(job.error);
      expect(job.error).not.toMatch(/hunter2|OpenSSH|secret|404|500/);
    }
  });

  it('a public source relays for real through the checked connection, as HTTP-FLV and as HLS', async () => {
    const source = await activity('信号源');
    // The origin serves the source activity's own FLV and HLS (playlist and segments), as a CDN would.
    const serveFrom = (upstreamUrl: string, res: http.ServerResponse) =>
      http.get(upstreamUrl, (upstream) => {
        res.writeHead(upstream.statusCode ?? 502, { 'content-type': String(upstream.headers['content-type']) });
        upstream.pipe(res);
        res.once('close', () => upstream.destroy());
      });
    const playback = `${live.base}/live/live/${source.stream.stream}`;
    routes.set('/source.flv', (res) => serveFrom(`${playback}.flv`, res));
    originFallback = (url, res) => (url.startsWith('/hls/') ? serveFrom(`${playback}/${url.slice(5)}`, res) : false);
    const encoder = push(`rtmp://127.0.0.1:${live.rtmpPort}/live/${source.stream.pushStreamKey}`, 40);
    try {
      const isPushing = async (id: number) => (await api('GET', `/activity/${id}`)).body.isPushing;
      await waitFor(() => isPushing(source.id), 5_000);
      await waitFor(async () => (await fetch(`${playback}/index.m3u8`)).ok, 10_000);
      for (const path of ['/source.flv', '/hls/index.m3u8']) {
        const relayed = await activity(`转推 ${path}`);
        expect((await relayTo(relayed.id, `http://origin.example.com:${originPort}${path}`)).status).toBe(200);
        await waitFor(() => isPushing(relayed.id), 15_000);
        expect(await lastJob(relayed.id)).toMatchObject({ status: 'running', error: '' });
        await api('PUT', `/activity/${relayed.id}/live-mode`, { liveMode: 'pull' });
        await waitFor(async () => !(await isPushing(relayed.id)), 5_000);
      }
    } finally {
      originFallback = () => false;
      encoder.kill('SIGKILL');
      await exited(encoder);
    }
  });

  it('a source that accepts and never sends is ended at the no-data deadline, freeing its slot', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as net.AddressInfo).port;
    const relays = live.built.ctx.relays;
    const slots = createJobSlots({ perAgent: 1, total: 1 });
    live.built.ctx.relays = createRelayRunner({ outbound: live.built.ctx.outbound, noDataTimeoutMs: 1_500, slots });
    live.built.ctx.outbound.allowPrivate = true;
    try {
      const { id } = await activity('无数据');
      const started = Date.now();
      for (const url of [`rtmp://127.0.0.1:${silentPort}/live/x`, `http://127.0.0.1:${silentPort}/x.flv`]) {
        expect((await relayTo(id, url)).status).toBe(200);
        expect(slots.used()).toBe(1);
        expect(await failedJob(id)).toMatchObject({ error: STREAM_JOB_FAILURES.timeout });
        expect(slots.used()).toBe(0);
      }
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      live.built.ctx.outbound.allowPrivate = false;
      await live.built.ctx.relays.stopAll();
      live.built.ctx.relays = relays;
      silent.close();
    }
  });
});
