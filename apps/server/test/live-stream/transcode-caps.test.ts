import { existsSync } from 'node:fs';
import { ERROR_CODES, ERROR_MESSAGES, STREAM_JOB_FAILURES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError } from '../harness.ts';
import { type LiveApp, startLiveApp } from './live-app.ts';
import { exited, FFMPEG, push, waitFor } from './push.ts';

// A live transcode is an ffmpeg job like a relay (issue 8): with the agent's job slots all taken, turning 直播转码 on
// during a push is refused with 429 and saves nothing, and a push that starts meanwhile says why it has no 标清.

describe.skipIf(!existsSync(FFMPEG))('live transcodes under the ffmpeg job caps', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp('transcode-caps');
  });
  afterAll(() => live?.close());

  const api = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
    call(live.built.app, method, url, { token: live.token, body });

  it('refuses the toggle with 429 while the slots are full, and runs the transcode once one frees', async () => {
    const slots = live.built.ctx.relays.slots;
    const activity = (await api('POST', '/activity', { name: '转码上限' })).body;
    const encoder = push(`rtmp://127.0.0.1:${live.rtmpPort}/live/${activity.stream.pushStreamKey}`, 40);
    // Other jobs of the same agent hold every slot it has.
    const held = Array.from({ length: slots.limits.perAgent }, (_, i) => slots.take(live.agentId, `relay:test-${i}`));
    try {
      await waitFor(async () => (await api('GET', `/activity/${activity.id}`)).body.isPushing, 5_000);
      expectError(
        await api('PUT', `/activity/${activity.id}/liveTranscode`, { enabled: true }),
        429,
        ERROR_MESSAGES.ffmpegJobsAgentLimit,
        { code: ERROR_CODES.ffmpegJobsAgentLimit },
      );
      expect((await api('GET', `/activity/${activity.id}/liveTranscode`)).body).toMatchObject({ enabled: false });
      expect((await api('GET', `/v3/activity/${activity.id}/stream-jobs`)).body.items).toEqual([]);

      const [first] = held;
      if (typeof first === 'object') first.release();
      expect((await api('PUT', `/activity/${activity.id}/liveTranscode`, { enabled: true })).status).toBe(200);
      const jobs = async () => (await api('GET', `/v3/activity/${activity.id}/stream-jobs`)).body.items;
      await waitFor(async () => (await jobs())[0]?.status === 'running', 5_000);
      expect(slots.used(live.agentId)).toBe(slots.limits.perAgent);

      // The next push finds the slots full again: the transcode is recorded failed with the reason, the push goes on.
      await api('PUT', `/activity/${activity.id}/liveTranscode`, { enabled: false });
      await waitFor(async () => (await jobs())[0]?.status === 'stopped', 5_000);
      // The stopped ffmpeg gives its slot back when it has exited.
      await expect.poll(() => slots.used(live.agentId)).toBe(slots.limits.perAgent - 1);
      const again = slots.take(live.agentId, 'relay:test-again');
      expect(typeof again).toBe('object');
      held.push(again);
      await api('PUT', `/activity/${activity.id}/liveTranscode`, { enabled: true }).then((response) =>
        expect(response.status).toBe(429),
      );
      encoder.kill('SIGKILL');
      await exited(encoder);
      await waitFor(async () => !(await api('GET', `/activity/${activity.id}`)).body.isPushing, 5_000);
    } finally {
      for (const lease of held) if (typeof lease === 'object') lease.release();
    }
  });

  it('a push that starts with the slots full records the transcode as failed for that reason', async () => {
    const slots = live.built.ctx.relays.slots;
    const activity = (await api('POST', '/activity', { name: '转码繁忙' })).body;
    expect((await api('PUT', `/activity/${activity.id}/liveTranscode`, { enabled: true })).status).toBe(200);
    const held = Array.from({ length: slots.limits.perAgent }, (_, i) => slots.take(live.agentId, `relay:busy-${i}`));
    const encoder = push(`rtmp://127.0.0.1:${live.rtmpPort}/live/${activity.stream.pushStreamKey}`, 20);
    try {
      const jobs = async () => (await api('GET', `/v3/activity/${activity.id}/stream-jobs`)).body.items;
      await waitFor(async () => (await jobs())[0]?.status === 'failed', 5_000);
      expect((await jobs())[0]).toMatchObject({ kind: 'transcode', error: STREAM_JOB_FAILURES.busy });
      expect((await api('GET', `/activity/${activity.id}`)).body.isPushing).toBe(true);
    } finally {
      encoder.kill('SIGKILL');
      await exited(encoder);
      for (const lease of held) if (typeof lease === 'object') lease.release();
    }
  });
});
