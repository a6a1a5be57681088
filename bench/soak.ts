import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { VIEWER_COOKIE } from '@yanbo/contracts';
import { viewerCookieValue } from '../apps/server/src/features/watch/viewer-cookie.ts';
import { type BenchServer, withBenchServer } from './bench-server.ts';
import type { ViewersCommand, ViewersReport, ViewersSetup } from './chat-viewers.ts';
import { writeSection } from './readme-section.ts';
import {
  type SoakRequest,
  type SoakWorld,
  TRAFFIC,
  type TrafficKind,
  trafficRound,
  VIEWER_COMMENT_SHARE,
} from './soak-traffic.ts';

// The soak (issue 15, "the proof"): one server process (the real entry point, on PostgreSQL and Redis, its ingest
// inline, so its RSS is all of it and none of the load's) under the console's and the watch page's traffic at a
// steady SOAK_RATE requests a second (default 200; a paced, open-loop generator: each request leaves at its time
// whether the earlier ones have answered or not) for SOAK_MINUTES (default 30), with SOAK_VIEWERS chat viewers
// (default 1,000; bench/chat-viewers.ts in a worker thread) connected the whole time and receiving the chat, some of
// them commenting. Every 10 s the server's RSS (/proc/<pid>/status) and heap (its /metrics) are sampled; the baseline
// in the same run is the idle server's RSS before the load and the first minutes of the load against the last.

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const VIEWERS = Number(process.env.SOAK_VIEWERS ?? 1000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SAMPLE_MS = 10_000;
/** A busy server answers its /metrics late: a sample waits this long for its heap figures (the samples overlap). */
const METRICS_TIMEOUT_MS = 30_000;
/**
 * Minutes of the same load before the measured run (SOAK_WARMUP_MINUTES, default 5): the code compiled, the pools,
 * caches and heap grown to their working sizes. Its errors are counted apart; its RSS is not in the windows compared.
 */
const WARMUP_MINUTES = Number(process.env.SOAK_WARMUP_MINUTES ?? 5);
/** The windows compared: the first and last 5 minutes (a third of the run each when it is shorter than 15). */
const WINDOW_MS = Math.round(Math.min(5, MINUTES / 3) * 60) * 1000;
/** A request unanswered after this long counts as an error. */
const TIMEOUT_MS = 10_000;
/** Requests in flight at most: past it the generator is not keeping its pace, and says so. */
const MAX_IN_FLIGHT = 400;
const PER_ADDRESS = 50;
const ADMIN = { mobile: '13800000016', password: 'bench-pass-1' };
const SECRET_KEY = randomBytes(32).toString('hex');
const TICKS = 100;
/**
 * A folder for the server's heap snapshots (SOAK_HEAP_SNAPSHOTS): one when the first window ends and one when the load
 * does, to compare in Chrome's DevTools when RSS grows. Each stops the server for seconds: not for the figures' run.
 */
const SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS ?? '';

interface Sample {
  /** ms since the load began (negative: before it). */
  at: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  cpuSeconds: number;
  load: number;
  chatClosed: number;
}

interface KindFigures {
  kind: TrafficKind;
  latencies: number[];
  errors: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] as number;
}

/** The p50 and p99 of comments' delivery from the viewers' histogram (0.1 ms buckets, the last one "later"). */
function histogramQuantiles(histogram: Uint32Array): { p50: number; p99: number } {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  const marks = { p50: Math.ceil(total * 0.5), p99: Math.ceil(total * 0.99) };
  const found = { p50: Number.NaN, p99: Number.NaN };
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length && Number.isNaN(found.p99); bucket++) {
    seen += histogram[bucket] as number;
    if (Number.isNaN(found.p50) && seen >= marks.p50 && seen > 0) found.p50 = bucket / 10;
    if (seen >= marks.p99 && seen > 0) found.p99 = bucket / 10;
  }
  return found;
}

