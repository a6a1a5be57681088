import type { IncomingMessage, ServerResponse } from 'node:http';
import { HLS_VIEWER_PARAM } from '@yanbo/contracts/watch';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { HLS_SEGMENT_CACHE_CONTROL, hlsPlaylistCacheControl } from '../../platform/ingest/hls.ts';
import { createIngest, type Ingest, type MediaProcess, targetDurationOf } from '../../platform/ingest/index.ts';
import { viewerFromCookie } from '../watch/index.ts';
import { authorizePublish, type PublishDeps, setPushing } from './publish-auth.ts';
import { sourceStreamOf, syncStreamTranscode, transcodePublishAllowed, transcodeReadAllowed } from './transcode.ts';

/**
 * The embedded media server wired to activities: a push is accepted only with its activity's key, and isPushing
 * follows the publish. Changes of one stream are applied in order, so a reconnecting encoder's end-then-start never
 * lands as start-then-end. The live transcode's <stream>_sd publishes with its internal credential and is not a push
 * of the activity; the activity's push starting or ending starts or stops its transcode. ctx.ingest is this ingest
 * (set once it is built, before anything can publish).
 */
export function createEmbeddedIngest(
  ctx: PublishDeps & Pick<AppContext, 'config' | 'ingest' | 'relays' | 'process'>,
  log: (line: string) => void,
): Ingest {
  const queues = new Map<string, Promise<unknown>>();
  const inOrder = async (app: string, stream: string, change: () => Promise<unknown>): Promise<void> => {
    const key = `${app}/${stream}`;
    const next = (queues.get(key) ?? Promise.resolve()).then(change).catch((error) => log(`ingest: ${error}`));
    queues.set(key, next);
    void next.finally(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
    await next;
  };
  const pushChanged = (app: string, stream: string, isPushing: boolean) => {
    if (sourceStreamOf(stream) !== null) return;
    return inOrder(app, stream, async () => {
      await setPushing(ctx, app, stream, isPushing, log);
      await syncStreamTranscode(ctx, app, stream);
    });
  };
  return createIngest({
    rtmpPort: ctx.config.rtmpPort,
    host: ctx.config.rtmpHost,
    reconnectGraceMs: ctx.config.ingestReconnectGraceMs,
    log,
    authorizePublish: async (app, stream, query) =>
      sourceStreamOf(stream) !== null
        ? transcodePublishAllowed(ctx.secretKey, app, stream, query.key ?? '')
        : (await authorizePublish(ctx, app, stream, query.key ?? '')) !== null,
    isInternalPlay: (app, stream, query) => transcodeReadAllowed(ctx.secretKey, app, stream, query.key ?? ''),
    onPublishStart: (app, stream) => pushChanged(app, stream, true),
    onPublishEnd: (app, stream) => pushChanged(app, stream, false),
  });
}

/**
 * An HTTP-FLV viewer started playing app/stream (for online counts and usage); `left` settles, with the bytes the
 * viewer was sent, when it goes away.
 */
export type FlvViewerListener = (
  app: string,
  stream: string,
  left: Promise<number>,
  query: Record<string, string | undefined>,
) => void;

/** The bytes written to a response's socket from now until it closes (read before a keep-alive socket is reused). */
function bytesSentUntilClosed(res: ServerResponse): Promise<number> {
  const start = res.socket?.bytesWritten ?? 0;
  let sent: number | null = null;
  res.once('finish', () => {
    sent = (res.socket?.bytesWritten ?? start) - start;
  });
  return new Promise((resolve) => {
    const closed = () => resolve(sent ?? (res.socket?.bytesWritten ?? start) - start);
    if (res.destroyed || res.writableFinished) closed();
    else res.once('close', closed);
  });
}

const FLV_PATH = /^\/live\/([^/]+)\/([^/]+)\.flv$/;

/**
 * In front of Fastify when a media worker serves HTTP-FLV: a GET of a live stream's .flv address is handed to the
 * worker, socket and all, before anything else reads it, and its viewer is told to onFlvViewer; true when it was.
 * Anything else, or a viewer the worker cannot take now, goes on to Fastify's routes (the route below serves it).
 */
export function flvHandoff(ingest: Ingest, media: MediaProcess, onFlvViewer?: FlvViewerListener) {
  return (req: IncomingMessage): boolean => {
    if (req.method !== 'GET' || !req.url?.startsWith('/live/')) return false;
    let app: string;
    let stream: string;
    let url: URL;
    try {
      url = new URL(req.url, 'http://media');
      const match = FLV_PATH.exec(url.pathname);
      if (!match) return false;
      app = decodeURIComponent(match[1] as string);
      stream = decodeURIComponent(match[2] as string);
    } catch {
      return false;
    }
    if (!ingest.isLive(app, stream)) return false;
    const left = media.handoff(req);
    if (!left) return false;
    onFlvViewer?.(app, sourceStreamOf(stream) ?? stream, left, Object.fromEntries(url.searchParams));
    return true;
  };
}

/**
 * An HLS player fetched the playlist of app/stream: viewer is the page's viewer id (the playlist URL's query), else the
 * signed viewer cookie's id, else its address and user agent.
 */
export type HlsViewerListener = (
  app: string,
  stream: string,
  viewer: string,
  targetSeconds: number,
  query: Record<string, string | undefined>,
) => void;

/** An HLS segment of app/stream was sent: its bytes are playback the agent's flux pays for (issue 13 flux). */
export type HlsBytesListener = (app: string, stream: string, bytes: number) => void;

/**
 * Playback: the seed's pullSource (HTTP-FLV) and HLS, at the addresses activity-stream.ts builds. A viewer of the 标清
 * rendition is a viewer of its activity's stream.
 */
export function registerPlaybackRoutes(
  app: FastifyInstance,
  ingest: Ingest,
  secretKey: string,
  onFlvViewer?: FlvViewerListener,
  onHlsViewer?: HlsViewerListener,
  onHlsBytes?: HlsBytesListener,
) {
  const options = { schema: { hide: true } };
  app.get('/live/:app/:stream.flv', options, (request, reply) => {
    const params = request.params as { app: string; stream: string };
    if (!ingest.isLive(params.app, params.stream)) {
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Stream is not live' });
    }
    reply.hijack();
    reply.raw.setHeader('access-control-allow-origin', '*');
    // Told before the first byte, so the bytes a viewer is sent count from the start; a stream that ended in between
    // closes the response, which the listener hears.
    onFlvViewer?.(
      params.app,
      sourceStreamOf(params.stream) ?? params.stream,
      bytesSentUntilClosed(reply.raw),
      request.query as Record<string, string | undefined>,
    );
    ingest.serveFlv(params.app, params.stream, reply.raw);
  });
  app.get('/live/:app/:stream/index.m3u8', options, (request, reply) => {
    const params = request.params as { app: string; stream: string };
    const playlist = ingest.hlsPlaylist(params.app, params.stream);
    if (!playlist)
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Stream is not live' });
    const query = request.query as Record<string, string | undefined>;
    const viewer =
      query[HLS_VIEWER_PARAM] ||
      viewerFromCookie(secretKey, request.headers.cookie) ||
      `${request.ip} ${request.headers['user-agent'] ?? ''}`;
    onHlsViewer?.(params.app, params.stream, viewer.slice(0, 200), targetDurationOf(playlist), query);
    return reply
      .header('content-type', 'application/vnd.apple.mpegurl')
      .header('cache-control', hlsPlaylistCacheControl(playlist))
      .header('access-control-allow-origin', '*')
      .send(playlist);
  });
  app.get('/live/:app/:stream/:segment', options, (request, reply) => {
    const params = request.params as { app: string; stream: string; segment: string };
    const segment = ingest.hlsSegment(params.app, params.stream, params.segment);
    if (!segment) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such segment' });
    onHlsBytes?.(params.app, sourceStreamOf(params.stream) ?? params.stream, segment.length);
    return reply
      .header('content-type', 'video/mp2t')
      .header('cache-control', HLS_SEGMENT_CACHE_CONTROL)
      .header('access-control-allow-origin', '*')
      .send(segment);
  });
}
