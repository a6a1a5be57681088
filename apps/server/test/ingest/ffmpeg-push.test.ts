/**
 * Real pushes with ffmpeg into the embedded ingest: publish start/end detection times, stream key refusal, HTTP-FLV
 * and HLS playback checked with ffprobe. Skipped (with a message) when ffmpeg is not installed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFlvTags } from '../../src/platform/ingest/flv.ts';
import { createIngest, type Ingest, type PublishInfo } from '../../src/platform/ingest/index.ts';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';

function usable(binary: string, probeArgs: string[], needle: string) {
  if (!existsSync(binary)) return false;
  const result = spawnSync(binary, probeArgs, { encoding: 'utf8', timeout: 10_000 });
  return result.status === 0 && result.stdout.includes(needle);
}

const hasFfmpeg = usable(FFMPEG, ['-hide_banner', '-encoders'], 'libx264');
const hasFfprobe = usable(FFPROBE, ['-version'], 'ffprobe');
if (!hasFfmpeg) {
  console.warn(
    `[ingest] ${FFMPEG} with libx264 not found: the real-push ingest tests are skipped (apt-get install ffmpeg)`,
  );
}

const GOOD_KEY = 'good-key';

interface PublishEvent {
  kind: 'start' | 'end';
  stream: string;
  at: number;
  reason?: string;
}

function push(port: number, stream: string, key: string, seconds: number): ChildProcess {
  return spawn(
    FFMPEG,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-tune',
      'zerolatency',
      '-g',
      '25',
      '-c:a',
      'aac',
      '-t',
      String(seconds),
      '-f',
      'flv',
      `rtmp://127.0.0.1:${port}/live/${stream}?key=${key}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode, at: Date.now() });
      return;
    }
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
  });
}

/** Runs ffprobe without blocking the event loop (it may read from the HTTP server of this very process). */
function probe(target: string): Promise<{ codecs: string[]; format: string; raw: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      FFPROBE,
      ['-v', 'error', '-show_entries', 'stream=codec_name:format=format_name', '-of', 'json', target],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('close', () => {
      clearTimeout(timer);
      let parsed: { streams?: { codec_name: string }[]; format?: { format_name: string } } = {};
      try {
        parsed = JSON.parse(out || '{}');
      } catch {
        // reported through raw
      }
      resolve({
        codecs: (parsed.streams ?? []).map((s) => s.codec_name).sort(),
        format: parsed.format?.format_name ?? '',
        raw: out + err,
      });
    });
  });
}

/** Reads an HTTP response body until it ends or `ms` passes. */
function capture(url: string, ms: number): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const req = http.get(url, (res) => {
      const timer = setTimeout(() => req.destroy(), ms);
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('close', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', (error) => (chunks.length ? undefined : reject(error)));
  });
}

