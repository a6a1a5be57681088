/**
 * In-process HLS: each live stream of the hub is remuxed (H.264 + AAC) into MPEG-TS segments cut at keyframes,
 * kept in memory as a sliding window, with a live m3u8 playlist. No disk, no transcoding.
 *
 * A playlist lives as long as its push (issue 8): it gets #EXT-X-ENDLIST when the encoder unpublishes, or when a
 * publisher that dropped does not come back within the grace period; one that does continues the same playlist
 * after an #EXT-X-DISCONTINUITY. A push after the end starts a new playlist, its media sequence continuing. The
 * target duration is fixed for a playlist's life (RFC 8216 6.2.1): a segment that would run past it is cut there.
 *
 * Behind a CDN (issue 15, PULL_DOMAIN) a segment is cached for a day as immutable, so its name is never given to other
 * bytes: it is `<playlist id>-<sequence>.ts`, the id random and new with every playlist, so neither a new push after
 * the end, nor a playlist started again after it expired, nor another process or a restart reuses a name. A live
 * playlist is cached for about half a target duration, an ended one a little longer (hlsPlaylistCacheControl).
 */
import { randomBytes } from 'node:crypto';
import { isVideoKeyframe, SoundFormat, TagType, VideoCodec } from './flv.ts';
import {
  type AacConfig,
  type AvcConfig,
  adtsHeader,
  avccToAnnexB,
  ContinuityCounters,
  PID,
  type PmtStream,
  parseAacConfig,
  parseAvcConfig,
  patPacket,
  pesPackets,
  pmtPacket,
  StreamType,
} from './mpegts.ts';
import { type LiveStream, type MediaTag, type StreamHub, streamKey } from './stream-hub.ts';

export interface HlsOptions {
  /** Target segment duration in seconds; segments are cut at the first keyframe past it (default 2). */
  targetDuration?: number;
  /** Segments listed in the playlist (default 6). A few more are kept for players holding an older playlist. */
  listSize?: number;
  /** How long the segments of a stream stay available after its playlist ended, in ms (default 60 s). */
  retainMs?: number;
  /** How long the playlist stays open for a publisher that dropped to come back, in ms (default 0). */
  reconnectGraceMs?: number;
  log?: (line: string) => void;
}

export interface HlsSegmentInfo {
  sequence: number;
  /** `<playlist id>-<sequence>.ts`: never the name of other bytes. */
  name: string;
  duration: number;
  bytes: number;
  discontinuity: boolean;
}

export interface Hls {
  /** The live m3u8 playlist; null when the stream has no finished segment (or is unknown). */
  hlsPlaylist(app: string, stream: string): Buffer | null;
  /** A segment by its name in the playlist ("3f9a…-12.ts"); null when unknown or already out of the window. */
  hlsSegment(app: string, stream: string, name: string): Buffer | null;
  segments(app: string, stream: string): HlsSegmentInfo[];
  /** The push of app/stream ended on purpose: its playlist ends now rather than after the grace period. */
  endPlaylist(app: string, stream: string): void;
  close(): void;
}

/** Timestamps are shifted so that PCR (which runs ahead of DTS) never goes below zero. */
const TS_OFFSET_MS = 1400;
const PCR_DELAY_90K = 700 * 90;
/** A segment longer than this is cut even without a keyframe, so memory stays bounded. */
const MAX_SEGMENT_MS = 30_000;
const MAX_SEGMENT_BYTES = 64 * 1024 * 1024;
/** Audio tags before the first video keyframe are dropped, unless no video shows up within this long. */
const AUDIO_ONLY_AFTER_MS = 3000;
/**
 * Past the target duration by this much a segment is cut without waiting for a keyframe: its duration still
 * rounds to the target (RFC 8216 4.3.3.1), and a keyframe that comes a frame late does not force a cut.
 */
const FORCED_CUT_SLACK_MS = 300;

/** The part of a segment's name that tells its playlist apart from every other (48 random bits). */
const newPlaylistId = () => randomBytes(6).toString('hex');
const SEGMENT_NAME = /^[0-9a-f]{12}-\d{1,15}\.ts$/;

