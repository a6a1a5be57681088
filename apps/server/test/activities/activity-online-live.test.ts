import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../src/app.ts';
import { agentChannel, type RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import { call } from '../harness.ts';
import { type LiveApp, startLiveApp } from '../live-stream/live-app.ts';
import { exited, FFMPEG, push, waitFor } from '../live-stream/push.ts';

// With a real encoder on the embedded ingest: an FLV viewer shows up in the online count (and the console's events),
// the push records its peak and the bytes played, and destroying the activity cuts the push.

describe.skipIf(!existsSync(FFMPEG))('online count, usage and destroy with a live push', () => {
  let built: BuiltApp;
  let base: string;
  let rtmpPort: number;
  let token: string;
  let agentId: number;

  let live: LiveApp;

  beforeAll(async () => {
    live = await startLiveApp('online');
    ({ built, base, rtmpPort, token, agentId } = live);
  });
  afterAll(() => live?.close());

  it('counts an FLV viewer online, records peak and bytes, and destroy cuts the push', async () => {
    const activity = (await call(built.app, 'POST', '/activity', { token, body: { name: '在线人数' } })).body;
    const usage = async () => (await call(built.app, 'GET', `/v3/activity/${activity.id}/usage`, { token })).body;
    const events: RealtimeEvent[] = [];
    const unsubscribe = built.ctx.realtime.subscribe(agentChannel(agentId), (event) => events.push(event));
    const ffmpeg = push(`rtmp://127.0.0.1:${rtmpPort}/live/${activity.stream.pushStreamKey}`, 30);
    try {
      await waitFor(async () => (await usage()).push.sessions === 1, 5_000);
      expect((await usage()).online).toBe(0);

      // The console's own preview is not audience.
      const preview = await fetch(`${base}/live/live/${activity.stream.stream}.flv?preview=1`);
      await (preview.body as ReadableStream<Uint8Array>).getReader().read();
      expect((await usage()).online).toBe(0);

      const flv = await fetch(`${base}/live/live/${activity.stream.stream}.flv`);
      const reader = (flv.body as ReadableStream<Uint8Array>).getReader();
      let received = 0;
      while (received < 50_000) received += (await reader.read()).value?.length ?? 0;
      expect((await usage()).online).toBe(1);
      await waitFor(async () => events.some((e) => e.type === 'activity.online' && e.online === 1), 2_000);
      expect(events.find((e) => e.type === 'activity.online')).toMatchObject({
        activityId: activity.id,
        online: 1,
        at: expect.any(Number),
      });
      await reader.cancel();
      await waitFor(async () => (await usage()).online === 0, 3_000);
      await waitFor(async () => events.some((e) => e.type === 'activity.online' && e.online === 0), 2_000);
      const played = await usage();
      expect(played.viewersPeak).toBe(1);
      expect(played.playbackBytes).toBeGreaterThanOrEqual(received);

      expect((await call(built.app, 'POST', `/v3/activity/${activity.id}/destroy`, { token })).body).toEqual({
        ok: true,
      });
      await exited(ffmpeg);
      expect(built.ctx.ingest?.isLive('live', activity.stream.stream)).toBe(false);
      expect((await fetch(`${base}/live/live/${activity.stream.stream}.flv`)).status).toBe(404);
      // The encoder cannot come back: its key went with the activity.
      const retry = push(`rtmp://127.0.0.1:${rtmpPort}/live/${activity.stream.pushStreamKey}`, 2);
      expect(await exited(retry)).not.toBe(0);
    } finally {
      unsubscribe();
      ffmpeg.kill('SIGKILL');
    }
  });
});
