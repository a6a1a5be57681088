import http from 'node:http';
import net from 'node:net';
import { setImmediate as tick } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFlvTags } from '../../src/platform/ingest/flv.ts';
import { serveFlv } from '../../src/platform/ingest/http-flv.ts';
import { StreamHub } from '../../src/platform/ingest/stream-hub.ts';
import { arrayBuffers, feedStream, MB, videoFrame } from './memory-probe.ts';

// Issue 8: 50 stalled HTTP-FLV readers (sockets that never read) took the process from 529 to 644 MB for good. Each
// viewer's queue is bounded (frames dropped to the next keyframe), a viewer stuck past the stall deadline is
// disconnected, and what the stalled queues held is given back.

describe('slow HTTP-FLV viewers', () => {
  let server: http.Server;
  let port: number;
  const hub = new StreamHub();

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      serveFlv(hub, 'live', 'slow', res, { stallTimeoutMs: 1000 });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('drops 50 stalled readers and gives their memory back, while a reader that keeps up gets every frame', async () => {
    const live = hub.publish('live', 'slow', 1)!;
    live.pushMedia(9, 0, Buffer.from([0x17, 0, 0, 0, 0, 1, 0x42, 0xc0, 0x1e, 0xff, 0xe1, 0, 0]));
    live.pushMedia(8, 0, Buffer.from([0xaf, 0, 0x12, 0x10]));
    const baseline = arrayBuffers();

    const stalled: net.Socket[] = [];
    let serverClosed = 0;
    server.on('connection', (socket) => socket.on('close', () => serverClosed++));
    for (let i = 0; i < 50; i++) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write('GET /live/live/slow.flv HTTP/1.1\r\nHost: x\r\n\r\n');
      socket.pause();
      stalled.push(socket);
    }
    let healthyBytes = 0;
    let healthyHead = Buffer.alloc(0);
    http.get(`http://127.0.0.1:${port}/live/live/slow.flv`, (res) =>
      res.on('data', (c: Buffer) => {
        healthyBytes += c.length;
        if (healthyHead.length < 100_000) healthyHead = Buffer.concat([healthyHead, c]);
      }),
    );
    while (live.viewers < 51) await tick();

    // 100 s of stream, fed as fast as the sockets take it.
    const fed = await feedStream(live, () => arrayBuffers() - baseline);
    const peak = fed.peak;
    let frames = fed.frames;
    const deadline = Date.now() + 5000;
    while (live.viewers > 1 && Date.now() < deadline) {
      live.pushMedia(9, frames++ * 40, videoFrame(false));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(live.viewers, 'every stalled reader disconnected by the server').toBe(1);
    while (serverClosed < 50 && Date.now() < deadline + 2000) await new Promise((r) => setTimeout(r, 20));
    expect(serverClosed, 'their connections are closed').toBe(50);
    for (const socket of stalled) socket.destroy();

    hub.unpublish(live);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = arrayBuffers() - baseline;
    console.log(
      `[ingest] 50 stalled readers: arrayBuffers peak +${(peak / MB).toFixed(1)} MB, after they were dropped +${(after / MB).toFixed(1)} MB`,
    );
    // One copy per viewer held 2 MiB+ each (over 100 MB for 50); shared frames hold one stream's worth.
    expect(peak).toBeLessThan(40 * MB);
    expect(after).toBeLessThan(8 * MB);
    expect(parseFlvTags(healthyHead).filter((t) => t.type === 9).length).toBeGreaterThan(3);
    expect(healthyBytes, 'the reader that keeps up lost nothing').toBeGreaterThan(2500 * 15_400);
  }, 60_000);
});
