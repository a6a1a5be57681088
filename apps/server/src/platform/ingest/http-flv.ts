/**
 * HTTP-FLV playback: an endless FLV file per viewer — header, metadata, sequence headers, the GOP cache, then the
 * live tags — written from the channel's shared FLV bytes (never a copy per viewer). A viewer that cannot keep up
 * loses frames and resumes at a keyframe; one that stays stuck, or whose queue passes a hard limit, is disconnected
 * so the memory it held is given back (issue 8: 50 stalled readers once kept 115 MB for good).
 */
import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { flvHeader } from './flv.ts';
import type { FlvFrame, FlvViewer, StreamHub } from './stream-hub.ts';

export interface ServeFlvOptions {
  /** Bytes queued for the viewer beyond which frames are dropped until the next keyframe (default 2 MiB). */
  maxPendingBytes?: number;
  /** A viewer whose queue stays past maxPendingBytes this long is disconnected (default 10 s). */
  stallTimeoutMs?: number;
  /** A viewer whose queue passes this is disconnected at once (default 4 × maxPendingBytes). */
  hardLimitBytes?: number;
}

type Sink = Writable | ServerResponse;

function isResponse(res: Sink): res is ServerResponse {
  return typeof (res as ServerResponse).writeHead === 'function';
}

/**
 * Streams app/stream to `res` as HTTP-FLV. Answers 404 (or just ends a plain Writable) and returns false when the
 * stream is not live; otherwise returns true and keeps writing until the stream ends (the publisher stopped, or
 * did not come back within the hub's grace period) or the viewer goes away.
 */
export function serveFlv(hub: StreamHub, app: string, stream: string, res: Sink, options: ServeFlvOptions = {}) {
  const channel = hub.channel(app, stream);
  const live = channel?.live;
  if (!channel || !live) {
    if (isResponse(res)) {
      if (!res.headersSent) res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Stream Not Found');
    } else {
      res.end();
    }
    return false;
  }
  const maxPending = options.maxPendingBytes ?? 2 * 1024 * 1024;
  const lowWater = maxPending / 2;
  const hardLimit = options.hardLimitBytes ?? maxPending * 4;
  const stallTimeoutMs = options.stallTimeoutMs ?? 10_000;

  // A response is written on its socket directly, without chunked encoding (the connection closes with the stream):
  // one write per batch of frames per viewer, as cheap as it gets.
  let out: Writable = res;
  if (isResponse(res)) {
    res.useChunkedEncodingByDefault = false;
    res.writeHead(200, {
      'content-type': 'video/x-flv',
      'cache-control': 'no-cache, no-store',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      connection: 'close',
    });
    res.flushHeaders();
    if (res.socket) {
      res.socket.setNoDelay(true);
      out = res.socket;
    }
  }

  const hasVideo = live.hasVideo || channel.videoConfig !== null;
  const hasAudio = live.hasAudio || channel.audioConfig !== null;
  // When nothing tells what the stream carries yet (the viewer came right at the start), announce both.
  const unknown = !hasVideo && !hasAudio;

  let done = false;
  // Dropping until a frame a decoder can start from, once the queue is back under the low-water mark.
  let skipping = false;
  let stalledSince = 0;

  const finish = () => {
    if (done) return;
    done = true;
    channel.remove(viewer);
    if (!res.writableEnded && !res.destroyed) res.end();
  };
  const cut = () => {
    if (done) return;
    done = true;
    channel.remove(viewer);
    res.destroy();
    out.destroy();
  };
  const writeAll = (buffers: Buffer[]) => {
    if (buffers.length === 1) return out.write(buffers[0]);
    out.cork();
    for (const buffer of buffers) out.write(buffer);
    out.uncork();
  };

  const viewer: FlvViewer = {
    frames(frames: FlvFrame[], bytes: Buffer) {
      if (done) return;
      if (out.destroyed || out.writableEnded) return finish();
      let pending = out.writableLength;
      if (pending > hardLimit) return cut();
      // Keeping up: the batch as it is, the very Buffer every other viewer gets.
      if (!skipping && pending + bytes.length <= maxPending) {
        out.write(bytes);
        return;
      }
      const kept: Buffer[] = [];
      for (const frame of frames) {
        if (!frame.config) {
          if (skipping) {
            if (!frame.resumable || pending > lowWater) continue;
            skipping = false;
          } else if (pending + frame.bytes.length > maxPending) {
            skipping = true;
            stalledSince = Date.now();
            continue;
          }
        }
        kept.push(frame.bytes);
        pending += frame.bytes.length;
      }
      if (skipping && Date.now() - stalledSince > stallTimeoutMs) return cut();
      if (kept.length === frames.length) out.write(bytes);
      else if (kept.length > 0) writeAll(kept);
    },
    resume() {
      // The new publish's frames only make sense from its first keyframe on.
      skipping = true;
      stalledSince = Date.now();
    },
    end: finish,
  };

  res.on('close', finish);
  res.on('error', finish);
  out.on('error', finish);
  // What the viewer needs first, as the shared buffers themselves, in one write.
  const initial = [flvHeader(unknown || hasAudio, unknown || hasVideo)];
  for (const frame of [channel.metadata, channel.videoConfig, channel.audioConfig])
    if (frame) initial.push(frame.bytes);
  for (const frame of channel.gop) initial.push(frame.bytes);
  writeAll(initial);
  channel.add(viewer);
  return true;
}
