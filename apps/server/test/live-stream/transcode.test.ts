import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../src/app.ts';
import { createRelayRunner } from '../../src/features/live-stream/relay-runner.ts';
import { agentChannel, type RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import { call } from '../harness.ts';
import { type LiveApp, startLiveApp } from './live-app.ts';
import { exited, FFMPEG, push, waitFor } from './push.ts';

// Live transcoding for real: ffmpeg pushes into the embedded RTMP server; with the toggle on, a transcode job publishes
// the 标清 rendition <stream>_sd, which plays as FLV, is listed in the playback addresses, and is not the push.

const FLV_TAG_VIDEO = 9;

/** Reads the first bytes of an HTTP-FLV stream until a video tag has arrived; answers its bytes. */
async function readFlv(url: string, minBytes = 4096): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let data = Buffer.alloc(0);
  while (data.length < minBytes) {
    const { value, done } = await reader.read();
    if (done) break;
    data = Buffer.concat([data, Buffer.from(value)]);
  }
  await reader.cancel();
  return data;
}

describe.skipIf(!existsSync(FFMPEG))('live transcoding on the embedded ingest', () => {
  let built: BuiltApp;
  let base: string;
  let rtmpPort: number;
  let token: string;
  let agentId: number;

  let live: LiveApp;

  beforeAll(async () => {
    live = await startLiveApp('transcode');
    ({ built, base, rtmpPort, token, agentId } = live);
  });
  afterAll(() => live?.close());

  const get = async (url: string) => (await call(built.app, 'GET', url, { token })).body;
  const jobs = async (id: number) => (await get(`/v3/activity/${id}/stream-jobs`)).items as Record<string, unknown>[];
  const setTranscode = (id: number, enabled: boolean) =>
    call(built.app, 'PUT', `/activity/${id}/liveTranscode`, { token, body: { enabled } });

  it('publishes <stream>_sd while pushing with the toggle on; off, push end and failures stop it', async () => {
    const activity = (await call(built.app, 'POST', '/activity', { token, body: { name: '转码直播' } })).body;
    const { stream, pushStreamKey } = activity.stream;
    const sdFlv = `${base}/live/live/${stream}_sd.flv`;
    const sdIsLive = async () => built.ctx.ingest?.isLive('live', `${stream}_sd`) === true;
    const encoder = push(`rtmp://127.0.0.1:${rtmpPort}/live/${pushStreamKey}`, 40);
    await waitFor(async () => (await get(`/activity/${activity.id}`)).isPushing, 3_000);

    // Nobody may publish the rendition with the activity's key, nor with no key.
    for (const key of [pushStreamKey.split('?key=')[1], '']) {
      const forged = push(`rtmp://127.0.0.1:${rtmpPort}/live/${stream}_sd?key=${key}`, 2);
      expect(await exited(forged)).not.toBe(0);
    }
    expect((await fetch(sdFlv)).status).toBe(404);

    expect((await setTranscode(activity.id, true)).body).toEqual({ enabled: true });
    const startedIn = await waitFor(sdIsLive, 10_000);
    expect(startedIn).toBeLessThan(10_000);
    const flv = await readFlv(sdFlv);
    expect(flv.subarray(0, 3).toString()).toBe('FLV');
    expect(flv.includes(Buffer.from([FLV_TAG_VIDEO]))).toBe(true);
    const running = await jobs(activity.id);
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({ kind: 'transcode', status: 'running', error: '', endedAt: null });
    expect(running[0].source).not.toContain('key=');

    // The rendition is not the push: isPushing, the ingest list and the push sessions follow the host only.
    const detail = await get(`/activity/${activity.id}`);
    expect(detail.isPushing).toBe(true);
    expect(detail.stream.pullSource.renditions.map((r: { name: string }) => r.name)).toEqual(['origin', 'sd']);
    expect(detail.stream.pullSource.renditions[1].flv).toMatch(new RegExp(`/live/live/${stream}_sd\\.flv$`));
    const ingest = await get(`/activity/${activity.id}/ingest`);
    expect(ingest.items).toHaveLength(1);
    // The HLS segmenter and the transcode read the push, but nobody is watching it.
    expect(ingest.items[0].viewers).toBe(0);
    const sdLive = built.ctx.ingest?.streams().find((live) => live.stream === `${stream}_sd`);
    expect(sdLive?.metadata?.height).toBeLessThanOrEqual(360);
    expect((await get(`/v3/activity/${activity.id}/usage`)).push.sessions).toBe(1);
    const watch = (await call(built.app, 'GET', `/watch/${activity.id}`, {})).body;
    expect(watch.playback.renditions.map((r: { name: string }) => r.name)).toEqual(['origin', 'sd']);

    // Off: the job stops and the rendition is gone.
    expect((await setTranscode(activity.id, false)).body).toEqual({ enabled: false });
    await waitFor(async () => !(await sdIsLive()), 5_000);
    expect((await jobs(activity.id))[0]).toMatchObject({ kind: 'transcode', status: 'stopped', error: '' });
    expect((await get(`/activity/${activity.id}`)).stream.pullSource.renditions).toHaveLength(1);
    expect((await get(`/activity/${activity.id}`)).isPushing).toBe(true);

    // On again, then the push ends: the job stops with it.
    await setTranscode(activity.id, true);
    await waitFor(async () => (await jobs(activity.id))[0]?.status === 'running', 3_000);
    encoder.kill('SIGKILL');
    await exited(encoder);
    await waitFor(async () => !(await get(`/activity/${activity.id}`)).isPushing, 5_000);
    await waitFor(async () => (await jobs(activity.id))[0]?.status === 'stopped', 5_000);
    expect((await fetch(sdFlv)).status).toBe(404);
    expect(await jobs(activity.id)).toHaveLength(2);

    // The next push restarts it while the toggle stays on.
    const again = push(`rtmp://127.0.0.1:${rtmpPort}/live/${pushStreamKey}`, 30);
    await waitFor(async () => (await jobs(activity.id)).length === 3, 5_000);
    expect((await jobs(activity.id))[0]).toMatchObject({ kind: 'transcode', status: 'running' });
    await waitFor(sdIsLive, 10_000);

    // A transcode that fails while the push goes on is marked failed with its reason, and started again after a pause.
    await setTranscode(activity.id, false);
    const relays = built.ctx.relays;
    built.ctx.relays = createRelayRunner('/nonexistent/ffmpeg');
    try {
      await setTranscode(activity.id, true);
      await waitFor(async () => (await jobs(activity.id))[0]?.status === 'failed', 5_000);
      expect((await jobs(activity.id))[0]).toMatchObject({
        kind: 'transcode',
        error: 'ffmpeg is not installed on the server',
      });
    } finally {
      built.ctx.relays = relays;
    }
    const restartedIn = await waitFor(async () => (await jobs(activity.id))[0]?.status === 'running', 5_000);
    expect(restartedIn).toBeGreaterThanOrEqual(500);
    expect(await jobs(activity.id)).toHaveLength(5);
    await waitFor(sdIsLive, 10_000);
    again.kill('SIGKILL');
    await exited(again);
  }, 90_000);

  it('counts HLS viewers online while they fetch the playlist, and forgets them after 3 target durations', async () => {
    const activity = (await call(built.app, 'POST', '/activity', { token, body: { name: 'HLS 在线' } })).body;
    const events: RealtimeEvent[] = [];
    const unsubscribe = built.ctx.realtime.subscribe(agentChannel(agentId), (event) => events.push(event));
    const encoder = push(`rtmp://127.0.0.1:${rtmpPort}/live/${activity.stream.pushStreamKey}`, 30);
    try {
      const playlist = `${base}/live/live/${activity.stream.stream}/index.m3u8`;
      await waitFor(async () => (await fetch(playlist)).ok, 6_000);
      const online = async () => (await get(`/v3/activity/${activity.id}/usage`)).online as number;
      // A fetch without a viewer id is keyed by address and user agent; the console's preview is not audience.
      expect(await online()).toBe(1);
      await fetch(`${playlist}?preview=1`);
      await fetch(`${playlist}?viewer=a`);
      await fetch(`${playlist}?viewer=b`);
      await fetch(`${playlist}?viewer=a`);
      expect(await online()).toBe(3);
      const last = () =>
        events.filter((event) => event.type === 'activity.online' && event.activityId === activity.id).at(-1);
      await waitFor(async () => (last() as { online?: number } | undefined)?.online === 3, 2_000);

      // Viewer a keeps fetching; the others stop and are gone after 3 target durations.
      const target = Number(
        /#EXT-X-TARGETDURATION:(\d+)/.exec(await (await fetch(`${playlist}?viewer=a`)).text())?.[1],
      );
      const keepAlive = setInterval(() => void fetch(`${playlist}?viewer=a`).catch(() => {}), 500);
      try {
        const goneIn = await waitFor(async () => (await online()) === 1, (3 * target + 3) * 1000);
        expect(goneIn).toBeGreaterThan(0);
        await waitFor(async () => (last() as { online?: number } | undefined)?.online === 1, 2_000);
      } finally {
        clearInterval(keepAlive);
      }
    } finally {
      unsubscribe();
      encoder.kill('SIGKILL');
      await exited(encoder);
    }
  });
});
