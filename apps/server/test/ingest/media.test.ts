import { PassThrough, Writable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { decodeAmf0Values, encodeAmf0Values } from '../../src/platform/ingest/amf0.ts';
import { flvTag, parseFlvTags } from '../../src/platform/ingest/flv.ts';
import { createHls } from '../../src/platform/ingest/hls.ts';
import { serveFlv } from '../../src/platform/ingest/http-flv.ts';
import {
  adtsHeader,
  avccToAnnexB,
  ContinuityCounters,
  crc32Mpeg,
  parseAacConfig,
  parseAvcConfig,
  patPacket,
  pesPackets,
  pmtPacket,
  readTimestamp,
  writeTimestamp,
} from '../../src/platform/ingest/mpegts.ts';
import { StreamHub } from '../../src/platform/ingest/stream-hub.ts';

const SPS = Buffer.from([0x67, 0x42, 0xc0, 0x1e, 0xda, 0x02, 0x80]);
const PPS = Buffer.from([0x68, 0xce, 0x3c, 0x80]);
const AVC_RECORD = Buffer.concat([
  Buffer.from([1, 0x42, 0xc0, 0x1e, 0xff, 0xe1, 0, SPS.length]),
  SPS,
  Buffer.from([1, 0, PPS.length]),
  PPS,
]);
const AAC_ASC = Buffer.from([0x12, 0x08]); // AAC LC, 44100 Hz, mono

const videoConfigTag = () => Buffer.concat([Buffer.from([0x17, 0, 0, 0, 0]), AVC_RECORD]);
const audioConfigTag = () => Buffer.concat([Buffer.from([0xae, 0]), AAC_ASC]);
function videoFrame(keyframe: boolean, size = 200) {
  const nal = Buffer.alloc(size, 0x11);
  nal[0] = keyframe ? 0x65 : 0x41;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(nal.length);
  return Buffer.concat([Buffer.from([keyframe ? 0x17 : 0x27, 1, 0, 0, 0]), length, nal]);
}
const audioFrame = () => Buffer.concat([Buffer.from([0xae, 1]), Buffer.alloc(100, 0x21)]);

/** Publishes a synthetic stream: 25 fps video with a keyframe every `gop` frames, audio every 23 ms. */
function feed(hub: StreamHub, app: string, stream: string, seconds: number, gop = 25) {
  const live = hub.publish(app, stream, 1)!;
  live.pushScript(
    0,
    encodeAmf0Values(['@setDataFrame', 'onMetaData', { width: 320, videocodecid: 7, audiocodecid: 10 }]),
  );
  live.pushMedia(9, 0, videoConfigTag());
  live.pushMedia(8, 0, audioConfigTag());
  let audioMs = 0;
  for (let frame = 0; frame < seconds * 25; frame++) {
    const ms = frame * 40;
    while (audioMs <= ms) {
      live.pushMedia(8, audioMs, audioFrame());
      audioMs += 23;
    }
    live.pushMedia(9, ms, videoFrame(frame % gop === 0));
  }
  return live;
}

describe('MPEG-TS', () => {
  it('computes CRC-32/MPEG-2 and writes the standard PAT', () => {
    expect(crc32Mpeg(Buffer.from('123456789'))).toBe(0x0376e6e7);
    const pat = patPacket(0);
    expect(pat.length).toBe(188);
    expect(pat.subarray(0, 21).toString('hex')).toBe('474000100000b00d0001c100000001f0002ab104b2');
    expect(pat.subarray(21).every((b) => b === 0xff)).toBe(true);
  });

  it('writes a PMT whose CRC checks out', () => {
    const pmt = pmtPacket(0, 0x100, [
      { streamType: 0x1b, pid: 0x100 },
      { streamType: 0x0f, pid: 0x101 },
    ]);
    const sectionLength = ((pmt[6] & 0x0f) << 8) | pmt[7];
    expect(sectionLength).toBe(23);
    const section = pmt.subarray(5, 5 + 3 + sectionLength);
    // The CRC over a section including its own CRC is zero.
    expect(crc32Mpeg(section)).toBe(0);
  });

  it('round-trips 33-bit timestamps', () => {
    const b = Buffer.alloc(5);
    for (const value of [0, 1, 90_000, 2 ** 32 + 12345, 2 ** 33 - 1]) {
      writeTimestamp(b, 0, 0x2, value);
      expect(readTimestamp(b, 0)).toBe(value);
      expect(b[0] >> 4).toBe(0x2);
      expect(b[0] & 1 && b[2] & 1 && b[4] & 1).toBe(1);
    }
  });

  it('packetizes a PES with PCR, stuffing and continuity counters', () => {
    const counters = new ContinuityCounters();
    const payload = Buffer.alloc(1000, 0xab);
    const packets = pesPackets(
      { pid: 0x100, streamId: 0xe0, pts: 9000 + 3600, dts: 9000, pcr: 9000, randomAccess: true },
      payload,
      counters,
    );
    expect(packets.every((p) => p.length === 188 && p[0] === 0x47)).toBe(true);
    expect(packets[0][1] & 0x40).toBe(0x40);
    expect(packets.slice(1).every((p) => (p[1] & 0x40) === 0)).toBe(true);
    expect(packets.map((p) => p[3] & 0x0f)).toEqual(packets.map((_, i) => i));
    // First packet: adaptation field with random access and PCR flags.
    expect(packets[0][3] & 0x30).toBe(0x30);
    expect(packets[0][5]).toBe(0x50);
    // Reassemble the payload of all packets: the PES header then the bytes.
    const body = Buffer.concat(
      packets.map((p) => {
        const hasAf = (p[3] & 0x20) !== 0;
        return p.subarray(hasAf ? 5 + p[4] : 4);
      }),
    );
    expect(body.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0xe0]));
    expect(body[7]).toBe(0xc0);
    expect(readTimestamp(body, 9)).toBe(12600);
    expect(readTimestamp(body, 14)).toBe(9000);
    expect(body.subarray(19)).toEqual(payload);
    // The counter continues on the next PES of the same PID.
    const next = pesPackets({ pid: 0x100, streamId: 0xe0, pts: 1 }, Buffer.alloc(10), counters);
    expect(next[0][3] & 0x0f).toBe(packets.length % 16);
  });

  it('converts AVCC to Annex B with SPS/PPS before an IDR, and writes ADTS headers', () => {
    const config = parseAvcConfig(AVC_RECORD)!;
    expect(config.nalLengthSize).toBe(4);
    expect(config.sps[0]).toEqual(SPS);
    const idr = avccToAnnexB(videoFrame(true, 8).subarray(5), config)!;
    expect(idr.idr).toBe(true);
    expect(idr.data.toString('hex')).toBe(
      `0000000109f000000001${SPS.toString('hex')}00000001${PPS.toString('hex')}000000016511111111111111`,
    );
    const p = avccToAnnexB(videoFrame(false, 4).subarray(5), config)!;
    expect(p.data.toString('hex')).toBe('0000000109f00000000141111111');
    expect(avccToAnnexB(Buffer.from([0, 0, 0, 9, 1]), config)).toBeNull();

    const aac = parseAacConfig(AAC_ASC)!;
    expect(aac).toMatchObject({ objectType: 2, sampleRate: 44100, channelConfig: 1 });
    expect(adtsHeader(aac, 100).toString('hex')).toBe('fff150400d7ffc');
  });
});