describe.skipIf(!hasFfmpeg)('ingest with a real ffmpeg push', () => {
  let ingest: Ingest;
  let rtmpPort: number;
  let web: FastifyInstance;
  let base: string;
  let work: string;
  const events: PublishEvent[] = [];
  const record = (kind: PublishEvent['kind']) => (_app: string, stream: string, info: PublishInfo) => {
    events.push({ kind, stream, at: Date.now(), reason: info.reason });
  };
  const waitEvent = async (kind: PublishEvent['kind'], stream: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const event = events.find((e) => e.kind === kind && e.stream === stream);
      if (event) return event;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return null;
  };

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'yanbo-ingest-'));
    ingest = createIngest({
      rtmpPort: 0,
      host: '127.0.0.1',
      authorizePublish: (_app, _stream, query) => query.key === GOOD_KEY,
      onPublishStart: record('start'),
      onPublishEnd: record('end'),
    });
    rtmpPort = await ingest.listen();
    web = Fastify();
    web.get('/live/:app/:stream.flv', (request, reply) => {
      const { app, stream } = request.params as { app: string; stream: string };
      reply.hijack();
      ingest.serveFlv(app, stream, reply.raw);
    });
    web.get('/live/:app/:stream/index.m3u8', (request, reply) => {
      const { app, stream } = request.params as { app: string; stream: string };
      const playlist = ingest.hlsPlaylist(app, stream);
      if (!playlist) return reply.code(404).send();
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'no-cache')
        .send(playlist);
    });
    web.get('/live/:app/:stream/:segment', (request, reply) => {
      const { app, stream, segment } = request.params as { app: string; stream: string; segment: string };
      const data = ingest.hlsSegment(app, stream, segment);
      if (!data) return reply.code(404).send();
      return reply.header('content-type', 'video/mp2t').send(data);
    });
    base = await web.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await ingest?.close();
    await web?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('detects the publish, serves HTTP-FLV and HLS, detects the end', async () => {
    const spawnedAt = Date.now();
    const ffmpeg = push(rtmpPort, 'ff1', GOOD_KEY, 4);
    const done = exited(ffmpeg);
    let stderr = '';
    ffmpeg.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });

    const start = await waitEvent('start', 'ff1', 2000);
    expect(start, 'publish start within 2 s of spawning ffmpeg').not.toBeNull();
    const startLatency = start!.at - spawnedAt;
    expect(ingest.isLive('live', 'ff1')).toBe(true);

    // A viewer from the start, and one that joins mid-stream (GOP cache).
    const early = capture(`${base}/live/live/ff1.flv`, 8000);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const late = capture(`${base}/live/live/ff1.flv`, 1200);

    // A real RTMP player pulls the stream too.
    const player = spawn(
      FFMPEG,
      ['-v', 'error', '-i', `rtmp://127.0.0.1:${rtmpPort}/live/ff1`, '-t', '1', '-f', 'null', '-'],
      {
        stdio: 'ignore',
      },
    );
    const playerDone = exited(player);

    // HLS: the first segment completes about 2 s into the stream.
    let playlist = '';
    const deadline = Date.now() + 4000;
    while (Date.now() < deadline) {
      const res = await fetch(`${base}/live/live/ff1/index.m3u8`);
      if (res.status === 200) {
        playlist = await res.text();
        if (playlist.includes('.ts')) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(playlist).toMatch(/^#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:\d+\n#EXT-X-MEDIA-SEQUENCE:\d+\n/);
    const segmentName = playlist.split('\n').find((line) => line.endsWith('.ts'))!;
    const segment = Buffer.from(await (await fetch(`${base}/live/live/ff1/${segmentName}`)).arrayBuffer());
    expect(segment.length).toBeGreaterThan(188 * 10);
    expect(segment.length % 188).toBe(0);
    for (let i = 0; i < segment.length; i += 188) expect(segment[i]).toBe(0x47);
    if (hasFfprobe) {
      const file = path.join(work, 'segment.ts');
      writeFileSync(file, segment);
      const info = await probe(file);
      expect(info.format, info.raw).toBe('mpegts');
      expect(info.codecs, info.raw).toEqual(['aac', 'h264']);
      const viaPlaylist = await probe(`${base}/live/live/ff1/index.m3u8`);
      expect(viaPlaylist.codecs, viaPlaylist.raw).toEqual(['aac', 'h264']);
    }

    const lateFlv = await late;
    expect(lateFlv.status).toBe(200);
    const lateVideo = parseFlvTags(lateFlv.body).filter((t) => t.type === 9);
    expect(lateVideo[0].data[1], 'AVC sequence header first').toBe(0);
    expect(lateVideo[1].data[0] >> 4, 'then a keyframe: the viewer can decode at once').toBe(1);

    expect((await playerDone).code, 'ffmpeg reads the stream over RTMP').toBe(0);

    const exit = await done;
    expect(exit.code, stderr).toBe(0);
    const end = await waitEvent('end', 'ff1', 5000);
    expect(end, 'publish end within 5 s of ffmpeg ending').not.toBeNull();
    const endLatency = Math.max(0, end!.at - exit.at);

    const earlyFlv = await early;
    expect(earlyFlv.status).toBe(200);
    expect(earlyFlv.body.subarray(0, 3).toString()).toBe('FLV');
    const tags = parseFlvTags(earlyFlv.body);
    expect(tags.some((t) => t.type === 9 && t.data[0] >> 4 === 1 && t.data[1] === 1)).toBe(true);
    expect(tags.some((t) => t.type === 8)).toBe(true);
    expect(tags.at(-1)!.timestamp).toBeGreaterThan(3000);
    if (hasFfprobe) {
      const file = path.join(work, 'capture.flv');
      writeFileSync(file, earlyFlv.body);
      const info = await probe(file);
      expect(info.format, info.raw).toBe('flv');
      expect(info.codecs, info.raw).toEqual(['aac', 'h264']);
    }
    console.log(
      `[ingest] ffmpeg push: publish start ${startLatency} ms after spawn, end ${endLatency} ms after exit (${end!.reason})`,
    );
    expect((await fetch(`${base}/live/live/ff1.flv`)).status).toBe(404);
    // The encoder unpublished: the playlist is ended at once, not served unchanged for a minute.
    expect(await (await fetch(`${base}/live/live/ff1/index.m3u8`)).text()).toMatch(/#EXT-X-ENDLIST\n$/);
  });

  it('refuses a push with a wrong key', async () => {
    const ffmpeg = push(rtmpPort, 'ff2', 'wrong', 4);
    const exit = await exited(ffmpeg);
    expect(exit.code).not.toBe(0);
    expect(events.some((e) => e.stream === 'ff2')).toBe(false);
    expect(ingest.isLive('live', 'ff2')).toBe(false);
  });

  it('detects the end at once when ffmpeg is killed mid-stream', async () => {
    const ffmpeg = push(rtmpPort, 'ff3', GOOD_KEY, 30);
    const start = await waitEvent('start', 'ff3', 2000);
    expect(start).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 800));
    const killedAt = Date.now();
    ffmpeg.kill('SIGKILL');
    const end = await waitEvent('end', 'ff3', 5000);
    expect(end, 'publish end within 5 s of the kill').not.toBeNull();
    console.log(`[ingest] ffmpeg SIGKILL: publish end ${end!.at - killedAt} ms after the kill (${end!.reason})`);
    expect(end!.at - killedAt).toBeLessThan(5000);
    expect(ingest.isLive('live', 'ff3')).toBe(false);
    await exited(ffmpeg);
  });

  it('keeps an HTTP-FLV viewer connected through a kill -9 and a new push within the grace period', async () => {
    const first = push(rtmpPort, 'ff4', GOOD_KEY, 30);
    expect(await waitEvent('start', 'ff4', 2000)).not.toBeNull();
    const chunks: Buffer[] = [];
    let closed = false;
    const req = http.get(`${base}/live/live/ff4.flv`, (res) => {
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('close', () => {
        closed = true;
      });
    });
    req.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 2600));
    first.kill('SIGKILL');
    await exited(first);
    const end = await waitEvent('end', 'ff4', 3000);
    expect(end, 'the publish end is told at once, viewers or not').not.toBeNull();
    expect(ingest.isLive('live', 'ff4')).toBe(false);
    const beforeKill = Buffer.concat(chunks).length;
    const tagsBefore = parseFlvTags(Buffer.concat(chunks));
    const lastBefore = Math.max(...tagsBefore.filter((t) => t.type !== 18).map((t) => t.timestamp));

    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(closed, 'the viewer is still connected while the encoder is away').toBe(false);
    const waiting = await (await fetch(`${base}/live/live/ff4/index.m3u8`)).text();
    expect(waiting).toContain('0.ts');
    expect(waiting, 'the playlist stays open for the encoder to come back').not.toContain('#EXT-X-ENDLIST');
    const second = push(rtmpPort, 'ff4', GOOD_KEY, 30);
    const restarted = Date.now();
    while (!events.some((e) => e.kind === 'start' && e.stream === 'ff4' && e.at > end!.at)) {
      expect(Date.now() - restarted).toBeLessThan(3000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    second.kill('SIGKILL');
    await exited(second);
    req.destroy();

    expect(closed, 'the same connection was kept').toBe(false);
    const body = Buffer.concat(chunks);
    expect(body.length).toBeGreaterThan(beforeKill + 10_000);
    const tags = parseFlvTags(body);
    const resumed = tags.slice(tagsBefore.length);
    const videoHeader = resumed.findIndex((t) => t.type === 9 && t.data[1] === 0);
    expect(videoHeader, 'the new push sequence header is sent').toBeGreaterThanOrEqual(0);
    const frames = resumed.slice(videoHeader).filter((t) => t.type === 9 && t.data[1] === 1);
    expect(frames[0].data[0] >> 4, 'resumed at a keyframe').toBe(1);
    expect(frames.length).toBeGreaterThan(25);
    const resumedMedia = resumed.filter((t) => t.type !== 18);
    expect(Math.min(...resumedMedia.map((t) => t.timestamp)), 'the clock runs on').toBeGreaterThanOrEqual(lastBefore);
    if (hasFfprobe) {
      const file = path.join(work, 'resumed.flv');
      writeFileSync(file, body);
      const info = await probe(file);
      expect(info.format, info.raw).toBe('flv');
      expect(info.codecs, info.raw).toEqual(['aac', 'h264']);
    }
  });
});
