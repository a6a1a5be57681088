import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../harness.ts';
import { type LiveApp, startLiveApp } from '../live-stream/live-app.ts';
import { exited, FFMPEG, push, waitFor } from '../live-stream/push.ts';

// Flux is spent by real playback (issue 13): a push with ffmpeg into the embedded ingest, its HLS segments fetched as
// a player fetches them, and the bytes sent are the push's playback bytes, the flux resource's used bytes and the
// day's figure in stream usage.

describe.skipIf(!existsSync(FFMPEG))('flux spent by HLS playback', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp('finance-flux');
  });
  afterAll(() => live?.close());

  it('counts the HLS segments sent in the push’s playback bytes, the used flux and the stream usage', async () => {
    const { built, base, rtmpPort, token, agentId } = live;
    const activity = (await call(built.app, 'POST', '/activity', { token, body: { name: '流量计费' } })).body;
    const { stream, pushStreamKey } = activity.stream;
    const ffmpeg = push(`rtmp://127.0.0.1:${rtmpPort}/live/${pushStreamKey}`, 5);
    const playlistUrl = `${base}/live/live/${stream}/index.m3u8`;
    await waitFor(async () => (await fetch(playlistUrl)).ok, 6_000);
    const playlist = await (await fetch(playlistUrl)).text();
    const names = playlist.split('\n').filter((line) => line.endsWith('.ts'));
    expect(names.length).toBeGreaterThan(0);
    let sent = 0;
    for (const name of names)
      sent += (await (await fetch(`${base}/live/live/${stream}/${name}`)).arrayBuffer()).byteLength;
    // A segment that does not exist sends nothing and counts nothing.
    expect((await fetch(`${base}/live/live/${stream}/nope.ts`)).status).toBe(404);
    await exited(ffmpeg);
    await waitFor(async () => {
      const used = (await call(built.app, 'GET', `/agent/${agentId}/flux-resource`, { token })).body.usedBytes;
      return used === sent;
    }, 5_000);

    const session = await built.ctx.db
      .selectFrom('ingestSessions')
      .select('playbackBytes')
      .where('activityId', '=', activity.id)
      .executeTakeFirstOrThrow();
    expect(Number(session.playbackBytes)).toBe(sent);
    const flux = await call(built.app, 'GET', `/agent/${agentId}/flux-resource`, { token });
    expect(flux.body.usedBytes).toBe(sent);
    const usage = await call(built.app, 'GET', '/v3/agent/stream-usage/summary', { token });
    expect(usage.body).toMatchObject({ sessions: 1, playbackBytes: sent, activities: 1 });
    expect(usage.body.pushSeconds).toBeGreaterThan(0);
    const moves = await call(built.app, 'GET', `/v3/agent/${agentId}/flux-transaction`, { token });
    expect(moves.body.items).toMatchObject([{ kind: 'playback', activityId: activity.id, bytes: -sent }]);
  }, 30_000);
});
