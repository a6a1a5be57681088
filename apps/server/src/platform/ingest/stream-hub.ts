/**
 * The stream hub: one entry per live stream (app/stream) with what a new viewer needs to start at once — the
 * metadata, the video and audio sequence headers and the tags since the last keyframe (the GOP cache) — and the
 * fan-out of live tags to the viewers (HTTP-FLV, HLS, RTMP play).
 *
 * HTTP-FLV viewers hang off an FlvChannel, which outlives one publish: each tag is built into FLV bytes once and
 * the same Buffer is written to every viewer (issue 8: a copy per viewer cost 2.4–3.5× nginx-rtmp's CPU), on one
 * clock that keeps running when an encoder drops and reconnects within the grace period, so viewers stay connected.
 */
import { type AmfObject, decodeAmf0Values, ecmaArray, encodeAmf0Values } from './amf0.ts';
import { flvTag, isAacSequenceHeader, isVideoKeyframe, isVideoSequenceHeader, TagType, type TagTypeId } from './flv.ts';

export interface MediaTag {
  type: TagTypeId;
  /** Milliseconds, as the publisher sent them. */
  timestamp: number;
  /** The FLV tag body (the RTMP message payload). */
  data: Buffer;
}

export interface StreamListener {
  /** A live tag: media, a new sequence header or new metadata. */
  tag(tag: MediaTag): void;
  /** The publisher went away; no more tags. */
  end(): void;
}

export interface StreamSnapshot {
  /** Script data body: "onMetaData" and its ECMA array. */
  metadata: Buffer | null;
  videoConfig: MediaTag | null;
  audioConfig: MediaTag | null;
  /** Tags since the last video keyframe (or recent audio for an audio-only stream), oldest first. */
  gop: MediaTag[];
}

export interface LiveStreamInfo {
  app: string;
  stream: string;
  publisherId: number;
  startedAt: Date;
  viewers: number;
  bytesIn: number;
  /** Video frames received (sequence headers aside). */
  videoFrames: number;
  /** Frames the encoder skipped: gaps in the video timestamps against the frame rate its metadata declares. */
  droppedFrames: number;
  hasVideo: boolean;
  hasAudio: boolean;
  metadata: AmfObject | null;
}

export interface HubOptions {
  /** Upper bounds of the GOP cache; past them it is emptied until the next keyframe. */
  gopMaxTags?: number;
  gopMaxBytes?: number;
  /**
   * How long HTTP-FLV viewers wait, connected, for the publisher of their stream to come back after it dropped
   * (default 0: they are ended with the publish).
   */
  reconnectGraceMs?: number;
  /**
   * HTTP-FLV frames arriving within this long go out to each viewer in one write (default 0: those arriving
   * together). A write per frame per viewer is what costs; SRS merges 350 ms the same way.
   */
  flvMergeMs?: number;
}

/** Audio-only streams have no keyframes: keep about this many recent audio tags instead. */
const AUDIO_ONLY_CACHE = 50;

export function streamKey(app: string, stream: string) {
  return `${app}/${stream}`;
}

export class LiveStream {
  readonly app: string;
  readonly stream: string;
  readonly publisherId: number;
  readonly startedAt = new Date();
  metadata: Buffer | null = null;
  metadataObject: AmfObject | null = null;
  videoConfig: MediaTag | null = null;
  audioConfig: MediaTag | null = null;
  gop: MediaTag[] = [];
  bytesIn = 0;
  videoFrames = 0;
  droppedFrames = 0;
  private lastVideoTimestamp = -1;
  ended = false;
  private gopBytes = 0;
  private sawVideo = false;
  private listeners = new Set<StreamListener>();
  private internalListeners = new Set<StreamListener>();
  private readonly gopMaxTags: number;
  private readonly gopMaxBytes: number;
  /** The HTTP-FLV viewers' channel while it carries this publish. */
  channel: FlvChannel | null = null;

  constructor(app: string, stream: string, publisherId: number, options: HubOptions) {
    this.app = app;
    this.stream = stream;
    this.publisherId = publisherId;
    this.gopMaxTags = options.gopMaxTags ?? 4000;
    this.gopMaxBytes = options.gopMaxBytes ?? 24 * 1024 * 1024;
  }

  get hasVideo() {
    return this.videoConfig !== null || this.sawVideo || this.metadataObject?.videocodecid !== undefined;
  }

