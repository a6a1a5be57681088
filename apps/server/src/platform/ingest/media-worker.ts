// The media worker: a child process that serves HTTP-FLV viewers, so writing video to a thousand sockets never holds
// the API's event loop (issue 8: /api/healthz p95 went from 1.7 ms to 11 ms with 1,000 readers in process). The API
// process keeps the RTMP ingest and forwards each live stream's tags here once; this process runs its own stream hub
// (the same FlvChannel fan-out, GOP cache and slow-viewer rules) and is handed each viewer's socket with its request
// head. It answers to the API process only, and ends when that process goes away.

import http from 'node:http';
import type { Socket } from 'node:net';
import { serveFlv } from './http-flv.ts';
import type { MediaToWorker, WorkerToMedia } from './media-protocol.ts';
import { type LiveStream, StreamHub } from './stream-hub.ts';

process.on('disconnect', () => process.exit(0));

const send = (message: WorkerToMedia) => {
  // The API process may be gone already (it is closing): nothing to tell then.
  if (process.connected) process.send?.(message, undefined, {}, () => {});
};

let hub: StreamHub | null = null;
let flvOptions: Parameters<typeof serveFlv>[4] = {};
const lives = new Map<string, LiveStream>();
/** The viewer id of each handed-over request, by its socket. */
const viewerOf = new WeakMap<Socket, number>();

const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

const server = http.createServer((req, res) => {
  const socket = req.socket;
  const id = viewerOf.get(socket);
  const match = /^\/live\/([^/]+)\/([^/]+)\.flv(?:\?|$)/.exec(req.url ?? '');
  const startBytes = socket.bytesWritten;
  let reported = false;
  const left = () => {
    if (reported || id === undefined) return;
    reported = true;
    send({ t: 'left', id, bytes: Math.max(0, socket.bytesWritten - startBytes) });
  };
  res.once('close', left);
  if (!hub || !match) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end('Stream Not Found');
    return;
  }
  res.shouldKeepAlive = false;
  serveFlv(hub, decodeURIComponent(match[1] as string), decodeURIComponent(match[2] as string), res, flvOptions);
});
server.keepAliveTimeout = 1;

process.on('message', (message: MediaToWorker, handle?: Socket) => {
  switch (message.t) {
    case 'init':
      hub = new StreamHub(message.hub);
      flvOptions = message.flv;
      break;
    case 'publish': {
      const live = hub?.publish(message.app, message.stream, message.publisherId);
      if (live) lives.set(`${message.app}/${message.stream}`, live);
      break;
    }
    case 'tags': {
      const live = lives.get(message.key);
      if (!live) break;
      for (const tag of message.tags) {
        if (tag.type === 18) live.pushScript(tag.timestamp, asBuffer(tag.data));
        else live.pushMedia(tag.type, tag.timestamp, asBuffer(tag.data));
      }
      break;
    }
    case 'unpublish': {
      const key = `${message.app}/${message.stream}`;
      const live = lives.get(key);
      if (live) {
        lives.delete(key);
        hub?.unpublish(live);
      }
      break;
    }
    case 'endViewers':
      hub?.endViewers(message.app, message.stream);
      break;
    case 'viewer': {
      if (!handle) break;
      viewerOf.set(handle, message.id);
      // The API process read the request head off this socket; give it back to this server's parser.
      handle.unshift(Buffer.from(message.head, 'latin1'));
      server.emit('connection', handle);
      break;
    }
  }
});

send({ t: 'ready' });
