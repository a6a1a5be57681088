import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hlsPlaylistCacheControl } from '../../src/platform/ingest/hls.ts';
import { call } from '../harness.ts';
import { type LiveApp, startLiveApp } from './live-app.ts';
import { exited, FFMPEG, push, waitFor } from './push.ts';

// Playback behind a CDN (issue 15, PULL_DOMAIN): what the origin answers tells the CDN how long it may keep it. A live
// playlist about half a target duration, an ended one a little longer, a segment a day (its name is never reused),
// HTTP-FLV never; players on other origins may read all of it.

describe('the playlist cache rule', () => {
  it('keeps a live playlist half a target duration (at least a second) and an ended one longer', () => {
    const live = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n';
    expect(hlsPlaylistCacheControl(live)).toBe('public, max-age=1');
    expect(hlsPlaylistCacheControl(live.replace(':2', ':6'))).toBe('public, max-age=3');
    expect(hlsPlaylistCacheControl(live.replace(':2', ':1'))).toBe('public, max-age=1');
    expect(hlsPlaylistCacheControl(`${live}#EXTINF:2.000,\nabc-0.ts\n#EXT-X-ENDLIST\n`)).toBe('public, max-age=10');
  });
});

describe.skipIf(!existsSync(FFMPEG))('playback headers a CDN honours', () => {
  let live: LiveApp;

  beforeAll(async () => {
    live = await startLiveApp('playback-cache');
  });
  afterAll(() => live?.close());

  it('live playlist short, segments immutable, ended playlist longer, FLV never cached, CORS on all', async () => {
    const { built, base, rtmpPort, token } = live;
    const activity = (await call(built.app, 'POST', '/activity', { token, body: { name: 'CDN 回源' } })).body;
    const { stream, pushStreamKey } = activity.stream;
    const ffmpeg = push(`rtmp://127.0.0.1:${rtmpPort}/live/${pushStreamKey}`, 8);
    const playlistUrl = `${base}/live/live/${stream}/index.m3u8`;
    await waitFor(async () => (await fetch(playlistUrl)).ok, 10_000);

    const playlist = await fetch(playlistUrl, { headers: { origin: 'https://player.example.com' } });
    expect(playlist.headers.get('cache-control')).toBe('public, max-age=1');
    expect(playlist.headers.get('access-control-allow-origin')).toBe('*');
    const segmentName = (await playlist.text()).split('\n').find((line) => line.endsWith('.ts')) as string;
    expect(segmentName).toMatch(/^[0-9a-f]{12}-\d+\.ts$/);

    const segment = await fetch(`${base}/live/live/${stream}/${segmentName}`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('cache-control')).toBe('public, max-age=86400, immutable');
    expect(segment.headers.get('access-control-allow-origin')).toBe('*');
    await segment.arrayBuffer();

    const flv = await fetch(`${base}/live/live/${stream}.flv`);
    expect(flv.headers.get('cache-control')).toContain('no-store');
    expect(flv.headers.get('access-control-allow-origin')).toBe('*');
    await flv.body?.cancel();

    // The encoder unpublishes: the playlist ends at once, and may be kept a little longer.
    await exited(ffmpeg);
    await waitFor(async () => (await (await fetch(playlistUrl)).text()).includes('#EXT-X-ENDLIST'), 5_000);
    const ended = await fetch(playlistUrl);
    expect(ended.headers.get('cache-control')).toBe('public, max-age=10');
    expect(ended.headers.get('access-control-allow-origin')).toBe('*');
    // The next push's segments are named apart from the ended playlist's, which a CDN may still hold.
    const endedNames = (await ended.text()).split('\n').filter((line) => line.endsWith('.ts'));
    const again = push(`rtmp://127.0.0.1:${rtmpPort}/live/${pushStreamKey}`, 10);
    let nextNames: string[] = [];
    await waitFor(async () => {
      const next = await fetch(playlistUrl);
      const text = await next.text();
      nextNames = text.split('\n').filter((line) => line.endsWith('.ts'));
      return next.ok && !text.includes('#EXT-X-ENDLIST') && nextNames.length > 0;
    }, 10_000);
    for (const name of nextNames) expect(endedNames).not.toContain(name);
    expect(nextNames[0]?.split('-')[0]).not.toBe(endedNames[0]?.split('-')[0]);
    again.kill('SIGKILL');
    await exited(again);
  });
});