async function processFigures(pid: number): Promise<{ rssMb: number; cpuSeconds: number }> {
  const [stat, status] = await Promise.all([
    readFile(`/proc/${pid}/stat`, 'utf8'),
    readFile(`/proc/${pid}/status`, 'utf8'),
  ]);
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
  };
}

/** The server's V8 heap and external memory, from its Prometheus page (prom-client's process metrics); NaN unanswered. */
async function heapFigures(baseUrl: string) {
  const text = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(METRICS_TIMEOUT_MS) })
    .then((response) => response.text())
    .catch(() => '');
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    heapUsedMb: mb(gauge('nodejs_heap_size_used_bytes')),
    heapTotalMb: mb(gauge('nodejs_heap_size_total_bytes')),
    externalMb: mb(gauge('nodejs_external_memory_bytes')),
  };
}

/** The chat viewers' worker thread, asked and answered by message type. */
function chatViewers(url: string) {
  const setup: ViewersSetup = {
    url,
    first: 0,
    count: VIEWERS,
    concurrency: 16,
    perAddress: PER_ADDRESS,
    cookies: Array.from(
      { length: VIEWERS },
      (_, i) => `${VIEWER_COOKIE}=${viewerCookieValue(SECRET_KEY, `soak-chat-viewer-${String(i).padStart(6, '0')}`)}`,
    ),
  };
  const worker = new Worker(path.join(import.meta.dirname, 'chat-viewers.ts'), { workerData: setup });
  let failure: unknown = null;
  worker.on('error', (error) => {
    failure = error;
  });
  const answer = (type: string) =>
    new Promise<ViewersReport>((resolve, reject) => {
      if (failure) reject(failure);
      const listener = (message: ViewersReport & { type: string }) => {
        if (message.type !== type) return;
        worker.off('message', listener);
        worker.off('error', reject);
        resolve(message);
      };
      worker.on('message', listener);
      worker.once('error', reject);
    });
  return {
    connected: answer('connected'),
    tell: (command: ViewersCommand) => worker.postMessage(command),
    async ask(command: ViewersCommand, type: string): Promise<ViewersReport> {
      const answered = answer(type);
      worker.postMessage(command);
      return answered;
    },
    stop: () => worker.terminate(),
  };
}

/** The paced generator: request n leaves at n / rate seconds after the start, whatever is still in flight. */
async function runLoad(
  world: SoakWorld,
  figures: Map<TrafficKind, KindFigures>,
  durationMs: number,
  stop: AbortSignal,
  /** Requests made of each kind so far (each request of a kind is told its number: names stay unique across runs). */
  counters: Map<TrafficKind, number>,
) {
  const round = trafficRound();
  const httpRate = (RATE * round.length) / 200;
  const statuses = new Map<string, number>();
  const firstErrors: string[] = [];
  let inFlight = 0;
  let sent = 0;
  let skipped = 0;
  let maxInFlight = 0;
  const headersOf = (request: SoakRequest): Record<string, string> => ({
    ...(request.cookie ? { cookie: request.cookie } : { authorization: `Bearer ${world.token}` }),
    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
  });
  const fail = (kind: KindFigures, what: string) => {
    kind.errors++;
    statuses.set(what.split(':')[0] as string, (statuses.get(what.split(':')[0] as string) ?? 0) + 1);
    if (firstErrors.length < 10) firstErrors.push(`${kind.kind.name}: ${what}`);
  };
  const send = async (kind: TrafficKind) => {
    const n = counters.get(kind) ?? 0;
    counters.set(kind, n + 1);
    const request = kind.request(world, n);
    const own = figures.get(kind) as KindFigures;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const started = performance.now();
    try {
      const response = await fetch(`${world.baseUrl}${request.path}`, {
        method: request.method,
        headers: headersOf(request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      own.latencies.push(performance.now() - started);
      if (!response.ok) fail(own, `HTTP ${response.status}: ${text.slice(0, 200)}`);
      else request.after?.(JSON.parse(text));
    } catch (error) {
      fail(own, `socket: ${(error as Error).name} ${(error as Error).message}`);
    } finally {
      inFlight--;
    }
  };
  const started = performance.now();
  const total = Math.floor((httpRate * durationMs) / 1000);
  while (sent + skipped < total && !stop.aborted) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * httpRate));
    while (sent + skipped < due) {
      const kind = round[(sent + skipped) % round.length] as TrafficKind;
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped++;
        continue;
      }
      sent++;
      void send(kind);
    }
    await sleep(2);
  }
  const drainUntil = Date.now() + TIMEOUT_MS + 1000;
  while (inFlight > 0 && Date.now() < drainUntil) await sleep(50);
  return {
    sent,
    skipped,
    maxInFlight,
    seconds: (performance.now() - started) / 1000,
    statuses,
    firstErrors,
  };
}