  get hasAudio() {
    return this.audioConfig !== null || this.metadataObject?.audiocodecid !== undefined;
  }

  /**
   * Script data from the publisher. `@setDataFrame` ("onMetaData", {...}) is stored as FLV metadata; other script
   * data is forwarded as is.
   */
  pushScript(timestamp: number, data: Buffer) {
    if (this.ended) return;
    let values: unknown[];
    try {
      values = decodeAmf0Values(data);
    } catch {
      return;
    }
    if (values[0] === '@setDataFrame') values = values.slice(1);
    if (values[0] === 'onMetaData') {
      const raw = values[1];
      const object: AmfObject = raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as AmfObject) } : {};
      this.metadataObject = object;
      this.metadata = encodeAmf0Values(['onMetaData', ecmaArray(object)]);
      this.emit({ type: TagType.script, timestamp, data: this.metadata });
      return;
    }
    this.emit({ type: TagType.script, timestamp, data: encodeAmf0Values(values as never[]) });
  }

  /** Audio or video tag body from the publisher. */
  pushMedia(type: 8 | 9, timestamp: number, data: Buffer) {
    if (this.ended || data.length === 0) return;
    this.bytesIn += data.length;
    const tag: MediaTag = { type, timestamp, data };
    if (type === TagType.video) {
      this.sawVideo = true;
      if (isVideoSequenceHeader(data)) {
        this.videoConfig = tag;
        this.emit(tag);
        return;
      }
      this.countVideoFrame(timestamp);
      if (isVideoKeyframe(data)) {
        this.resetGop();
        this.cache(tag);
      } else if (this.gop.length > 0 && this.gop[0].type === TagType.video) {
        this.cache(tag);
      }
    } else {
      if (isAacSequenceHeader(data)) {
        this.audioConfig = tag;
        this.emit(tag);
        return;
      }
      if (!this.hasVideo) {
        this.cache(tag);
        while (this.gop.length > AUDIO_ONLY_CACHE) this.gopBytes -= this.gop.shift()!.data.length;
      } else if (this.gop.length > 0) {
        this.cache(tag);
      }
    }
    this.emit(tag);
  }

  /** Counts a frame, and the frames skipped before it when the gap since the last is past 1.5 declared frames. */
  private countVideoFrame(timestamp: number) {
    this.videoFrames += 1;
    const rate = Number(this.metadataObject?.framerate ?? this.metadataObject?.videoframerate);
    const gap = timestamp - this.lastVideoTimestamp;
    // A gap of more than 10 s is a new timeline (a reconnect), not dropped frames.
    if (this.lastVideoTimestamp >= 0 && rate > 0 && rate <= 240 && gap < 10_000) {
      const frameMs = 1000 / rate;
      if (gap > frameMs * 1.5) this.droppedFrames += Math.round(gap / frameMs) - 1;
    }
    this.lastVideoTimestamp = timestamp;
  }

  private resetGop() {
    this.gop = [];
    this.gopBytes = 0;
  }

  private cache(tag: MediaTag) {
    this.gop.push(tag);
    this.gopBytes += tag.data.length;
    if (this.gop.length > this.gopMaxTags || this.gopBytes > this.gopMaxBytes) this.resetGop();
  }

  snapshot(): StreamSnapshot {
    return {
      metadata: this.metadata,
      videoConfig: this.videoConfig,
      audioConfig: this.audioConfig,
      gop: [...this.gop],
    };
  }

  /**
   * Adds a viewer; returns the function that removes it. A stream that already ended calls end() at once. An
   * internal listener (the HLS segmenter, a transcode reading the push) gets the tags but is nobody watching.
   */
  subscribe(listener: StreamListener, options: { internal?: boolean } = {}): () => void {
    if (this.ended) {
      listener.end();
      return () => {};
    }
    this.listeners.add(listener);
    if (options.internal) this.internalListeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.internalListeners.delete(listener);
    };
  }

  /** Who is watching: the listeners that are not the server's own, and the HTTP-FLV viewers. */
  get viewers() {
    return this.listeners.size - this.internalListeners.size + (this.channel?.viewers ?? 0);
  }

  private emit(tag: MediaTag) {
    for (const listener of this.listeners) {
      try {
        listener.tag(tag);
      } catch {
        this.listeners.delete(listener);
        this.internalListeners.delete(listener);
      }
    }
  }

  /** Called by the hub on unpublish. */
  finish() {
    if (this.ended) return;
    this.ended = true;
    const listeners = [...this.listeners];
    this.listeners.clear();
    this.internalListeners.clear();
    this.resetGop();
    for (const listener of listeners) {
      try {
        listener.end();
      } catch {
        // a viewer's failure never affects the others
      }
    }
  }

  info(): LiveStreamInfo {
    return {
      app: this.app,
      stream: this.stream,
      publisherId: this.publisherId,
      startedAt: this.startedAt,
      viewers: this.viewers,
      bytesIn: this.bytesIn,
      videoFrames: this.videoFrames,
      droppedFrames: this.droppedFrames,
      hasVideo: this.hasVideo,
      hasAudio: this.hasAudio,
      metadata: this.metadataObject,
    };
  }
}