/** A viewer that keeps every chunk it is written, as the very Buffer objects it got. */
function sink() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { out, chunks };
}
const flvHeaderOnly = Buffer.from([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9, 0, 0, 0, 0]);

describe('stream hub and HTTP-FLV', () => {
  it('keeps metadata, sequence headers and the GOP since the last keyframe', () => {
    const hub = new StreamHub();
    const live = feed(hub, 'live', 's1', 1.5);
    const snapshot = live.snapshot();
    expect(decodeAmf0Values(snapshot.metadata!)[0]).toBe('onMetaData');
    expect(snapshot.videoConfig?.data).toEqual(videoConfigTag());
    expect(snapshot.audioConfig?.data).toEqual(audioConfigTag());
    const first = snapshot.gop[0];
    expect(first.type).toBe(9);
    expect(first.timestamp).toBe(1000);
    expect(first.data[0]).toBe(0x17);
    expect(snapshot.gop.filter((t) => t.type === 9).length).toBe(13);
    expect(live.info()).toMatchObject({ hasVideo: true, hasAudio: true });
    expect(hub.publish('live', 's1', 2)).toBeNull();
    hub.unpublish(live);
    expect(hub.isLive('live', 's1')).toBe(false);
  });

  it('serves FLV: header, metadata, sequence headers, GOP from a keyframe, live tags, end', async () => {
    const hub = new StreamHub();
    const live = feed(hub, 'live', 's2', 1.5);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    expect(serveFlv(hub, 'live', 's2', out)).toBe(true);
    live.pushMedia(9, 1520, videoFrame(false));
    hub.unpublish(live);
    await new Promise((resolve) => out.on('end', resolve));
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 5)).toEqual(Buffer.from([0x46, 0x4c, 0x56, 1, 5]));
    const tags = parseFlvTags(bytes);
    expect(tags.map((t) => t.type).slice(0, 4)).toEqual([18, 9, 8, 9]);
    expect(tags[3].data[0]).toBe(0x17);
    // On the stream's own clock, the same for every viewer: the GOP's keyframe came at 1 s.
    expect(tags[3].timestamp).toBe(1000);
    expect(tags.at(-1)?.timestamp).toBe(1520);
    expect(live.viewers).toBe(0);
  });

  it('answers 404 when the stream is not live', () => {
    const hub = new StreamHub();
    const out = new PassThrough();
    expect(serveFlv(hub, 'live', 'nope', out)).toBe(false);
    expect(out.writableEnded).toBe(true);
  });

  it('drops frames for a viewer that does not read instead of buffering without bound', async () => {
    const hub = new StreamHub();
    const live = feed(hub, 'live', 's3', 0.2);
    const stuck = new Writable({ highWaterMark: 1024, write: () => {} });
    serveFlv(hub, 'live', 's3', stuck, { maxPendingBytes: 20_000 });
    for (let i = 0; i < 2000; i++) live.pushMedia(9, 200 + i * 40, videoFrame(i % 25 === 0, 2000));
    await tick();
    expect(stuck.writableLength).toBeLessThan(20_000 + 3000);
    stuck.destroy();
    live.pushMedia(9, 90_000, videoFrame(true));
    await tick();
    expect(live.viewers).toBe(0);
  });

  it('builds each live tag once: every viewer is written the very same bytes', async () => {
    const hub = new StreamHub();
    const live = feed(hub, 'live', 's4', 1.5);
    await tick();
    const viewers = [sink(), sink(), sink()];
    for (const viewer of viewers) serveFlv(hub, 'live', 's4', viewer.out);
    live.pushMedia(9, 1520, videoFrame(false));
    live.pushMedia(8, 1530, audioFrame());
    await tick();
    // The tags that came together go out as one Buffer, the same object for every viewer.
    const [a, b, c] = viewers.map((viewer) => viewer.chunks.at(-1));
    expect(parseFlvTags(Buffer.concat([flvHeaderOnly, a!])).map((t) => t.timestamp)).toEqual([1520, 1530]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    // The GOP a newcomer starts with is shared too.
    const gopA = viewers[0].chunks.slice(4, -1);
    expect(gopA.length).toBeGreaterThan(10);
    expect(viewers[1].chunks.slice(4, -1)).toEqual(gopA);
    for (const [i, chunk] of gopA.entries()) expect(viewers[2].chunks[4 + i]).toBe(chunk);
    expect(live.viewers).toBe(3);
  });

  it('keeps FLV viewers connected through a publisher reconnect within the grace period, on one clock', async () => {
    const hub = new StreamHub({ reconnectGraceMs: 300 });
    const first = feed(hub, 'live', 's5', 1.5);
    const viewer = sink();
    serveFlv(hub, 'live', 's5', viewer.out);
    hub.unpublish(first);
    expect(hub.isLive('live', 's5')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(viewer.out.writableEnded).toBe(false);

    const second = feed(hub, 'live', 's5', 1.5);
    await tick();
    expect(second.viewers).toBe(1);
    const tags = parseFlvTags(Buffer.concat(viewer.chunks));
    const configs = tags.filter((t) => (t.type === 9 || t.type === 8) && t.data[1] === 0);
    expect(configs.length, 'the new publish sequence headers are sent again').toBe(4);
    const media = tags.filter((t) => t.type !== 18 && t.data[1] !== 0);
    for (let i = 1; i < media.length; i++) {
      expect(media[i].timestamp, 'timestamps never go back').toBeGreaterThanOrEqual(media[i - 1].timestamp - 40);
    }
    expect(media.at(-1)!.timestamp).toBeGreaterThan(2900);
    const resumedAt = tags.indexOf(configs[2]);
    const firstResumedVideo = tags.slice(resumedAt).find((t) => t.type === 9 && t.data[1] === 1)!;
    expect(firstResumedVideo.data[0] >> 4, 'the new push resumes at a keyframe').toBe(1);

    // Gone for longer than the grace period: the viewer is ended.
    hub.unpublish(second);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(viewer.out.writableEnded).toBe(true);
    expect(second.viewers).toBe(0);
  });

  it('ends FLV viewers at once when the publish ends on purpose', () => {
    const hub = new StreamHub({ reconnectGraceMs: 60_000 });
    const live = feed(hub, 'live', 's6', 0.5);
    const viewer = sink();
    serveFlv(hub, 'live', 's6', viewer.out);
    hub.unpublish(live);
    expect(viewer.out.writableEnded).toBe(false);
    hub.endViewers('live', 's6');
    expect(viewer.out.writableEnded).toBe(true);
  });

  it('writes FLV tags with 32-bit timestamps', () => {
    const tag = flvTag(9, 0x12345678, Buffer.from([1, 2, 3]));
    expect(tag.length).toBe(11 + 3 + 4);
    expect(tag.readUIntBE(4, 3)).toBe(0x345678);
    expect(tag[7]).toBe(0x12);
    expect(tag.readUInt32BE(14)).toBe(14);
  });
});

