import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The process's lifecycle as a load balancer sees it (issue 15, graceful shutdown): starting until every part is
// built, then ready, then draining from the moment SIGTERM or SIGINT arrives. Draining, the readiness probe answers 503
// at once, no new connection is accepted, a new request on a connection kept alive is refused with 503 and the
// connection closed, and the requests already being handled run to their end, up to the grace deadline, before the
// sockets, the workers and the database pool close behind them (a handler once outlived its connection and met
// "pool ended").

export type LifecycleState = 'starting' | 'ready' | 'draining';

export interface Lifecycle {
  readonly state: LifecycleState;
  ready(): void;
  /** Starts draining: readiness fails and new requests are refused from now on. */
  drain(): void;
  /** Requests being handled now (event streams and sockets, which never end by themselves, aside). */
  inFlight(): number;
  /** Resolves once no request is being handled, or at the deadline; answers whether they all finished. */
  settled(deadlineMs: number): Promise<boolean>;
}

export const DRAINING_MESSAGE = 'Server is shutting down';

/**
 * Tracks the requests of app and refuses new ones while draining. A request counts from its arrival until its answer
 * is written; one whose client went away counts until its handler has answered (its queries may still be running); a
 * hijacked reply (an event stream, HTTP-FLV, a WebSocket) is not waited for: closing the server ends it.
 */
export function createLifecycle(app: FastifyInstance): Lifecycle {
  let state: LifecycleState = 'starting';
  const handling = new Map<FastifyRequest, FastifyReply>();
  const abandoned = new WeakSet<FastifyRequest>();
  let onIdle: (() => void) | null = null;

  const waitedFor = () => {
    let count = 0;
    for (const reply of handling.values()) if (!reply.sent) count += 1;
    return count;
  };
  const done = (request: FastifyRequest) => {
    if (!handling.delete(request)) return;
    if (onIdle && waitedFor() === 0) onIdle();
  };

  app.addHook('onRequest', (request, reply, next) => {
    if (state === 'draining') {
      reply
        .code(503)
        .header('connection', 'close')
        .send({ statusCode: 503, error: 'Service Unavailable', message: DRAINING_MESSAGE });
      return;
    }
    handling.set(request, reply);
    reply.raw.once('close', () => {
      // Written, or hijacked and now closed: over. Closed before the handler answered: over once it has.
      if (reply.sent) done(request);
      else abandoned.add(request);
    });
    next();
  });
  app.addHook('onSend', async (request) => {
    if (abandoned.has(request)) done(request);
  });
  app.addHook('onResponse', async (request) => done(request));

  return {
    get state() {
      return state;
    },
    ready() {
      if (state === 'starting') state = 'ready';
    },
    drain() {
      state = 'draining';
    },
    inFlight: waitedFor,
    async settled(deadlineMs) {
      if (waitedFor() === 0) return true;
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        new Promise<true>((resolve) => {
          onIdle = () => resolve(true);
        }),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), deadlineMs);
        }),
      ]);
      clearTimeout(timer);
      onIdle = null;
      return finished;
    },
  };
}
