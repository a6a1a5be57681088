import type { FastifyReply } from 'fastify';

// A server-sent events stream on a hijacked reply: the headers that keep proxies from buffering it, the client's
// retry delay, a comment ping that keeps idle connections open, and the steps that give its places back run once
// when it closes, however it closes.

const HEARTBEAT_MS = 15_000;

export interface EventStreamOptions {
  /** How long the browser waits before reconnecting, in ms. */
  retryMs: number;
  /** Runs after each ping (e.g. to check the stream may still be open). */
  onHeartbeat?: () => void;
  heartbeatMs?: number;
}

export interface EventStream {
  /** Writes one event with its data as JSON; nothing once the stream has closed. */
  send(event: string, data: unknown): void;
  /** Runs `step` once when the stream closes, or at once when it already has. */
  onClose(step: () => void): void;
  /** Ends the stream from this side; its close steps then run. */
  end(): void;
  /** Whether the client has gone or the stream was ended. */
  readonly closed: boolean;
}

/**
 * Takes the reply over as an event stream. A client already gone is answered nothing: the stream is closed from the
 * start, and every close step runs as it is added.
 */
export function openEventStream(reply: FastifyReply, options: EventStreamOptions): EventStream {
  reply.hijack();
  const res = reply.raw;
  const steps: (() => void)[] = [];
  let heartbeat: NodeJS.Timeout | undefined;
  let done = false;
  const close = () => {
    if (done) return;
    done = true;
    clearInterval(heartbeat);
    for (const step of steps.splice(0)) step();
  };
  const stream: EventStream = {
    send(event, data) {
      if (!stream.closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    onClose(step) {
      if (done) step();
      else steps.push(step);
    },
    end() {
      res.end();
    },
    get closed() {
      return done || res.destroyed;
    },
  };
  res.once('close', close);
  if (!res.socket || res.socket.destroyed) {
    close();
    return stream;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${options.retryMs}\n\n`);
  heartbeat = setInterval(() => {
    res.write(': ping\n\n');
    options.onHeartbeat?.();
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  return stream;
}
