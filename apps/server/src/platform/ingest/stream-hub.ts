/**
 * The stream hub: one entry per live stream (app/stream) with what a new viewer needs to start at once — the
 * metadata, the video and audio sequence headers and the tags since the last keyframe (the GOP cache) — and the
 * fan-out of live tags to the viewers (HTTP-FLV, HLS, RTMP play).
 */
import { type AmfObject, decodeAmf0Values, ecmaArray, encodeAmf0Values } from './amf0.ts';
import { isAacSequenceHeader, isVideoKeyframe, isVideoSequenceHeader, TagType, type TagTypeId } from './flv.ts';

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
  hasVideo: boolean;
  hasAudio: boolean;
  metadata: AmfObject | null;
}

export interface HubOptions {
  /** Upper bounds of the GOP cache; past them it is emptied until the next keyframe. */
  gopMaxTags?: number;
  gopMaxBytes?: number;
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
  ended = false;
  private gopBytes = 0;
  private sawVideo = false;
  private listeners = new Set<StreamListener>();
  private internalListeners = new Set<StreamListener>();
  private readonly gopMaxTags: number;
  private readonly gopMaxBytes: number;

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

  /** Who is watching: the listeners that are not the server's own. */
  get viewers() {
    return this.listeners.size - this.internalListeners.size;
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
  private publishListeners = new Set<HubListener>();
  private unpublishListeners = new Set<HubListener>();
  private readonly options: HubOptions;

  constructor(options: HubOptions = {}) {
    this.options = options;
  }

  get(app: string, stream: string): LiveStream | null {
    return this.streams.get(streamKey(app, stream)) ?? null;
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
    live.finish();
    for (const fn of this.unpublishListeners) {
      try {
        fn(live);
      } catch {
        // listeners are isolated
      }
    }
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