/** Cache-Control of a segment: its name never names other bytes, so a CDN may keep it as it is. */
export const HLS_SEGMENT_CACHE_CONTROL = 'public, max-age=86400, immutable';
/**
 * How long an ended playlist (#EXT-X-ENDLIST) may be cached: longer than a live one, not long, because the same
 * address serves the next push's playlist.
 */
const ENDED_PLAYLIST_MAX_AGE_S = 10;

/**
 * Cache-Control of a playlist as served: a live one changes every target duration, so it is cached about half of one
 * (at least a second), which keeps a CDN's copy within a segment of the origin; an ended one no longer changes.
 */
export function hlsPlaylistCacheControl(playlist: Buffer | string): string {
  const text = playlist.toString();
  if (/^#EXT-X-ENDLIST\s*$/m.test(text)) return `public, max-age=${ENDED_PLAYLIST_MAX_AGE_S}`;
  const target = Number(/^#EXT-X-TARGETDURATION:(\d+)/m.exec(text)?.[1] ?? 2);
  return `public, max-age=${Math.max(1, Math.floor(target / 2))}`;
}

interface Segment {
  sequence: number;
  name: string;
  duration: number;
  data: Buffer;
  discontinuity: boolean;
  /** Discontinuities up to and including this segment, for EXT-X-DISCONTINUITY-SEQUENCE. */
  discontinuities: number;
}

interface OpenSegment {
  parts: Buffer[];
  bytes: number;
  startMs: number;
  lastMs: number;
  video: boolean;
  discontinuity: boolean;
}

class HlsStream {
  readonly app: string;
  readonly stream: string;
  segments: Segment[] = [];
  nextSequence = 0;
  /** The playlist's EXT-X-TARGETDURATION, fixed by its first segment; null before. */
  playlistTarget: number | null = null;
  /** EXT-X-ENDLIST: the push ended and no publisher came back. */
  ended = false;
  /** Names this playlist's segments apart from any other's. */
  private playlistId = newPlaylistId();
  private discontinuities = 0;
  readonly targetDuration: number;
  private readonly targetMs: number;
  private readonly keep: number;
  private current: OpenSegment | null = null;
  private avc: AvcConfig | null = null;
  private aac: AacConfig | null = null;
  private counters = new ContinuityCounters();
  private live: LiveStream | null = null;
  private unsubscribe: (() => void) | null = null;
  private pendingDiscontinuity = false;
  private firstAudioMs: number | null = null;
  private frameMs = 40;
  expiry: NodeJS.Timeout | null = null;
  grace: NodeJS.Timeout | null = null;
  private readonly log: (line: string) => void;
  private warned = new Set<string>();

  constructor(app: string, stream: string, options: Required<Omit<HlsOptions, 'log'>>, log: (line: string) => void) {
    this.app = app;
    this.stream = stream;
    this.targetMs = options.targetDuration * 1000;
    this.targetDuration = Math.ceil(options.targetDuration);
    this.keep = options.listSize + 3;
    this.log = log;
  }

  attach(live: LiveStream) {
    this.detach();
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = null;
    if (this.grace) clearTimeout(this.grace);
    this.grace = null;
    if (this.ended) {
      // A new push after the end: a new playlist, numbered on so a player holding the old one never mixes them.
      this.segments = [];
      this.playlistTarget = null;
      this.ended = false;
      this.playlistId = newPlaylistId();
    }
    this.live = live;
    this.avc = null;
    this.aac = null;
    this.firstAudioMs = null;
    this.pendingDiscontinuity = this.nextSequence > 0;
    this.unsubscribe = live.subscribe(
      {
        tag: (tag) => this.onTag(tag),
        end: () => this.flush(),
      },
      { internal: true },
    );
  }

  detach() {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private warnOnce(key: string, line: string) {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.log(line);
  }

  private onTag(tag: MediaTag) {
    if (tag.type === TagType.video) this.onVideo(tag);
    else if (tag.type === TagType.audio) this.onAudio(tag);
  }

  private onVideo(tag: MediaTag) {
    const data = tag.data;
    if (data.length < 5) return;
    if (data[0] & 0x80 || (data[0] & 0x0f) !== VideoCodec.avc) {
      this.warnOnce('video', `[ingest:hls] ${this.app}/${this.stream}: video codec is not H.264, HLS has no video`);
      return;
    }
    if (data[1] === 0) {
      this.avc = parseAvcConfig(data.subarray(5));
      return;
    }
    if (data[1] !== 1 || !this.avc) return;
    const cts = data.readIntBE(2, 3);
    const frame = avccToAnnexB(data.subarray(5), this.avc);
    if (!frame) return;
    const keyframe = isVideoKeyframe(data) || frame.idr;
    const ms = tag.timestamp;
    const current = this.current;
    if (!current) {
      if (!keyframe) return;
      this.open(ms, true);
    } else {
      const elapsed = ms - current.startMs;
      const due = keyframe && (elapsed >= this.targetMs || !current.video);
      const forced =
        elapsed >= MAX_SEGMENT_MS ||
        current.bytes >= MAX_SEGMENT_BYTES ||
        (this.playlistTarget !== null && elapsed >= this.playlistTarget * 1000 + FORCED_CUT_SLACK_MS);
      if (due || forced || elapsed < 0) {
        this.close(ms);
        this.open(ms, true);
      }
      if (ms > current.lastMs && current.video) this.frameMs = Math.min(1000, ms - current.lastMs);
    }
    const dts = (ms + TS_OFFSET_MS) * 90;
    this.write(
      pesPackets(
        { pid: PID.video, streamId: 0xe0, pts: dts + cts * 90, dts, pcr: dts - PCR_DELAY_90K, randomAccess: keyframe },
        frame.data,
        this.counters,
      ),
      ms,
    );
  }

  private onAudio(tag: MediaTag) {
    const data = tag.data;
    if (data.length < 2) return;
    if (data[0] >> 4 !== SoundFormat.aac) {
      this.warnOnce('audio', `[ingest:hls] ${this.app}/${this.stream}: audio codec is not AAC, HLS has no audio`);
      return;
    }
    if (data[1] === 0) {
      this.aac = parseAacConfig(data.subarray(2));
      return;
    }
    if (!this.aac || data.length <= 2) return;
    const ms = tag.timestamp;
    if (this.firstAudioMs === null) this.firstAudioMs = ms;
    let current = this.current;
    if (!current) {
      const videoExpected = this.avc !== null || this.live?.hasVideo === true;
      if (videoExpected && ms - this.firstAudioMs < AUDIO_ONLY_AFTER_MS) return;
      this.open(ms, false);
      current = this.current!;
    } else if (!current.video && (ms - current.startMs >= this.targetMs || ms < current.startMs)) {
      this.close(ms);
      this.open(ms, false);
      current = this.current!;
    }
    const raw = data.subarray(2);
    const pts = (ms + TS_OFFSET_MS) * 90;
    const pcr = current.video ? undefined : pts - PCR_DELAY_90K;
    this.write(
      pesPackets(
        { pid: PID.audio, streamId: 0xc0, pts, pcr },
        Buffer.concat([adtsHeader(this.aac, raw.length), raw]),
        this.counters,
      ),
      ms,
    );
  }

  private open(ms: number, video: boolean) {
    const streams: PmtStream[] = [];
    if (video) streams.push({ streamType: StreamType.h264, pid: PID.video });
    if (this.aac || this.live?.hasAudio) streams.push({ streamType: StreamType.aac, pid: PID.audio });
    const pcrPid = video ? PID.video : PID.audio;
    const header = [patPacket(this.counters.next(PID.pat)), pmtPacket(this.counters.next(PID.pmt), pcrPid, streams)];
    this.current = {
      parts: header,
      bytes: header.length * 188,
      startMs: ms,
      lastMs: ms,
      video,
      discontinuity: this.pendingDiscontinuity,
    };
    this.pendingDiscontinuity = false;
  }

  private write(packets: Buffer[], ms: number) {
    const current = this.current!;
    for (const packet of packets) current.parts.push(packet);
    current.bytes += packets.length * 188;
    if (ms > current.lastMs) current.lastMs = ms;
  }

  private close(endMs: number) {
    const current = this.current;
    if (!current) return;
    this.current = null;
    const durationMs = Math.max(1, endMs - current.startMs);
    const duration = durationMs / 1000;
    if (current.discontinuity) this.discontinuities++;
    const sequence = this.nextSequence++;
    this.segments.push({
      sequence,
      name: `${this.playlistId}-${sequence}.ts`,
      duration,
      data: Buffer.concat(current.parts, current.bytes),
      discontinuity: current.discontinuity,
      discontinuities: this.discontinuities,
    });
    // The first segment shows the GOP the encoder keeps; the playlist's target holds from then on.
    this.playlistTarget ??= Math.max(this.targetDuration, Math.round(duration));
    while (this.segments.length > this.keep) this.segments.shift();
  }

  /** The publisher stopped: the open segment becomes the last one. */
  flush() {
    const current = this.current;
    if (current) this.close(current.lastMs + this.frameMs);
    this.detach();
    this.live = null;
  }

  /** No publisher came back: #EXT-X-ENDLIST. */
  end() {
    if (this.grace) clearTimeout(this.grace);
    this.grace = null;
    if (this.live) return;
    this.ended = true;
  }

  playlist(listSize: number): Buffer | null {
    if (this.segments.length === 0) return null;
    const listed = this.segments.slice(-listSize);
    const first = listed[0];
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      `#EXT-X-TARGETDURATION:${this.playlistTarget ?? this.targetDuration}`,
      `#EXT-X-MEDIA-SEQUENCE:${first.sequence}`,
    ];
    const discontinuitySequence = first.discontinuities - (first.discontinuity ? 1 : 0);
    if (discontinuitySequence > 0) lines.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitySequence}`);
    for (const segment of listed) {
      if (segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
      lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, segment.name);
    }
    if (this.ended) lines.push('#EXT-X-ENDLIST');
    return Buffer.from(`${lines.join('\n')}\n`);
  }

  get isLive() {
    return this.live !== null;
  }
}

export function createHls(hub: StreamHub, options: HlsOptions = {}): Hls {
  const settings = {
    targetDuration: options.targetDuration ?? 2,
    listSize: options.listSize ?? 6,
    retainMs: options.retainMs ?? 60_000,
    reconnectGraceMs: options.reconnectGraceMs ?? 0,
  };
  const log = options.log ?? (() => {});
  const streams = new Map<string, HlsStream>();

  const attach = (live: LiveStream) => {
    const key = streamKey(live.app, live.stream);
    let hls = streams.get(key);
    if (!hls) {
      hls = new HlsStream(live.app, live.stream, settings, log);
      streams.set(key, hls);
    }
    hls.attach(live);
  };

  const offPublish = hub.onPublish(attach);
  const end = (key: string, hls: HlsStream) => {
    if (hls.isLive) return;
    hls.end();
    if (hls.expiry) clearTimeout(hls.expiry);
    hls.expiry = setTimeout(() => {
      if (streams.get(key) === hls && !hls.isLive) streams.delete(key);
    }, settings.retainMs);
    hls.expiry.unref();
  };
  const offUnpublish = hub.onUnpublish((live) => {
    const key = streamKey(live.app, live.stream);
    const hls = streams.get(key);
    if (!hls) return;
    hls.flush();
    if (settings.reconnectGraceMs <= 0) return end(key, hls);
    if (hls.grace) clearTimeout(hls.grace);
    hls.grace = setTimeout(() => end(key, hls), settings.reconnectGraceMs);
    hls.grace.unref();
  });
  for (const info of hub.list()) {
    const live = hub.get(info.app, info.stream);
    if (live) attach(live);
  }

  return {
    hlsPlaylist(app, stream) {
      return streams.get(streamKey(app, stream))?.playlist(settings.listSize) ?? null;
    },
    hlsSegment(app, stream, name) {
      if (!SEGMENT_NAME.test(name)) return null;
      const hls = streams.get(streamKey(app, stream));
      return hls?.segments.find((segment) => segment.name === name)?.data ?? null;
    },
    segments(app, stream) {
      const hls = streams.get(streamKey(app, stream));
      return (hls?.segments ?? []).map((s) => ({
        sequence: s.sequence,
        name: s.name,
        duration: s.duration,
        bytes: s.data.length,
        discontinuity: s.discontinuity,
      }));
    },
    endPlaylist(app, stream) {
      const key = streamKey(app, stream);
      const hls = streams.get(key);
      if (hls) end(key, hls);
    },
    close() {
      offPublish();
      offUnpublish();
      for (const hls of streams.values()) {
        hls.detach();
        if (hls.expiry) clearTimeout(hls.expiry);
        if (hls.grace) clearTimeout(hls.grace);
      }
      streams.clear();
    },
  };
}