type HubListener = (live: LiveStream) => void;

/** All live streams of this process. */
export class StreamHub {
  private streams = new Map<string, LiveStream>();
  private channels = new Map<string, FlvChannel>();
  private publishListeners = new Set<HubListener>();
  private unpublishListeners = new Set<HubListener>();
  private endViewersListeners = new Set<(app: string, stream: string) => void>();
  readonly options: HubOptions;

  constructor(options: HubOptions = {}) {
    this.options = options;
  }

  get(app: string, stream: string): LiveStream | null {
    return this.streams.get(streamKey(app, stream)) ?? null;
  }

  /** The HTTP-FLV channel of app/stream while it is live; null otherwise. */
  channel(app: string, stream: string): FlvChannel | null {
    const live = this.get(app, stream);
    return live && !live.ended ? live.channel : null;
  }

  isLive(app: string, stream: string) {
    return this.streams.has(streamKey(app, stream));
  }

  /** Starts a live stream; null when one is already live under that name. */
  publish(app: string, stream: string, publisherId: number): LiveStream | null {
    const key = streamKey(app, stream);
    if (this.streams.has(key)) return null;
    const live = new LiveStream(app, stream, publisherId, this.options);
    this.streams.set(key, live);
    let channel = this.channels.get(key);
    if (!channel) {
      channel = new FlvChannel(this.options);
      this.channels.set(key, channel);
    }
    channel.attach(live);
    for (const fn of this.publishListeners) {
      try {
        fn(live);
      } catch {
        // listeners are isolated
      }
    }
    return live;
  }

  /** Ends this live stream (only if it is still the current one under its name). */
  unpublish(live: LiveStream) {
    const key = streamKey(live.app, live.stream);
    if (this.streams.get(key) === live) this.streams.delete(key);
    if (live.ended) return;
    const channel = live.channel;
    channel?.detach(live);
    live.finish();
    if (channel) this.holdViewers(key, channel, this.options.reconnectGraceMs ?? 0);
    for (const fn of this.unpublishListeners) {
      try {
        fn(live);
      } catch {
        // listeners are isolated
      }
    }
  }

  /**
   * The publisher of app/stream is gone: its HTTP-FLV viewers stay connected for `graceMs` (a new publish of the
   * same name resumes them), then end.
   */
  private holdViewers(key: string, channel: FlvChannel, graceMs: number) {
    if (channel.live) return;
    const end = () => {
      if (channel.live) return;
      if (this.channels.get(key) === channel) this.channels.delete(key);
      channel.end();
    };
    if (graceMs <= 0 || channel.viewers === 0) return end();
    channel.holdFor(graceMs, end);
  }

  /**
   * The publish of app/stream ended on purpose (the encoder unpublished): its viewers, waiting for a reconnect, end
   * now. Nothing happens when a new publish has already resumed them.
   */
  endViewers(app: string, stream: string) {
    const key = streamKey(app, stream);
    const channel = this.channels.get(key);
    if (channel) this.holdViewers(key, channel, 0);
    for (const fn of this.endViewersListeners) fn(app, stream);
  }

  /** Hears endViewers: a media worker mirroring this hub ends its viewers of app/stream too. */
  onEndViewers(fn: (app: string, stream: string) => void): () => void {
    this.endViewersListeners.add(fn);
    return () => this.endViewersListeners.delete(fn);
  }

  onPublish(fn: HubListener): () => void {
    this.publishListeners.add(fn);
    return () => this.publishListeners.delete(fn);
  }