describe('HLS segmenter', () => {
  it('cuts ~2 s segments at keyframes and keeps a sliding window in the playlist', () => {
    const hub = new StreamHub();
    const hls = createHls(hub, { listSize: 3 });
    const live = feed(hub, 'live', 'h1', 12.5);
    const playlist = hls.hlsPlaylist('live', 'h1')!.toString();
    const lines = playlist.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2']);
    expect(lines[3]).toBe('#EXT-X-MEDIA-SEQUENCE:3');
    expect(lines.filter((l) => l.startsWith('#EXTINF:2.000,')).length).toBe(3);
    // Segments are named <playlist id>-<sequence>.ts, the id the same for the whole playlist.
    const names = lines.filter((l) => l.endsWith('.ts'));
    const id = names[0]?.split('-')[0] as string;
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(names).toEqual([`${id}-3.ts`, `${id}-4.ts`, `${id}-5.ts`]);
    const segment = hls.hlsSegment('live', 'h1', `${id}-5.ts`)!;
    expect(segment.length % 188).toBe(0);
    for (let i = 0; i < segment.length; i += 188) expect(segment[i]).toBe(0x47);
    expect(segment.readUInt16BE(1) & 0x1fff).toBe(0); // PAT first
    expect(hls.hlsSegment('live', 'h1', `${id}-0.ts`)).not.toBeNull(); // kept a little past the listed window
    expect(hls.hlsSegment('live', 'h1', `${id}-99.ts`)).toBeNull();
    expect(hls.hlsSegment('live', 'h1', '5.ts')).toBeNull();
    expect(hls.hlsSegment('live', 'h1', `000000000000-5.ts`)).toBeNull();
    expect(hls.hlsSegment('live', 'h1', '../x')).toBeNull();

    hub.unpublish(live);
    // The last, partial segment is closed when the publisher stops.
    expect(hls.segments('live', 'h1').at(-1)).toMatchObject({ sequence: 6 });
    // Republishing continues the numbering after a discontinuity.
    hub.unpublish(feed(hub, 'live', 'h1', 2.5));
    const again = hls.hlsPlaylist('live', 'h1')!.toString();
    // (A new playlist, the first one having ended: its segments are named apart.)
    expect(again).toMatch(/#EXT-X-DISCONTINUITY\n#EXTINF:2\.000,\n[0-9a-f]{12}-7\.ts/);
    expect(again).not.toContain(`${id}-7.ts`);
    hls.close();
  });

  it('ends the playlist when the push ends, and starts a new one for the next push', () => {
    const hub = new StreamHub();
    const hls = createHls(hub, { listSize: 3 });
    hub.unpublish(feed(hub, 'live', 'h3', 6.5));
    const ended = hls.hlsPlaylist('live', 'h3')!.toString();
    expect(ended.trimEnd().split('\n').at(-1)).toBe('#EXT-X-ENDLIST');
    expect(ended).toMatch(/^[0-9a-f]{12}-3\.ts$/m);
    const endedId = ended.match(/^([0-9a-f]{12})-3\.ts$/m)?.[1];

    const next = feed(hub, 'live', 'h3', 4.5);
    const fresh = hls.hlsPlaylist('live', 'h3')!.toString();
    expect(fresh).not.toContain('#EXT-X-ENDLIST');
    expect(fresh).not.toContain('-3.ts');
    expect(fresh).toContain('#EXT-X-MEDIA-SEQUENCE:4\n');
    // The next push's playlist names its segments apart from the ended one's (a CDN keeps those for a day).
    const freshId = fresh.match(/^([0-9a-f]{12})-4\.ts$/m)?.[1];
    expect(freshId).toBeDefined();
    expect(freshId).not.toBe(endedId);
    expect(fresh).toContain(`#EXT-X-DISCONTINUITY\n#EXTINF:2.000,\n${freshId}-4.ts`);
    hub.unpublish(next);
    hls.close();
  });

  it('keeps the playlist open through a reconnect within the grace period, its target duration unchanged', async () => {
    const hub = new StreamHub();
    const hls = createHls(hub, { listSize: 10, reconnectGraceMs: 200 });
    hub.unpublish(feed(hub, 'live', 'h4', 6.5));
    expect(hls.hlsPlaylist('live', 'h4')!.toString()).not.toContain('#EXT-X-ENDLIST');
    // The encoder comes back with a 5 s GOP: segments are still cut at the playlist's 2 s target.
    const back = feed(hub, 'live', 'h4', 12.5, 125);
    const playlist = hls.hlsPlaylist('live', 'h4')!.toString();
    const targets = playlist.match(/#EXT-X-TARGETDURATION:\d+/g);
    expect(targets).toEqual(['#EXT-X-TARGETDURATION:2']);
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
    expect(durations.length).toBeGreaterThan(6);
    for (const duration of durations) expect(Math.round(duration)).toBeLessThanOrEqual(2);
    expect(playlist).toMatch(/#EXT-X-DISCONTINUITY\n#EXTINF:[\d.]+,\n[0-9a-f]{12}-4\.ts/);
    hub.unpublish(back);
    expect(hls.hlsPlaylist('live', 'h4')!.toString()).not.toContain('#EXT-X-ENDLIST');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hls.hlsPlaylist('live', 'h4')!.toString()).toContain('#EXT-X-ENDLIST');
    hls.close();
  });

  it('has no playlist before the first segment is complete, nor for unknown streams', () => {
    const hub = new StreamHub();
    const hls = createHls(hub);
    feed(hub, 'live', 'h2', 1);
    expect(hls.hlsPlaylist('live', 'h2')).toBeNull();
    expect(hls.hlsPlaylist('live', 'other')).toBeNull();
    hls.close();
  });
});
