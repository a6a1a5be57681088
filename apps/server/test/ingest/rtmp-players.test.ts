/**
 * RTMP players on real sockets (issue 8): they share one encoding of each message, stay connected through a
 * publisher's kill -9 and reconnect within the grace period, and a player that stops reading is disconnected.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setImmediate as tick } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRtmpServer, type RtmpServer } from '../../src/platform/ingest/rtmp-server.ts';
import { StreamHub } from '../../src/platform/ingest/stream-hub.ts';
import { exited, FFMPEG, push } from '../live-stream/push.ts';
import { arrayBuffers, feedStream, MB, videoFrame } from './memory-probe.ts';
import { type Received, RtmpTestClient } from './rtmp-test-client.ts';

const KEY = 'play-key';
const avcConfig = Buffer.from([0x17, 0, 0, 0, 0, 1, 0x64, 0, 0x1f, 0xff, 0xe1, 0, 4, 0x67, 0x64, 0, 0x1f]);
const keyframe = (size: number) => Buffer.concat([Buffer.from([0x17, 1, 0, 0, 0]), Buffer.alloc(size, 0x65)]);
const interframe = (size: number) => Buffer.concat([Buffer.from([0x27, 1, 0, 0, 0]), Buffer.alloc(size, 0x41)]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(predicate: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(20);
  }
}

const videoOf = (client: RtmpTestClient) => client.received.filter((r: Received) => r.message.typeId === 9);

async function player(port: number, stream: string) {
  const client = await RtmpTestClient.open(port);
  await client.connect('live', port);
  const streamId = await client.createStream();
  client.command(streamId, 'play', null, stream);
  await client.waitStatus('NetStream.Play.Start');
  return client;
}

describe('RTMP players', () => {
  let server: RtmpServer;
  let port: number;

  beforeAll(async () => {
    server = createRtmpServer({
      port: 0,
      host: '127.0.0.1',
      hub: new StreamHub({ reconnectGraceMs: 5_000 }),
      maxPlayerPendingBytes: 256 * 1024,
      playerStallTimeoutMs: 500,
      authorizePublish: (_app, _stream, query) => query.key === KEY,
      // As the embedded ingest does: an encoder that unpublishes on purpose is not coming back.
      onPublishEnd: (app, stream, info) => {
        if (info.reason === 'unpublish') server.hub.endViewers(app, stream);
      },
    });
    port = await server.listen();
  });
  afterAll(() => server.close());

  it('encodes each message once for all players, who get the same messages on the same clock', async () => {
    const publisher = await RtmpTestClient.open(port);
    const { streamId } = await publisher.publish('live', `fan?key=${KEY}`, port);
    publisher.media(streamId, 9, 0, avcConfig);
    publisher.media(streamId, 9, 0, keyframe(3000));
    await until(() => server.hub.channel('live', 'fan')?.gop.length === 1, 2_000, 'the keyframe cached');

    const players = await Promise.all(Array.from({ length: 20 }, () => player(port, 'fan')));
    const before = server.playerStats();
    for (let n = 1; n <= 50; n++) publisher.media(streamId, 9, n * 40, interframe(2000 + n));
    await until(() => players.every((p) => videoOf(p).length === 52), 5_000, 'every player has every frame');
    const after = server.playerStats();

    // 20 players × 50 frames written, each frame encoded into chunks once.
    expect(after.messages - before.messages).toBe(20 * 50);
    expect(after.encodes - before.encodes).toBe(50);
    const seen = (p: RtmpTestClient) =>
      videoOf(p).map((r) => `${r.message.timestamp}:${r.message.payload.toString('base64')}`);
    const first = seen(players[0]);
    expect(first.at(-1)).toMatch(/^2000:/);
    for (const p of players) expect(seen(p)).toEqual(first);

    for (const p of players) p.socket.destroy();
    publisher.socket.destroy();
  });

  it('disconnects a player that stops reading, and keeps serving the one that reads', async () => {
    const publisher = await RtmpTestClient.open(port);
    const { streamId } = await publisher.publish('live', `slow?key=${KEY}`, port);
    publisher.media(streamId, 9, 0, avcConfig);
    publisher.media(streamId, 9, 0, keyframe(1000));
    await until(() => server.hub.channel('live', 'slow')?.gop.length === 1, 2_000, 'the keyframe cached');
    const reader = await player(port, 'slow');
    const stalled = await player(port, 'slow');
    stalled.socket.pause();
    expect(server.hub.get('live', 'slow')?.viewers).toBe(2);

    // 64 KB frames, a keyframe a second, until the stalled player is let go.
    let ts = 0;
    const feeding = setInterval(() => {
      ts += 40;
      publisher.media(streamId, 9, ts, ts % 1000 === 0 ? keyframe(64 * 1024) : interframe(64 * 1024));
    }, 10);
    try {
      const playing = () => server.sessions().filter((s) => s.state === 'playing' && s.stream === 'slow');
      await until(() => playing().length === 1, 10_000, 'the stalled player cut');
      // The one left is the reader: its session's bytes keep growing.
      const readerSession = playing()[0];
      expect(server.hub.get('live', 'slow')?.viewers).toBe(1);
      const had = videoOf(reader).length;
      await until(() => videoOf(reader).length > had + 5, 3_000, 'the reader still served');
      expect(playing()[0].bytesOut).toBeGreaterThan(readerSession.bytesOut);
      // Its socket was destroyed: whatever was queued for it is given back.
      const stalledLeft = new Promise((resolve) => stalled.socket.once('close', resolve));
      stalled.socket.resume();
      await stalledLeft;
    } finally {
      clearInterval(feeding);
    }
    reader.socket.destroy();
    publisher.socket.destroy();
  });

  it('keeps a player through a publisher that drops and comes back, without UnpublishNotify', async () => {
    const first = await RtmpTestClient.open(port);
    const one = await first.publish('live', `again?key=${KEY}`, port);
    first.media(one.streamId, 9, 0, avcConfig);
    first.media(one.streamId, 9, 0, keyframe(100));
    first.media(one.streamId, 9, 40, interframe(100));
    await until(() => server.hub.channel('live', 'again')?.gop.length === 2, 2_000, 'the GOP cached');
    const watcher = await player(port, 'again');
    await until(() => videoOf(watcher).length === 3, 2_000, 'the first publish played');
    first.socket.destroy();
    await until(() => !server.hub.isLive('live', 'again'), 2_000, 'the publish ended');

    // The encoder comes back with its clock at 0 again.
    const second = await RtmpTestClient.open(port);
    const two = await second.publish('live', `again?key=${KEY}`, port);
    second.media(two.streamId, 9, 0, avcConfig);
    second.media(two.streamId, 9, 0, interframe(100));
    second.media(two.streamId, 9, 40, keyframe(100));
    second.media(two.streamId, 9, 80, interframe(100));
    await until(() => videoOf(watcher).length === 6, 2_000, 'the second publish played');
    const video = videoOf(watcher);
    // A new sequence header, then from its keyframe on (the frame before it dropped), timestamps running on.
    expect(video.slice(3).map((r) => r.message.payload[0])).toEqual([0x17, 0x17, 0x27]);
    expect(video[3].message.payload[1]).toBe(0);
    const times = video.map((r) => r.message.timestamp);
    expect(times.slice(4)).toEqual([times[2] + 80, times[2] + 120]);
    expect(watcher.received.some((r) => JSON.stringify(r.values ?? []).includes('UnpublishNotify'))).toBe(false);

    // An encoder that unpublishes on purpose ends its players at once.
    second.command(two.streamId, 'deleteStream', null, two.streamId);
    await watcher.waitStatus('NetStream.Play.UnpublishNotify');
    second.socket.destroy();
    watcher.socket.destroy();
  });

  it('gives back what 50 stalled players held, while a player that keeps up is served', async () => {
    // Its own server with the default bounds (2 MiB queued per player), a stall deadline of 1 s.
    const own = createRtmpServer({
      port: 0,
      host: '127.0.0.1',
      playerStallTimeoutMs: 1000,
      authorizePublish: () => false,
    });
    const ownPort = await own.listen();
    try {
      const live = own.hub.publish('live', 'mem', 1)!;
      live.pushMedia(9, 0, avcConfig);
      live.pushMedia(8, 0, Buffer.from([0xaf, 0, 0x12, 0x10]));
      const stalled = await Promise.all(Array.from({ length: 50 }, () => player(ownPort, 'mem')));
      for (const p of stalled) p.socket.pause();
      const healthy = await player(ownPort, 'mem');
      let healthyVideo = 0;
      // What the test's own client parsed is no server memory: counted and let go.
      const drain = () => {
        healthyVideo += videoOf(healthy).length;
        healthy.received.length = 0;
      };
      while (live.viewers < 51) await tick();
      drain();
      const baseline = arrayBuffers();

      // 100 s of stream, fed as fast as the sockets take it.
      const fed = await feedStream(live, () => {
        drain();
        return arrayBuffers() - baseline;
      });
      const peak = fed.peak;
      let frames = fed.frames;
      const playing = () => own.sessions().filter((session) => session.state === 'playing').length;
      const deadline = Date.now() + 5000;
      while (playing() > 1 && Date.now() < deadline) {
        live.pushMedia(9, frames++ * 40, videoFrame(false));
        await sleep(20);
      }
      expect(playing(), 'every stalled player disconnected by the server').toBe(1);
      expect(live.viewers).toBe(1);
      for (const p of stalled) p.socket.destroy();
      await sleep(200);
      drain();
      // Still live: what is left is the stream's (its GOP cache, shared chunks) and the reader's queue.
      const stillLive = arrayBuffers() - baseline;
      healthy.socket.destroy();
      own.hub.unpublish(live);
      await sleep(200);
      const after = arrayBuffers() - baseline;
      console.log(
        `[ingest] 50 stalled RTMP players: arrayBuffers peak +${(peak / MB).toFixed(1)} MB, after they were dropped +${(stillLive / MB).toFixed(1)} MB (+${(after / MB).toFixed(1)} MB once the stream ended); the reader that keeps up got ${healthyVideo} video messages of ${frames}`,
      );
      // A copy per player held 2 MiB+ each (over 100 MB for 50); shared chunks hold one stream's worth.
      expect(peak).toBeLessThan(40 * MB);
      expect(stillLive).toBeLessThan(20 * MB);
      expect(after).toBeLessThan(8 * MB);
      expect(healthyVideo).toBeGreaterThan(2000);
      healthy.socket.destroy();
    } finally {
      await own.close();
    }
  }, 60_000);

  describe.skipIf(!existsSync(FFMPEG))('with ffmpeg', () => {
    let children: ChildProcess[] = [];
    afterAll(() => {
      for (const child of children) child.kill('SIGKILL');
    });

    it('an ffmpeg player survives a kill -9 of the publishing ffmpeg and a new push within the grace period', async () => {
      const url = `rtmp://127.0.0.1:${port}/live/ffre?key=${KEY}`;
      const encoder = push(url, 30);
      children.push(encoder);
      await until(() => (server.hub.channel('live', 'ffre')?.gop.length ?? 0) > 0, 10_000, 'the push live');
      const watcher = spawn(
        FFMPEG,
        [
          ...['-hide_banner', '-loglevel', 'error', '-i', `rtmp://127.0.0.1:${port}/live/ffre`],
          ...['-progress', 'pipe:1', '-f', 'null', '-'],
        ],
        { stdio: ['ignore', 'pipe', 'ignore'] },
      );
      children.push(watcher);
      let frames = 0;
      watcher.stdout?.on('data', (data: Buffer) => {
        for (const match of data.toString().matchAll(/^frame=(\d+)/gm)) frames = Number(match[1]);
      });
      await until(() => frames > 25, 10_000, 'the player decoding');

      encoder.kill('SIGKILL');
      await until(() => !server.hub.isLive('live', 'ffre'), 5_000, 'the publish ended');
      const atDrop = frames;
      const again = push(url, 30);
      children.push(again);
      await until(() => frames > atDrop + 50, 15_000, 'the player decoding the new push');
      expect(watcher.exitCode).toBeNull();
      again.kill('SIGKILL');
      watcher.kill('SIGKILL');
      await exited(watcher);
      children = [];
    }, 40_000);
  });
});
