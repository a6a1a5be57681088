import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import type { Lifecycle } from '../health/lifecycle.ts';
import { hlsOnline, type Ingest } from '../ingest/index.ts';
import { pushingActivities, taskQueueDepth } from './database-counts.ts';

// Prometheus metrics at GET /metrics (issue 15, operations), with prom-client: the requests by route and status, their
// latency, the database (PostgreSQL's pool, statements in flight on either engine, slow ones), the event loop's lag
// and the process's memory (prom-client's default metrics), the viewers this process serves (chat and other sockets,
// HTTP-FLV, HLS), the pushes its ingest holds, the task queue and the ffmpeg jobs. A request's route label is its
// route's pattern (`/api/v3/activity/:id`), never its URL, so the series are as many as the routes, whatever is
// requested; an unknown path counts as `unmatched`. fastify-metrics was the other choice: it is prom-client with the
// route hooks written for it, and the gauges here need prom-client's own collect callbacks anyway, so it would have
// been one dependency more for the two hooks below.
//
// The page says how busy the platform is and which routes fail, so it is not for everyone: with METRICS_TOKEN set it
// asks for that bearer token; without, it answers only a connection from this machine that no proxy forwarded (a
// reverse proxy on the same machine adds X-Forwarded-For), so a deployment's Prometheus either scrapes the process
// directly on its own address or carries the token.

export const METRICS_PATH = '/metrics';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Latency buckets (s): from a cached read to a slow export request. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// The process's own figures (memory, CPU, event-loop lag, GC) are the process's, whatever app it runs: they are
// collected once per process, so that tests building many apps in one process do not start a monitor for each.
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

export interface MetricSources {
  database: Database;
  lifecycle: Lifecycle;
  /** The embedded ingest, when this process runs one. */
  ingest(): Ingest | null;
  /** ffmpeg processes this process runs now (relays, live and media transcodes). */
  ffmpegJobs(): number;
}

export interface Metrics {
  /** An HTTP-FLV viewer started watching; it counts until left resolves. */
  countFlvViewer(left: Promise<unknown>): void;
  /** A database statement was slow (the request log writes the line). */
  countSlowQuery(): void;
  /** The exposition text of every metric. */
  render(): Promise<string>;
}

/**
 * The metrics of app: its hooks count every request and socket from now on, and GET /metrics serves them (behind
 * METRICS_TOKEN, or to loopback only).
 */
export function registerMetrics(
  app: FastifyInstance,
  sources: MetricSources,
  options: { enabled: boolean; token: string },
): Metrics {
  if (!options.enabled) return { countFlvViewer() {}, countSlowQuery() {}, render: async () => '' };
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer being written, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being handled now (event streams and sockets aside)',
    registers: [registry],
    collect() {
      this.set(sources.lifecycle.inFlight());
    },
  });
  new Gauge({
    name: 'yanbo_ready',
    help: '1 while this process takes requests, 0 while it starts or drains',
    registers: [registry],
    collect() {
      this.set(sources.lifecycle.state === 'ready' ? 1 : 0);
    },
  });
  const sockets = new Gauge({
    name: 'yanbo_websocket_connections',
    help: 'WebSockets open on this process, by route (the watch page’s chat, the meeting room)',
    labelNames: ['route'],
    registers: [registry],
  });
  let flvViewers = 0;
  new Gauge({
    name: 'yanbo_stream_viewers',
    help: 'Viewers of live streams served by this process, by protocol (the console’s previews aside)',
    labelNames: ['protocol'],
    registers: [registry],
    collect() {
      const ingest = sources.ingest();
      let hls = 0;
      for (const stream of ingest?.streams() ?? []) hls += hlsOnline(ingest, stream.app, stream.stream);
      this.set({ protocol: 'flv' }, flvViewers);
      this.set({ protocol: 'hls' }, hls);
    },
  });
  new Gauge({
    name: 'yanbo_ingest_streams',
    help: 'Streams being pushed into this process’s embedded ingest (pushes, relays and transcodes)',
    registers: [registry],
    collect() {
      this.set(sources.ingest()?.streams().length ?? 0);
    },
  });
  new Gauge({
    name: 'yanbo_ffmpeg_jobs',
    help: 'ffmpeg processes this process runs (relays, live and media transcodes)',
    registers: [registry],
    collect() {
      this.set(sources.ffmpegJobs());
    },
  });
  new Gauge({
    name: 'yanbo_db_queries_in_flight',
    help: 'Database statements sent and not yet answered',
    registers: [registry],
    collect() {
      this.set(sources.database.queries.inFlight);
    },
  });
  new Gauge({
    name: 'yanbo_db_connection_waits',
    help: 'Callers waiting for a database connection (PGlite has one; PostgreSQL’s pool ten)',
    registers: [registry],
    collect() {
      this.set(sources.database.queries.waiting);
    },
  });
  const slowQueries = new Counter({
    name: 'yanbo_db_slow_queries_total',
    help: 'Database statements that took SLOW_QUERY_MS or longer',
    registers: [registry],
  });
  if (sources.database.kind === 'postgres') {
    new Gauge({
      name: 'yanbo_db_pool_connections',
      help: 'PostgreSQL pool: connections in use and idle, and callers waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const pool = sources.database.pool();
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }

  // The figures read from the database come last: prom-client collects the metrics in their order, so the statement
  // and connection counts above are read before the scrape's own statements start.
  new Gauge({
    name: 'yanbo_task_queue_tasks',
    help: 'Background tasks in the shared queue, by status (pending: waiting for a worker)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      try {
        const depth = await taskQueueDepth(sources.database.db);
        this.set({ status: 'pending' }, depth.pending);
        this.set({ status: 'running' }, depth.running);
      } catch {
        // The database did not answer: the readiness probe says so; the page still shows the rest.
      }
    },
  });
  new Gauge({
    name: 'yanbo_live_pushes',
    help: 'Activities pushing now across the platform (embedded or external ingest), from the database',
    registers: [registry],
    async collect() {
      try {
        this.set(await pushingActivities(sources.database.db));
      } catch {
        // As for the task queue above.
      }
    },
  });
  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket;
    // A socket counts from its upgrade until its connection closes (an injected request has no connection to follow).
    if (request.headers.upgrade?.toLowerCase() !== 'websocket' || typeof socket?.once !== 'function') return;
    const labels = { route: routeOf(request) };
    sockets.inc(labels);
    socket.once('close', () => sockets.dec(labels));
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: KNOWN_METHODS.has(request.method) ? request.method : 'other',
      route: routeOf(request),
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const metrics: Metrics = {
    countFlvViewer(left) {
      flvViewers += 1;
      void left.finally(() => {
        flvViewers -= 1;
      });
    },
    countSlowQuery: () => slowQueries.inc(),
    async render() {
      return (await processMetrics().metrics()) + (await registry.metrics());
    },
  };

  const allowed = scrapeGuard(options.token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const refusal = allowed(request);
    if (refusal) return reply.code(refusal.statusCode).send(refusal);
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
  return metrics;
}

/** The route's pattern as registered; a request no route matched is `unmatched` (its URL could be anything). */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** Who may read the page: the bearer of METRICS_TOKEN, or with none set, an unforwarded connection from this machine. */
function scrapeGuard(token: string) {
  const expected = Buffer.from(`Bearer ${token}`);
  return (request: FastifyRequest) => {
    if (token) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
      return { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' };
    }
    const peer = request.raw.socket?.remoteAddress ?? '';
    const loopback = peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1';
    if (loopback && request.headers['x-forwarded-for'] === undefined) return null;
    return { statusCode: 403, error: 'Forbidden', message: 'Forbidden' };
  };
}