/** Has the server write its heap snapshot, and waits until it has (it holds the event loop while it writes). */
async function lastSnapshot(server: BenchServer) {
  const count = async () => (await readdir(SNAPSHOTS)).filter((name) => name.endsWith('.heapsnapshot')).length;
  const before = await count();
  process.kill(server.pid, 'SIGUSR2');
  while ((await count()) === before) await sleep(200);
  await fetch(`${server.baseUrl}/api/healthz`, { signal: AbortSignal.timeout(120_000) });
}

/** The account, activity, robot and first visits the traffic needs, made through the API as the console would. */
async function prepare(server: BenchServer): Promise<SoakWorld> {
  const activity = await server.call<{ id: number }>('POST', '/activity', { name: '压测长稳直播' });
  const profiles = await server.call<{ items: { nickname: string; avatar: string }[] }>(
    'GET',
    '/v3/robot/random?count=1',
  );
  const robots = await server.call<{ items: { id: number }[] }>('POST', '/v3/robot', { robots: profiles.items });
  return {
    baseUrl: server.baseUrl,
    token: server.token,
    secretKey: SECRET_KEY,
    activityId: activity.id,
    robotId: (robots.items[0] as { id: number }).id,
    visits: [],
  };
}

export async function benchSoak() {
  const result = await withBenchServer(
    'soak',
    {
      admin: ADMIN,
      secretKey: SECRET_KEY,
      // Slow statements are logged from 2 s (500 ms by default): on a busy shared machine the log would be most of the output.
      env: {
        REDIS_URL,
        REDIS_PREFIX: `soak${Date.now()}:`,
        MEDIA_PROCESS: 'inline',
        SLOW_QUERY_MS: '2000',
        ...(SNAPSHOTS ? { NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${SNAPSHOTS}` } : {}),
      },
    },
    (server) => soak(server),
  );
  if (result === undefined) return;
  await writeSection('soak', result);
}

async function soak(server: BenchServer): Promise<string> {
  const world = await prepare(server);
  const loadBefore = os.loadavg();
  const samples: Sample[] = [];
  // Samples before the load are at -Infinity.
  let loadStarted = Number.POSITIVE_INFINITY;
  let chatClosed = 0;
  // RSS, CPU and load are read at once; the heap when the server answers, into the same sample.
  const sample = async () => {
    const at = performance.now() - loadStarted;
    const heap = heapFigures(server.baseUrl);
    const taken: Sample = {
      at,
      ...(await processFigures(server.pid)),
      heapUsedMb: Number.NaN,
      heapTotalMb: Number.NaN,
      externalMb: Number.NaN,
      load: os.loadavg()[0] as number,
      chatClosed,
    };
    samples.push(taken);
    Object.assign(taken, await heap);
  };
  // Idle: the server started, its data made, nobody connected yet.
  await sleep(5000);
  await sample();
  const idle = samples[0] as Sample;

  const viewers = chatViewers(`${server.baseUrl.replace('http://', 'ws://')}/api/watch/${world.activityId}/chat`);
  try {
    const connected = await viewers.connected;
    console.log(`soak: ${connected.connected} chat viewers connected (${connected.failed} failed)`);
    await sleep(3000);
    await sample();
    const withViewers = samples.at(-1) as Sample;

    const durationMs = MINUTES * 60_000;
    const commentsPerSecond = (RATE * VIEWER_COMMENT_SHARE) / 200;
    // Each sender comments twice in 10 s (the chat allows 5 in any 10 s as the server reads them, and a busy server
    // reads a socket's comments in bursts), so some viewers take turns.
    const senders = Math.min(VIEWERS, Math.ceil((commentsPerSecond * 10) / 2));
    const newFigures = () => new Map(TRAFFIC.map((kind) => [kind, { kind, latencies: [], errors: 0 } as KindFigures]));
    const counters = new Map<TrafficKind, number>();
    const warmupFigures = newFigures();
    let warmup: Awaited<ReturnType<typeof runLoad>> | null = null;
    if (WARMUP_MINUTES > 0) {
      console.log(`soak: ${WARMUP_MINUTES} minutes of warm-up`);
      warmup = await runLoad(world, warmupFigures, WARMUP_MINUTES * 60_000, new AbortController().signal, counters);
    }
    const warmupErrors = [...warmupFigures.values()].reduce((sum, f) => sum + f.errors, 0) + (warmup?.skipped ?? 0);
    const figures = newFigures();
    loadStarted = performance.now();
    const cpuAtStart = samples.at(-1)?.cpuSeconds ?? 0;
    viewers.tell({ cmd: 'send', perSecond: commentsPerSecond, seconds: durationMs / 1000, senders });
    const serverGone = new AbortController();
    const sampler = setInterval(() => {
      viewers
        .ask({ cmd: 'progress' }, 'progress')
        .then((progress) => {
          chatClosed = progress.closed;
        })
        .catch(() => {});
      sample().catch((error) => {
        // The server process is gone (/proc has no entry for it): nothing more to measure.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') serverGone.abort();
        console.log(`soak: sample failed: ${error}`);
      });
      const last = samples.at(-1);
      if (last && samples.length % 6 === 0) {
        console.log(
          `soak: ${(last.at / 60_000).toFixed(1)} min, rss ${last.rssMb.toFixed(0)} MB, heap ${last.heapUsedMb.toFixed(0)} MB, load ${last.load.toFixed(1)}, chat closed ${chatClosed}`,
        );
      }
    }, SAMPLE_MS);
    const snapshot = SNAPSHOTS ? setTimeout(() => process.kill(server.pid, 'SIGUSR2'), WINDOW_MS) : undefined;
    let load: Awaited<ReturnType<typeof runLoad>>;
    try {
      load = await runLoad(world, figures, durationMs, serverGone.signal, counters);
    } finally {
      clearInterval(sampler);
      clearTimeout(snapshot);
    }
    if (serverGone.signal.aborted) throw new Error(`soak: the server process ${server.pid} ended during the load`);
    await sample();
    if (SNAPSHOTS) await lastSnapshot(server);
    const cpuSeconds = (samples.at(-1)?.cpuSeconds ?? 0) - cpuAtStart;
    // The viewers' last comments arrive; then what each viewer got.
    await sleep(5000);
    const report = await viewers.ask({ cmd: 'report' }, 'report');
    return section({
      idle,
      withViewers,
      samples,
      load,
      figures,
      report,
      cpuSeconds,
      loadBefore,
      senders,
      warmup: { sent: warmup?.sent ?? 0, errors: warmupErrors },
    });
  } finally {
    await viewers.stop();
  }
}

interface Outcome {
  idle: Sample;
  withViewers: Sample;
  samples: Sample[];
  load: Awaited<ReturnType<typeof runLoad>>;
  figures: Map<TrafficKind, KindFigures>;
  report: ViewersReport;
  cpuSeconds: number;
  loadBefore: number[];
  senders: number;
  /** The warm-up before the measured run: requests sent, and errors (failed or not sent). */
  warmup: { sent: number; errors: number };
}

function section(o: Outcome): string {
  const during = o.samples.filter((s) => s.at >= 0);
  const end = Math.max(...during.map((s) => s.at));
  const first = during.filter((s) => s.at <= WINDOW_MS);
  const last = during.filter((s) => s.at >= end - WINDOW_MS);
  const rssFirst = mean(first.map((s) => s.rssMb));
  const rssLast = mean(last.map((s) => s.rssMb));
  const heapOf = (some: Sample[]) => some.map((s) => s.heapUsedMb).filter(Number.isFinite);
  const heapFirst = mean(heapOf(first));
  const heapLast = mean(heapOf(last));
  const ratio = rssLast / rssFirst;
  // The window after the first, against which the last shows growth too (without a warm-up, the first minutes hold
  // the code's compiling and the heap's growing to its first limits).
  const second = during.filter((s) => s.at > WINDOW_MS && s.at <= 2 * WINDOW_MS);
  const rssSecond = mean(second.map((s) => s.rssMb));
  const httpErrors = [...o.figures.values()].reduce((sum, f) => sum + f.errors, 0);
  const chat = o.report;
  const published = chat.sent - chat.refused;
  const lost = published * chat.connected - chat.received;
  const chatErrors = chat.failed + chat.closed + chat.refused;
  const errors = httpErrors + o.load.skipped + chatErrors;
  const total = o.load.sent + chat.sent;
  const delivered = histogramQuantiles(chat.histogram);
  const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
  const kindRow = (f: KindFigures) => {
    const sorted = [...f.latencies].sort((a, b) => a - b);
    return `| ${f.kind.side} | ${f.kind.name} | ${f.kind.share} | ${f.latencies.length} | ${fixed(quantile(sorted, 0.5))} | ${fixed(quantile(sorted, 0.99))} | ${f.errors} |`;
  };
  const rssPerMinute: string[] = [];
  const heapPerMinute: string[] = [];
  for (let minute = 0; minute * 60_000 <= end; minute++) {
    const inMinute = during.filter((s) => s.at >= minute * 60_000 && s.at < (minute + 1) * 60_000);
    if (inMinute.length === 0) continue;
    rssPerMinute.push(mean(inMinute.map((s) => s.rssMb)).toFixed(0));
    const heap = heapOf(inMinute);
    heapPerMinute.push(heap.length > 0 ? mean(heap).toFixed(0) : '—');
  }
  const loads = during.map((s) => s.load);
  const windowMinutes = Number((WINDOW_MS / 60_000).toFixed(1));
  const statuses = [...o.load.statuses.entries()].map(([what, count]) => `${what} × ${count}`).join(', ');
  console.log(
    `soak: ${total} requests, ${errors} errors, rss first ${rssFirst.toFixed(1)} last ${rssLast.toFixed(1)} (${ratio.toFixed(3)})`,
  );
  for (const line of o.load.firstErrors) console.log(`soak: ${line}`);
  return `## Soak: ${MINUTES} minutes of console and watch traffic at ${RATE} requests/s with ${chat.connected.toLocaleString('en')} chat viewers

\`npm run bench -- soak\` (bench/soak.ts, the mix in bench/soak-traffic.ts): one server process (\`apps/server/src/main.ts\`
as \`npm start\` runs it, on PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379, its ingest inline so the one
process is all of the server) under a paced, open-loop generator: ${RATE} requests a second, each leaving at its time
whether the earlier ones have answered or not, for ${MINUTES} minutes after ${WARMUP_MINUTES} minutes of the same load as a warm-up, the console's reads and writes and the watch
page's (the mix below, in every 200), while ${chat.connected.toLocaleString('en')} chat viewers (bench/chat-viewers.ts, in a worker thread,
${PER_ADDRESS} to a loopback address, each with a signed viewer cookie of its own) stay connected the whole run, receive every comment,
robot comment, text live post and online count, and ${o.senders} of them send the viewers' comments (${VIEWER_COMMENT_SHARE} in every 200).
Every ${SAMPLE_MS / 1000} s the server's RSS (\`/proc/<pid>/status\`) and V8 heap (its \`/metrics\`) are sampled. The
baseline, in the same run: the idle server's RSS before any load, and the first ${windowMinutes} minutes of the load
against the last ${windowMinutes}. ${os.cpus().length} cores shared by the server, the generator, the viewers, PostgreSQL, Redis and
whatever else the machine ran: the 1-minute load average was ${fixed(o.loadBefore[0] as number)} before the run and
${fixed(Math.min(...loads))}–${fixed(Math.max(...loads))} during it (mean ${fixed(mean(loads))}) (${new Date().toISOString().slice(0, 10)}).
\`SOAK_MINUTES\`, \`SOAK_WARMUP_MINUTES\`, \`SOAK_RATE\` and \`SOAK_VIEWERS\` change the run.

| figure | value |
|---|---|
| requests sent (HTTP + viewers' comments) | ${total.toLocaleString('en')} (${o.load.sent.toLocaleString('en')} + ${chat.sent.toLocaleString('en')}), ${(total / o.load.seconds).toFixed(1)}/s |
| errors | **${errors}** (HTTP non-2xx or socket errors ${httpErrors}${statuses ? `: ${statuses}` : ''}; not sent for ${MAX_IN_FLIGHT} in flight ${o.load.skipped}; chat viewers failed to connect ${chat.failed}, disconnected ${chat.closed}; comments refused ${chat.refused}) |
| most requests in flight at once | ${o.load.maxInFlight} |
| chat: comments delivered / lost | ${chat.received.toLocaleString('en')} / ${lost} (${published} comments × ${chat.connected} viewers) |
| server CPU during the load | ${fixed(o.cpuSeconds / o.load.seconds, 2)} cores |
| warm-up before the measured run (the same load, not in the figures below) | ${WARMUP_MINUTES} minutes, ${o.warmup.sent.toLocaleString('en')} requests, ${o.warmup.errors} errors |
| RSS idle, before the load (baseline) | ${o.idle.rssMb.toFixed(1)} MB (heap ${o.idle.heapUsedMb.toFixed(1)} MB) |
| RSS with the chat viewers connected, before the load | ${o.withViewers.rssMb.toFixed(1)} MB (heap ${o.withViewers.heapUsedMb.toFixed(1)} MB) |
| RSS, mean of the first ${windowMinutes} minutes of the load | ${rssFirst.toFixed(1)} MB (heap ${heapFirst.toFixed(1)} MB) |
| RSS, mean of the last ${windowMinutes} minutes | ${rssLast.toFixed(1)} MB (heap ${heapLast.toFixed(1)} MB) |
| last ÷ first | **${ratio.toFixed(3)}** (goal within 10 %: ${Math.abs(ratio - 1) <= 0.1 ? 'met' : 'not met'}) |
| RSS, mean of the ${windowMinutes} minutes after the first; last ÷ it | ${rssSecond.toFixed(1)} MB; ${(rssLast / rssSecond).toFixed(3)} |
| RSS peak | ${Math.max(...during.map((s) => s.rssMb)).toFixed(1)} MB |

RSS a minute (MB, the mean of each minute's samples): ${rssPerMinute.join(', ')}.

V8 heap used a minute (MB; ${heapOf(during).length} of ${during.length} samples answered within ${METRICS_TIMEOUT_MS / 1000} s): ${heapPerMinute.join(', ')}.

| side | kind | in 200 | requests | p50 ms | p99 ms | errors |
|---|---|---|---|---|---|---|
${[...o.figures.values()].map(kindRow).join('\n')}
| watch | viewer comment (chat socket; from sending to each viewer's receiving) | ${VIEWER_COMMENT_SHARE} | ${chat.sent} | ${fixed(delivered.p50)} | ${fixed(delivered.p99)} | ${chat.refused} |
`;
}
