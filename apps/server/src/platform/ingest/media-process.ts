import { type ChildProcess, fork } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { ServeFlvOptions } from './http-flv.ts';
import type { ForwardedTag, MediaToWorker, WorkerToMedia } from './media-protocol.ts';
import { type HubOptions, type LiveStream, type StreamHub, streamKey } from './stream-hub.ts';

// The API process's side of the media worker (media-worker.ts): it forks the worker, forwards every live stream of
// the ingest's hub to it (each tag once, in batches), and hands each HTTP-FLV viewer's socket over, so the video bytes
// are written from the worker's event loop instead of the API's. A worker that dies is started again with the live
// streams replayed from the hub's caches; its viewers reconnect as after any dropped connection.

const WORKER = path.join(import.meta.dirname, 'media-worker.ts');
const RESTART_DELAY_MS = 1_000;

/** The fields by which Node ties an accepted socket to its server (see handoff). */
interface ServerSocket {
  server: unknown;
  _server: unknown;
}

export interface MediaProcessOptions {
  hub: HubOptions;
  flv: ServeFlvOptions;
  log: (line: string) => void;
}

export interface MediaProcess {
  /**
   * Hands a GET of a live stream's HTTP-FLV address over to the worker, socket and all; answers a promise of the
   * bytes the viewer was sent, settled when it leaves, or null when the worker cannot take it now (the API process
   * then serves the viewer itself).
   */
  handoff(req: IncomingMessage): Promise<number> | null;
  close(): Promise<void>;
}

/** The request head as it arrived, for the worker's HTTP parser to read again. */
function requestHead(req: IncomingMessage): string {
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function snapshotTags(live: LiveStream): ForwardedTag[] {
  const tags: ForwardedTag[] = [];
  if (live.metadata) tags.push({ type: 18, timestamp: 0, data: live.metadata });
  for (const tag of [live.videoConfig, live.audioConfig, ...live.gop]) {
    if (tag) tags.push({ type: tag.type as 8 | 9, timestamp: tag.timestamp, data: tag.data });
  }
  return tags;
}

/** What a message to a worker that has just died comes to: nothing. */
const dropped = () => {};

export function startMediaProcess(hub: StreamHub, options: MediaProcessOptions): MediaProcess {
  let worker: ChildProcess | null = null;
  let ready = false;
  let closing = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let nextViewer = 0;
  /** Viewers handed to the current worker, until it says they left. */
  let viewers = new Map<number, (bytes: number) => void>();
  const pending = new Map<string, ForwardedTag[]>();
  const unsubscribes = new Map<LiveStream, () => void>();

  // A worker can die between the check and the write: the write then fails (EPIPE) and is dropped, since the exit
  // that follows starts a new worker from the hub's caches.
  const send = (message: MediaToWorker) => {
    if (ready && worker?.connected) worker.send(message, dropped);
  };

  const flush = () => {
    for (const [key, tags] of pending) send({ t: 'tags', key, tags });
    pending.clear();
  };
  const forward = (live: LiveStream) => {
    const key = streamKey(live.app, live.stream);
    send({ t: 'publish', app: live.app, stream: live.stream, publisherId: live.publisherId });
    const unsubscribe = live.subscribe(
      {
        tag(tag) {
          // Tags that arrive together cross to the worker in one message.
          let tags = pending.get(key);
          if (!tags) {
            tags = [];
            pending.set(key, tags);
            if (pending.size === 1) setImmediate(flush);
          }
          tags.push({ type: tag.type as ForwardedTag['type'], timestamp: tag.timestamp, data: tag.data });
        },
        end() {},
      },
      { internal: true },
    );
    unsubscribes.set(live, unsubscribe);
  };

  const stopPublish = hub.onPublish(forward);
  const stopUnpublish = hub.onUnpublish((live) => {
    unsubscribes.get(live)?.();
    unsubscribes.delete(live);
    flush();
    send({ t: 'unpublish', app: live.app, stream: live.stream });
  });
  const stopEndViewers = hub.onEndViewers((app, stream) => send({ t: 'endViewers', app, stream }));

  const start = () => {
    const child = fork(WORKER, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    worker = child;
    ready = false;
    child.on('message', (message: WorkerToMedia) => {
      if (message.t === 'ready') {
        ready = true;
        send({ t: 'init', hub: options.hub, flv: options.flv });
        // Whatever is live already (a worker started again mid-stream) starts from the hub's caches.
        for (const info of hub.list()) {
          const live = hub.get(info.app, info.stream);
          if (!live) continue;
          send({ t: 'publish', app: live.app, stream: live.stream, publisherId: live.publisherId });
          send({ t: 'tags', key: streamKey(live.app, live.stream), tags: snapshotTags(live) });
        }
      } else if (message.t === 'left') {
        viewers.get(message.id)?.(message.bytes);
        viewers.delete(message.id);
      }
    });
    // Otherwise an error of the channel itself (a failed fork, a send to a worker that just died) would be uncaught.
    child.on('error', (error) => options.log(`media worker: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (worker === child) {
        worker = null;
        ready = false;
      }
      // Its viewers are gone with it; they count as having left.
      const lost = viewers;
      viewers = new Map();
      for (const left of lost.values()) left(0);
      if (closing) return;
      options.log(`media worker exited (${signal ?? code}); starting it again`);
      restartTimer = setTimeout(start, RESTART_DELAY_MS);
    });
  };
  start();

  return {
    handoff(req) {
      const child = worker;
      if (!child || !ready || !child.connected || req.socket.destroyed) return null;
      nextViewer += 1;
      const id = nextViewer;
      const left = new Promise<number>((resolve) => viewers.set(id, resolve));
      const socket = req.socket as Socket & ServerSocket;
      // Nothing more is read here: whatever the viewer sends next is the worker's to read.
      socket.pause();
      // Sent as a plain socket, not as one of the HTTP server's: Node would otherwise have the server's close wait
      // for the worker to report the socket closed, which a worker that is gone never does. This process's copy is
      // closed once the worker has its own, and the server counts the connection ended then.
      const { server, _server } = socket;
      socket.server = null;
      socket._server = null;
      child.send(
        { t: 'viewer', id, head: requestHead(req) } satisfies MediaToWorker,
        socket,
        { keepOpen: true },
        (error) => {
          socket.server = server;
          socket._server = _server;
          if (error) {
            viewers.get(id)?.(0);
            viewers.delete(id);
          }
          socket.destroy();
        },
      );
      return left;
    },
    async close() {
      closing = true;
      if (restartTimer) clearTimeout(restartTimer);
      stopPublish();
      stopUnpublish();
      stopEndViewers();
      for (const unsubscribe of unsubscribes.values()) unsubscribe();
      unsubscribes.clear();
      const child = worker;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
        setTimeout(() => child.kill('SIGKILL'), 2_000).unref();
      });
    },
  };
}