  onUnpublish(fn: HubListener): () => void {
    this.unpublishListeners.add(fn);
    return () => this.unpublishListeners.delete(fn);
  }

  list(): LiveStreamInfo[] {
    return [...this.streams.values()].map((live) => live.info());
  }
}

/** One tag built as FLV bytes once, written as is to every HTTP-FLV viewer. */
export interface FlvFrame {
  type: TagTypeId;
  /** On the channel's clock, which continues across a publisher's reconnect. */
  timestamp: number;
  /** The tag header, body and PreviousTagSize. */
  bytes: Buffer;
  /** Metadata or a sequence header: every viewer needs it, whatever it dropped. */
  config: boolean;
  /** A decoder can start here: a video keyframe, or any audio tag of a stream without video. */
  resumable: boolean;
}

/** An HTTP-FLV viewer as its channel sees it. */
export interface FlvViewer {
  /** Frames that came together, oldest first, and all their bytes in one Buffer (shared by every viewer). */
  frames(frames: FlvFrame[], bytes: Buffer): void;
  /** A new publish took over: its frames follow, from its first keyframe on. */
  resume(): void;
  end(): void;
}

/** Keeps the cache of a stream without video at its last AUDIO_ONLY_CACHE tags; answers the bytes it let go. */
function trimAudioOnly(gop: FlvFrame[]) {
  let bytes = 0;
  while (gop.length > AUDIO_ONLY_CACHE) bytes += gop.shift()!.bytes.length;
  return bytes;
}

/**
 * The HTTP-FLV viewers of one app/stream and what a new one needs first (metadata, sequence headers, the GOP since
 * the last keyframe), all as shared FLV bytes. It carries one publish at a time; between two it holds its viewers.
 */
export class FlvChannel {
  live: LiveStream | null = null;
  metadata: FlvFrame | null = null;
  videoConfig: FlvFrame | null = null;
  audioConfig: FlvFrame | null = null;
  gop: FlvFrame[] = [];
  private gopBytes = 0;
  private readonly viewerSet = new Set<FlvViewer>();
  private unsubscribe: () => void = () => {};
  /** Added to the publisher's timestamps; set at the first tag of each publish. */
  private offset: number | null = null;
  private lastTimestamp = -1;
  private grace: NodeJS.Timeout | null = null;
  private ended = false;
  private readonly gopMaxTags: number;
  private readonly gopMaxBytes: number;
  /** Frames not yet written to the viewers: a publisher's tags arriving together go out in one write each. */
  private batch: FlvFrame[] = [];
  private flushScheduled = false;
  private readonly mergeMs: number;

  constructor(options: HubOptions) {
    this.gopMaxTags = options.gopMaxTags ?? 4000;
    this.gopMaxBytes = options.gopMaxBytes ?? 24 * 1024 * 1024;
    this.mergeMs = options.flvMergeMs ?? 0;
  }

  get viewers() {
    return this.viewerSet.size;
  }

  attach(live: LiveStream) {
    if (this.grace) clearTimeout(this.grace);
    this.grace = null;
    this.live = live;
    live.channel = this;
    this.offset = null;
    this.metadata = null;
    this.videoConfig = null;
    this.audioConfig = null;
    this.resetGop();
    this.unsubscribe = live.subscribe({ tag: (tag) => this.onTag(tag), end: () => {} }, { internal: true });
    for (const viewer of this.viewerSet) viewer.resume();
  }

  detach(live: LiveStream) {
    if (this.live !== live) return;
    this.flush();
    this.unsubscribe();
    this.live = null;
    live.channel = null;
    this.resetGop();
  }

  holdFor(ms: number, then: () => void) {
    if (this.grace) clearTimeout(this.grace);
    this.grace = setTimeout(then, ms);
    this.grace.unref();
  }

  /** Adds a viewer (false when the channel has ended); the viewer writes what it needs first itself. */
  add(viewer: FlvViewer): boolean {
    if (this.ended) return false;
    // The GOP it starts with already holds the pending frames: send those to the others first.
    this.flush();
    this.viewerSet.add(viewer);
    return true;
  }

  remove(viewer: FlvViewer) {
    this.viewerSet.delete(viewer);
  }

