import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineViewers } from '../../src/features/activities/activity-usage.ts';
import { call } from '../harness.ts';
import { type LiveApp, startLiveApp } from './live-app.ts';
import { FFMPEG, push, waitFor } from './push.ts';

// HTTP-FLV viewers are served by the media worker, off the API's event loop (issue 8), and are still the API's to
// count; MEDIA_PROCESS=inline serves them in the API process as before.

/** Opens an HTTP-FLV stream and answers its first bytes and a way to stop reading. */
async function play(url: string, agent?: http.Agent) {
  return new Promise<{ status: number; first: Buffer; stop: () => void; ended: Promise<void> }>((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      const ended = new Promise<void>((done) => response.once('close', () => done()));
      response.once('data', (chunk: Buffer) =>
        resolve({ status: response.statusCode ?? 0, first: chunk, stop: () => request.destroy(), ended }),
      );
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, first: Buffer.alloc(0), stop() {}, ended }),
      );
    });
    request.once('error', reject);
  });
}

function workerPids(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), '-f', 'media-worker'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe.skipIf(!existsSync(FFMPEG)).each(['child', 'inline'] as const)(
  'HTTP-FLV viewers with MEDIA_PROCESS=%s',
  (mode) => {
    let live: LiveApp;
    let app: string;
    let stream: string;
    let ffmpeg: ReturnType<typeof push>;

    beforeAll(async () => {
      live = await startLiveApp(`media-${mode}`, { mediaProcess: mode });
      const activity = (await call(live.built.app, 'POST', '/activity', { token: live.token, body: { name: '转发' } }))
        .body;
      ({ app, stream } = activity.stream);
      ffmpeg = push(`rtmp://127.0.0.1:${live.rtmpPort}/${app}/${activity.stream.pushStreamKey}`, 60);
      await waitFor(async () => live.built.ctx.ingest?.isLive(app, stream) === true, 5_000);
      if (mode === 'child') {
        // The forked worker serves viewers once it is ready (seconds on a busy machine with a cold compile cache);
        // until then the API process serves them itself, which is not what these tests are about.
        const probe = await waitForPlay(
          `${live.base}/live/${app}/${stream}.flv`,
          () => inProcessViewers() === 0,
          45_000,
        );
        probe.stop();
        await probe.ended;
        await waitFor(async () => (await online()) === 0, 10_000);
      }
    }, 90_000);
    afterAll(async () => {
      ffmpeg?.kill('SIGKILL');
      await live?.close();
    });

    const online = () => onlineViewers(live.built.ctx, app, stream);
    const inProcessViewers = () => live.built.ctx.ingest?.hub.channel(app, stream)?.viewers ?? 0;

    it('plays the stream, counted online while it plays and no longer once it stops', async () => {
      const viewer = await play(`${live.base}/live/${app}/${stream}.flv`);
      expect(viewer.status).toBe(200);
      expect(viewer.first.subarray(0, 3).toString()).toBe('FLV');
      await waitFor(async () => (await online()) === 1, 5_000);
      // Served by the worker, the API process's own hub has no viewer to write to.
      expect(inProcessViewers()).toBe(mode === 'child' ? 0 : 1);
      viewer.stop();
      await waitFor(async () => (await online()) === 0, 5_000);
    });

    it('serves a viewer on a connection that made an API call first, and the API on the next', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const health = await fetchOn(agent, `${live.base}/api/healthz`);
      expect(health).toBe('{"ok":true}');
      const viewer = await play(`${live.base}/live/${app}/${stream}.flv`, agent);
      expect(viewer.first.subarray(0, 3).toString()).toBe('FLV');
      viewer.stop();
      await viewer.ended;
      expect(await fetchOn(agent, `${live.base}/api/healthz`)).toBe('{"ok":true}');
      agent.destroy();
    });

    it.runIf(mode === 'child')('starts a worker that died again; its viewers reconnect and are counted', async () => {
      const viewer = await play(`${live.base}/live/${app}/${stream}.flv`);
      await waitFor(async () => (await online()) === 1, 5_000);
      const [pid] = workerPids();
      expect(pid).toBeGreaterThan(0);
      process.kill(pid as number, 'SIGKILL');
      await viewer.ended;
      await waitFor(async () => (await online()) === 0, 5_000);
      await waitFor(async () => workerPids().length === 1 && workerPids()[0] !== pid, 10_000);
      // Until the new worker is ready the API process serves viewers itself; then the worker does again, starting
      // from the hub's caches, so a viewer gets the header, metadata and sequence headers at once.
      const again = await waitForPlay(`${live.base}/live/${app}/${stream}.flv`, () => inProcessViewers() === 0);
      expect(again.first.subarray(0, 3).toString()).toBe('FLV');
      await waitFor(async () => (await online()) === 1, 5_000);
      again.stop();
    });
  },
);

function fetchOn(agent: http.Agent, url: string) {
  return new Promise<string>((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve(body));
      })
      .once('error', reject);
  });
}

/** Plays until a viewer gets the stream and `served` holds for it. */
async function waitForPlay(url: string, served: () => boolean, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const viewer = await play(url).catch(() => null);
    if (viewer?.status === 200 && viewer.first.length > 0 && served()) return viewer;
    viewer?.stop();
    await viewer?.ended;
    if (Date.now() > deadline) throw new Error('the stream did not play again');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
