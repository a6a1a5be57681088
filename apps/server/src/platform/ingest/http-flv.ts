/**
 * HTTP-FLV playback: an endless FLV file per viewer — header, metadata, sequence headers, the GOP cache, then the
 * live tags. A viewer that cannot keep up loses frames (never buffered without bound) and resumes at a keyframe.
 */
import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { flvHeader, flvTag, isAacSequenceHeader, isVideoSequenceHeader, TagType } from './flv.ts';
import { createViewerPacer, type MediaTag, type StreamHub } from './stream-hub.ts';

export interface ServeFlvOptions {
  /** Bytes queued for the viewer beyond which frames are dropped (default 2 MiB). */
  maxPendingBytes?: number;
}

type Sink = Writable | ServerResponse;

function isResponse(res: Sink): res is ServerResponse {
  return typeof (res as ServerResponse).writeHead === 'function';
}

/**
 * Streams app/stream to `res` as HTTP-FLV. Answers 404 (or just ends a plain Writable) and returns false when the
 * stream is not live; otherwise returns true and keeps writing until the publisher stops or the viewer goes away.
 */
export function serveFlv(hub: StreamHub, app: string, stream: string, res: Sink, options: ServeFlvOptions = {}) {
  const live = hub.get(app, stream);
  if (!live || live.ended) {
    if (isResponse(res)) {
      if (!res.headersSent) res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Stream Not Found');
    } else {
      res.end();
    }
    return false;
  }
  const maxPending = options.maxPendingBytes ?? 2 * 1024 * 1024;

  if (isResponse(res)) {
    res.writeHead(200, {
      'content-type': 'video/x-flv',
      'cache-control': 'no-cache, no-store',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    });
    res.socket?.setNoDelay(true);
  }

  const snapshot = live.snapshot();
  const hasVideo = live.hasVideo || snapshot.videoConfig !== null;
  const hasAudio = live.hasAudio || snapshot.audioConfig !== null;
  // When nothing tells what the stream carries yet (the viewer came right at the start), announce both.
  const unknown = !hasVideo && !hasAudio;

  let base: number | null = null;
  let done = false;
  const pacer = createViewerPacer(
    maxPending,
    () => res.writableLength,
    () => live.hasVideo,
  );

  const rebase = (timestamp: number) => {
    if (base === null) base = timestamp;
    const ts = timestamp - base;
    return ts < 0 ? 0 : ts;
  };

  const initial: Buffer[] = [flvHeader(unknown || hasAudio, unknown || hasVideo)];
  if (snapshot.metadata) initial.push(flvTag(TagType.script, 0, snapshot.metadata));
  if (snapshot.videoConfig) initial.push(flvTag(TagType.video, 0, snapshot.videoConfig.data));
  if (snapshot.audioConfig) initial.push(flvTag(TagType.audio, 0, snapshot.audioConfig.data));
  for (const tag of snapshot.gop) initial.push(flvTag(tag.type, rebase(tag.timestamp), tag.data));

  let unsubscribe = () => {};
  const finish = () => {
    if (done) return;
    done = true;
    unsubscribe();
    if (!res.writableEnded && !res.destroyed) res.end();
  };

  const onTag = (tag: MediaTag) => {
    if (done) return;
    if (res.destroyed || res.writableEnded) return finish();
    if (!pacer(tag)) return;
    const config =
      tag.type === TagType.script ||
      (tag.type === TagType.video ? isVideoSequenceHeader(tag.data) : isAacSequenceHeader(tag.data));
    const ts = config && base === null ? 0 : rebase(tag.timestamp);
    res.write(flvTag(tag.type, ts, tag.data));
  };

  unsubscribe = live.subscribe({ tag: onTag, end: finish });
  res.on('close', finish);
  res.on('error', finish);
  res.write(Buffer.concat(initial));
  return true;
}
