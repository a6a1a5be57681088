import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../src/app.ts';
import { call, createAgent, expectError, sessionFor } from '../harness.ts';
import { type LiveApp, startLiveApp } from './live-app.ts';
import { exited, FFMPEG, push, waitFor } from './push.ts';

// The embedded default: ffmpeg pushes to the RTMP server inside the process; isPushing follows; FLV and HLS play.

describe.skipIf(!existsSync(FFMPEG))('the embedded RTMP ingest and playback', () => {
  let built: BuiltApp;
  let base: string;
  let rtmpPort: number;
  let token: string;

  let live: LiveApp;

  beforeAll(async () => {
    live = await startLiveApp('ingest');
    ({ built, base, rtmpPort, token } = live);
  });
  afterAll(() => live?.close());

  it('accepts a push only with the key, plays FLV and HLS, and follows the push in isPushing', async () => {
    const activity = (await call(built.app, 'POST', '/activity', { token, body: { name: '内置推流' } })).body;
    const isPushing = async () => (await call(built.app, 'GET', `/activity/${activity.id}`, { token })).body.isPushing;
    const { stream, pushStreamKey } = activity.stream;

    const refused = push(`rtmp://127.0.0.1:${rtmpPort}/live/${stream}?key=wrong`, 2);
    expect(await exited(refused)).not.toBe(0);
    expect(await isPushing()).toBe(false);

    const ffmpeg = push(`rtmp://127.0.0.1:${rtmpPort}/live/${pushStreamKey}`, 5);
    const startedIn = await waitFor(isPushing, 2_000);
    expect(startedIn).toBeLessThan(2_000);

    const readIngest = async () => (await call(built.app, 'GET', `/activity/${activity.id}/ingest`, { token })).body;
    await waitFor(async () => (await readIngest()).items[0]?.hasVideo === true, 2_000);
    const ingest = await readIngest();
    expect(ingest).toMatchObject({ mode: 'embedded', isPushing: true });
    expect(ingest.items).toHaveLength(1);
    expect(ingest.items[0]).toMatchObject({
      remoteAddress: expect.stringContaining('127.0.0.1'),
      width: 320,
      height: 240,
    });

    const flv = await fetch(`${base}/live/live/${stream}.flv`);
    expect(flv.headers.get('content-type')).toContain('video/x-flv');
    const reader = (flv.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(
      Buffer.from(first.value as Uint8Array)
        .subarray(0, 3)
        .toString(),
    ).toBe('FLV');
    await reader.cancel();

    await waitFor(async () => (await fetch(`${base}/live/live/${stream}/index.m3u8`)).ok, 4_000);
    const playlist = await (await fetch(`${base}/live/live/${stream}/index.m3u8`)).text();
    expect(playlist).toContain('#EXTM3U');
    const segmentName = playlist.split('\n').find((line) => line.endsWith('.ts')) as string;
    const segment = Buffer.from(await (await fetch(`${base}/live/live/${stream}/${segmentName}`)).arrayBuffer());
    expect(segment[0]).toBe(0x47);
    expect(segment[188]).toBe(0x47);

    await exited(ffmpeg);
    const stoppedIn = await waitFor(async () => !(await isPushing()), 5_000);
    expect(stoppedIn).toBeLessThan(5_000);
    expect((await fetch(`${base}/live/live/${stream}.flv`)).status).toBe(404);
    expect((await call(built.app, 'GET', `/activity/${activity.id}/ingest`, { token })).body.items).toEqual([]);
    const stranger = await sessionFor(built.ctx, (await createAgent(built.ctx)).id);
    expect((await call(built.app, 'GET', `/activity/${activity.id}/ingest`, { token: stranger })).status).toBe(404);
  });

  it('relays an external source into an activity in relay mode, and stops when told', async () => {
    const source = (await call(built.app, 'POST', '/activity', { token, body: { name: '信号源' } })).body;
    const relayed = (await call(built.app, 'POST', '/activity', { token, body: { name: '转推活动' } })).body;
    const state = async (id: number) => (await call(built.app, 'GET', `/activity/${id}`, { token })).body;
    // The source is this server's own playback on loopback: on premises, as RELAY_ALLOW_PRIVATE=1 allows.
    built.ctx.outbound.allowPrivate = true;

    const missing = await call(built.app, 'PUT', `/activity/${relayed.id}/live-mode`, {
      token,
      body: { liveMode: 'relay' },
    });
    expectError(missing, 400, 'relayUrl: relayUrl is required for relay mode', {
      code: 'VALIDATION_FAILED',
      field: 'relayUrl',
    });
    const badScheme = await call(built.app, 'PUT', `/activity/${relayed.id}/live-mode`, {
      token,
      body: { liveMode: 'relay', relayUrl: 'file:///etc/passwd' },
    });
    expect(badScheme.body.field).toBe('relayUrl');

    const encoder = push(`rtmp://127.0.0.1:${rtmpPort}/live/${source.stream.pushStreamKey}`, 12);
    await waitFor(async () => (await state(source.id)).isPushing, 3_000);
    const set = await call(built.app, 'PUT', `/activity/${relayed.id}/live-mode`, {
      token,
      body: { liveMode: 'relay', relayUrl: source.stream.pullSource.flv.replace(/^http:\/\/[^/]+/, base) },
    });
    expect(set.body.meta).toMatchObject({ liveMode: 'relay' });
    await waitFor(async () => (await state(relayed.id)).isPushing, 5_000);
    const jobs = (await call(built.app, 'GET', `/v3/activity/${relayed.id}/stream-jobs`, { token })).body.items;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: 'relay', status: 'running', endedAt: null });

    const stranger = await sessionFor(built.ctx, (await createAgent(built.ctx)).id);
    expect((await call(built.app, 'GET', `/v3/activity/${relayed.id}/stream-jobs`, { token: stranger })).status).toBe(
      404,
    );
    expect(
      (await call(built.app, 'POST', `/v3/activity/${relayed.id}/stream-jobs/${jobs[0].id}/stop`, { token: stranger }))
        .status,
    ).toBe(404);

    await call(built.app, 'POST', `/v3/activity/${relayed.id}/stream-jobs/${jobs[0].id}/stop`, { token });
    await waitFor(async () => !(await state(relayed.id)).isPushing, 5_000);
    const after = (await call(built.app, 'GET', `/v3/activity/${relayed.id}/stream-jobs`, { token })).body.items;
    expect(after[0]).toMatchObject({ status: 'stopped', error: '' });
    encoder.kill('SIGKILL');
    await exited(encoder);

    // A source that does not answer: the job fails and says why.
    await call(built.app, 'PUT', `/activity/${relayed.id}/live-mode`, {
      token,
      body: { liveMode: 'relay', relayUrl: `${base}/live/live/nothing-here.flv` },
    });
    await waitFor(async () => {
      const items = (await call(built.app, 'GET', `/v3/activity/${relayed.id}/stream-jobs`, { token })).body.items;
      return items[0].status === 'failed';
    }, 8_000);
    const failed = (await call(built.app, 'GET', `/v3/activity/${relayed.id}/stream-jobs`, { token })).body.items[0];
    expect(failed.error).not.toBe('');
  });
});
