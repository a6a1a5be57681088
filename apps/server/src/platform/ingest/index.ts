/**
 * The embedded media server: RTMP ingest (and pull), HTTP-FLV and HLS playback from one stream hub, in process.
 * A deployment with an external media server (nginx-rtmp, SRS, a CDN) uses only ./webhooks.ts instead.
 */
import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { createHls, type Hls, type HlsOptions, type HlsSegmentInfo } from './hls.ts';
import { type ServeFlvOptions, serveFlv } from './http-flv.ts';
import { createRtmpServer, type RtmpServer, type RtmpServerOptions, type RtmpSessionInfo } from './rtmp-server.ts';
import { type HubOptions, type LiveStreamInfo, StreamHub } from './stream-hub.ts';

export {
  type AmfObject,
  type AmfValue,
  decodeAmf0,
  decodeAmf0Values,
  ecmaArray,
  encodeAmf0,
  encodeAmf0Values,
} from './amf0.ts';
export { createHls, type Hls, type HlsOptions, type HlsSegmentInfo } from './hls.ts';
export { hlsOnline, SlidingViewers, targetDurationOf, touchHlsViewer } from './hls-viewers.ts';
export { type ServeFlvOptions, serveFlv } from './http-flv.ts';
export { type MediaProcess, startMediaProcess } from './media-process.ts';
export {
  createRtmpServer,
  type PublishEndReason,
  type PublishInfo,
  type RtmpServer,
  type RtmpServerOptions,
  type RtmpSessionInfo,
} from './rtmp-server.ts';
export { type LiveStream, type LiveStreamInfo, type MediaTag, StreamHub } from './stream-hub.ts';
export { type MediaServerEvent, mediaServerReply, parseMediaServerCallback } from './webhooks.ts';

export interface IngestOptions
  extends Pick<
    RtmpServerOptions,
    | 'authorizePublish'
    | 'isInternalPlay'
    | 'onPublishStart'
    | 'onPublishEnd'
    | 'log'
    | 'publishIdleTimeoutMs'
    | 'handshakeTimeoutMs'
    | 'maxConnections'
    | 'chunkSize'
  > {
  /** RTMP port; 0 picks a free one (default 1935). */
  rtmpPort?: number;
  /** RTMP listen address (default: all interfaces). */
  host?: string;
  /** HLS settings, or false to disable the segmenter. */
  hls?: Omit<HlsOptions, 'log'> | false;
  flv?: ServeFlvOptions;
  hub?: HubOptions;
  /**
   * How long HTTP-FLV viewers (and the HLS playlist) wait for a publisher that dropped to come back (default
   * 10 s). A push the encoder ends itself (unpublish) ends its viewers and playlist at once.
   */
  reconnectGraceMs?: number;
}

export interface Ingest {
  readonly hub: StreamHub;
  /** How HTTP-FLV viewers are paced (what a media worker serving them applies too). */
  readonly flvOptions: ServeFlvOptions;
  readonly rtmp: RtmpServer;
  /** Starts the RTMP server; resolves with its port. */
  listen(): Promise<number>;
  /** The port the RTMP server listens on; null before listen(). */
  rtmpPort(): number | null;
  close(): Promise<void>;
  isLive(app: string, stream: string): boolean;
  /** Writes the stream as HTTP-FLV (404 when not live); true when it is being served. */
  serveFlv(app: string, stream: string, res: ServerResponse | Writable): boolean;
  hlsPlaylist(app: string, stream: string): Buffer | null;
  hlsSegment(app: string, stream: string, name: string): Buffer | null;
  hlsSegments(app: string, stream: string): HlsSegmentInfo[];
  streams(): LiveStreamInfo[];
  sessions(): RtmpSessionInfo[];
  /** Cuts the push of app/stream; false when nothing is publishing it. */
  disconnectPublisher(app: string, stream: string): boolean;
}

export function createIngest(options: IngestOptions): Ingest {
  const reconnectGraceMs = options.reconnectGraceMs ?? 10_000;
  const hub = new StreamHub({ reconnectGraceMs, flvMergeMs: 40, ...options.hub });
  const hls: Hls | null =
    options.hls === false ? null : createHls(hub, { reconnectGraceMs, ...options.hls, log: options.log });
  const rtmp = createRtmpServer({
    port: options.rtmpPort ?? 1935,
    host: options.host,
    hub,
    authorizePublish: options.authorizePublish,
    isInternalPlay: options.isInternalPlay,
    onPublishStart: options.onPublishStart,
    onPublishEnd(app, stream, info) {
      // The hub learns why the publish ended only here: an encoder that unpublished is not coming back.
      if (info.reason === 'unpublish' || info.reason === 'shutdown') {
        hub.endViewers(app, stream);
        hls?.endPlaylist(app, stream);
      }
      return options.onPublishEnd?.(app, stream, info);
    },
    log: options.log,
    publishIdleTimeoutMs: options.publishIdleTimeoutMs,
    handshakeTimeoutMs: options.handshakeTimeoutMs,
    maxConnections: options.maxConnections,
    chunkSize: options.chunkSize,
    maxPlayerPendingBytes: options.flv?.maxPendingBytes,
  });

  let port: number | null = null;
  return {
    hub,
    flvOptions: options.flv ?? {},
    rtmp,
    async listen() {
      port = await rtmp.listen();
      return port;
    },
    rtmpPort: () => port,
    async close() {
      await rtmp.close();
      hls?.close();
    },
    isLive: (app, stream) => hub.isLive(app, stream),
    serveFlv: (app, stream, res) => serveFlv(hub, app, stream, res, options.flv),
    hlsPlaylist: (app, stream) => hls?.hlsPlaylist(app, stream) ?? null,
    hlsSegment: (app, stream, name) => hls?.hlsSegment(app, stream, name) ?? null,
    hlsSegments: (app, stream) => hls?.segments(app, stream) ?? [],
    streams: () => hub.list(),
    sessions: () => rtmp.sessions(),
    disconnectPublisher: (app, stream) => rtmp.disconnectPublisher(app, stream),
  };
}