  /** Ends every viewer. */
  end() {
    if (this.ended) return;
    this.flush();
    this.ended = true;
    if (this.grace) clearTimeout(this.grace);
    this.grace = null;
    this.unsubscribe();
    this.resetGop();
    const viewers = [...this.viewerSet];
    this.viewerSet.clear();
    for (const viewer of viewers) {
      try {
        viewer.end();
      } catch {
        // a viewer's failure never affects the others
      }
    }
  }

  private onTag(tag: MediaTag) {
    const live = this.live;
    if (!live) return;
    // A resumed publish starts its clock again (usually at 0): shift it to continue just after the last tag sent.
    if (this.offset === null) this.offset = this.lastTimestamp < 0 ? 0 : this.lastTimestamp + 40 - tag.timestamp;
    const timestamp = Math.max(0, tag.timestamp + this.offset);
    if (timestamp > this.lastTimestamp) this.lastTimestamp = timestamp;
    const data = tag.data;
    const config =
      tag.type === TagType.script ||
      (tag.type === TagType.video ? isVideoSequenceHeader(data) : isAacSequenceHeader(data));
    const keyframe = tag.type === TagType.video && !config && isVideoKeyframe(data);
    // Metadata goes at 0 wherever it comes: players (ffmpeg's FLV reader) take a timed one for a data track.
    const at = tag.type === TagType.script && data === live.metadata ? 0 : timestamp;
    const frame: FlvFrame = {
      type: tag.type,
      timestamp: at,
      bytes: flvTag(tag.type, at, data),
      config,
      resumable: keyframe || (tag.type === TagType.audio && !config && !live.hasVideo),
    };
    if (config) {
      if (tag.type === TagType.script) {
        if (data === live.metadata) this.metadata = frame;
      } else if (tag.type === TagType.video) this.videoConfig = frame;
      else this.audioConfig = frame;
    } else if (tag.type === TagType.video) {
      if (keyframe) {
        this.resetGop();
        this.cache(frame);
      } else if (this.gop.length > 0 && this.gop[0].type === TagType.video) this.cache(frame);
    } else if (!live.hasVideo) {
      this.cache(frame);
      this.gopBytes -= trimAudioOnly(this.gop);
    } else if (this.gop.length > 0) this.cache(frame);
    this.batch.push(frame);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      if (this.mergeMs > 0) setTimeout(() => this.flush(), this.mergeMs).unref();
      else setImmediate(() => this.flush());
    }
  }

  /** Writes the pending frames to every viewer: one Buffer for all of them, built once. */
  private flush() {
    this.flushScheduled = false;
    const frames = this.batch;
    if (frames.length === 0) return;
    this.batch = [];
    const bytes = frames.length === 1 ? frames[0].bytes : Buffer.concat(frames.map((frame) => frame.bytes));
    for (const viewer of this.viewerSet) {
      try {
        viewer.frames(frames, bytes);
      } catch {
        this.viewerSet.delete(viewer);
      }
    }
  }

  private resetGop() {
    this.gop = [];
    this.gopBytes = 0;
  }

  private cache(frame: FlvFrame) {
    this.gop.push(frame);
    this.gopBytes += frame.bytes.length;
    if (this.gop.length > this.gopMaxTags || this.gopBytes > this.gopMaxBytes) this.resetGop();
  }
}

/**
 * Frame dropping for one viewer that cannot keep up: returns whether a tag is sent. Past `maxPending` queued bytes
 * media tags are dropped; sending resumes, once the queue is back under half of that, at a tag a decoder can start
 * from (a video keyframe; any audio tag of an audio-only stream). Metadata and sequence headers always go through.
 */
export function createViewerPacer(maxPending: number, pending: () => number, hasVideo: () => boolean) {
  const lowWater = maxPending / 2;
  let skipping = false;
  let dropped = 0;
  const pacer = (tag: MediaTag): boolean => {
    if (tag.type === TagType.script) return true;
    if (tag.type === TagType.video ? isVideoSequenceHeader(tag.data) : isAacSequenceHeader(tag.data)) return true;
    if (skipping) {
      const resumable = tag.type === TagType.video ? isVideoKeyframe(tag.data) : !hasVideo();
      if (!resumable || pending() > lowWater) {
        dropped++;
        return false;
      }
      skipping = false;
      return true;
    }
    if (pending() > maxPending) {
      skipping = true;
      dropped++;
      return false;
    }
    return true;
  };
  return Object.assign(pacer, {
    get dropped() {
      return dropped;
    },
  });
}
