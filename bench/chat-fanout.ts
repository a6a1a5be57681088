import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { VIEWER_COOKIE } from '@yanbo/contracts';
import { startServer } from '../e2e/start-server.ts';
import type { ViewersCommand, ViewersReport, ViewersSetup } from './chat-viewers.ts';
import { writeSection } from './readme-section.ts';

// The live chat (issue 10's goal): N WebSocket viewers of one activity while comments arrive at RATE a second with
// check mode off, against a bare `ws` broadcast of the same comments to as many clients in the same run. The viewers
// run in worker threads of this process (not the servers'), open their sockets a few at a time from loopback
// addresses 127.0.x.y, 50 to an address (the chat's cap per address and activity, kept as it is), and send the
// comments themselves from many viewer ids (each at most 4 per 10 s; the chat allows 5). Latency is from the moment a
// comment is sent to the moment each viewer has it; lost is what a viewer never got within the drain time.

const VIEWERS = Number(process.env.BENCH_CHAT_VIEWERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 200);
const WORKERS = Number(process.env.BENCH_CHAT_WORKERS ?? 2);
const DRAIN_MS = 30_000;
const PER_ADDRESS = 50;
const ADMIN = { mobile: '13800000021', password: 'bench-pass-1' };
const TICKS = 100;

async function processFigures(pid: number) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpu: (Number(fields[11]) + Number(fields[12])) / TICKS, rssMb: rssKb / 1024 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  viewers: number;
  connectSeconds: number;
  sent: number;
  published: number;
  received: number;
  lost: number;
  p50: number;
  p99: number;
  max: number;
  deliveriesPerSecond: number;
  cores: number;
  cpuMsPerComment: number;
  rssIdleMb: number;
  rssViewersMb: number;
  rssPeakMb: number;
}

function percentile(histogram: Uint32Array, total: number, q: number): number {
  const wanted = Math.ceil(total * q);
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket++) {
    seen += histogram[bucket];
    if (seen >= wanted && seen > 0) return bucket / 10;
  }
  return Number.NaN;
}

/** One server under the whole load: connect every viewer, send the comments, wait for them to arrive. */
async function measure(url: string, pid: number): Promise<Run> {
  await sleep(3000);
  const idle = await processFigures(pid);
  const connectStarted = performance.now();
  const share = Math.ceil(VIEWERS / WORKERS);
  const workers = Array.from({ length: WORKERS }, (_, i) => {
    const setup: ViewersSetup = {
      url,
      first: i * share,
      count: Math.max(0, Math.min(share, VIEWERS - i * share)),
      concurrency: 32,
      perAddress: PER_ADDRESS,
      cookie: VIEWER_COOKIE,
    };
    const worker = new Worker(path.join(import.meta.dirname, 'chat-viewers.ts'), { workerData: setup });
    worker.setMaxListeners(0);
    return worker;
  });
  const next = (worker: Worker, type: string) =>
    new Promise<ViewersReport & { type: string }>((resolve, reject) => {
      const listener = (message: ViewersReport & { type: string }) => {
        if (message.type !== type) return;
        worker.off('message', listener);
        resolve(message);
      };
      worker.on('message', listener);
      worker.once('error', reject);
    });
  const ask = (command: ViewersCommand, answer: string) =>
    Promise.all(
      workers.map((worker) => {
        const answered = next(worker, answer);
        worker.postMessage(command);
        return answered;
      }),
    );
  try {
    const connected = await Promise.all(workers.map((worker) => next(worker, 'connected')));
    const viewers = connected.reduce((n, r) => n + r.connected, 0);
    const failed = connected.reduce((n, r) => n + r.failed, 0);
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    console.log(`chat-fanout: ${viewers} viewers connected in ${connectSeconds.toFixed(1)} s (${failed} failed)`);
    await sleep(3000);
    const withViewers = await processFigures(pid);

    let peak = withViewers.rssMb;
    const sampler = setInterval(() => {
      processFigures(pid)
        .then((f) => {
          peak = Math.max(peak, f.rssMb);
        })
        .catch(() => {});
    }, 250);
    const perSecond = RATE / WORKERS;
    const senders = Math.min(share, Math.ceil(((perSecond * 10) / 4) * 1.2));
    const sendStarted = performance.timeOrigin + performance.now();
    const before = await processFigures(pid);
    await ask({ cmd: 'send', perSecond, seconds: SECONDS, senders }, 'sent');
    // Drain: until every viewer has every comment or nothing more arrives for 3 s (at most DRAIN_MS).
    const drainUntil = Date.now() + DRAIN_MS;
    let last = -1;
    let still = 0;
    for (;;) {
      await sleep(500);
      const progress = await ask({ cmd: 'progress' }, 'progress');
      const received = progress.reduce((n, r) => n + r.received, 0);
      const published = progress.reduce((n, r) => n + r.sent - r.refused, 0);
      if (received >= published * viewers || Date.now() > drainUntil) break;
      still = received === last ? still + 500 : 0;
      if (still >= 3000) break;
      last = received;
    }
    const after = await processFigures(pid);
    clearInterval(sampler);
    const reports = await ask({ cmd: 'report' }, 'report');
    const histogram = new Uint32Array(reports[0].histogram.length);
    for (const report of reports) for (let i = 0; i < histogram.length; i++) histogram[i] += report.histogram[i];
    const sent = reports.reduce((n, r) => n + r.sent, 0);
    const published = sent - reports.reduce((n, r) => n + r.refused, 0);
    const received = reports.reduce((n, r) => n + r.received, 0);
    const lastReceivedAt = Math.max(...reports.map((r) => r.lastReceivedAt));
    // Idle is the lower of before the viewers came and after they left (the server's start-up garbage goes meanwhile).
    await Promise.all(workers.map((worker) => worker.terminate()));
    await sleep(3000);
    const left = await processFigures(pid);
    return {
      viewers,
      connectSeconds,
      sent,
      published,
      received,
      lost: published * viewers - received,
      p50: percentile(histogram, received, 0.5),
      p99: percentile(histogram, received, 0.99),
      max: percentile(histogram, received, 1),
      deliveriesPerSecond: received / ((lastReceivedAt - sendStarted) / 1000),
      cores: (after.cpu - before.cpu) / ((performance.timeOrigin + performance.now() - sendStarted) / 1000),
      cpuMsPerComment: ((after.cpu - before.cpu) * 1000) / Math.max(1, published),
      rssIdleMb: Math.min(idle.rssMb, left.rssMb),
      rssViewersMb: withViewers.rssMb,
      rssPeakMb: peak,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

async function startBare(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'chat-bare-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', () => reject(new Error('the bare ws server exited')));
    child.stdout?.once('data', (chunk: Buffer) => resolve(JSON.parse(String(chunk)).port));
  });
  return { child, url: `ws://127.0.0.1:${port}/` };
}

const describeRun = (r: Run) =>
  `${r.viewers} viewers, ${r.published}/${r.sent} comments: p50 ${r.p50} ms, p99 ${r.p99} ms, lost ${r.lost}, ${Math.round(r.deliveriesPerSecond)} deliveries/s, ${r.cores.toFixed(2)} cores, ${r.cpuMsPerComment.toFixed(1)} CPU ms per comment, rss ${r.rssIdleMb.toFixed(0)} → ${r.rssViewersMb.toFixed(0)} MB (peak ${r.rssPeakMb.toFixed(0)})`;

export async function benchChatFanout() {
  // Each viewer is a socket here and one in the server: the default soft limit may be lower than twice the count.
  const { soft, hard } = fileLimit();
  if (soft < VIEWERS + 1000) {
    console.log(
      `chat-fanout: ${VIEWERS} viewers need ${VIEWERS + 1000} open files, the limit is ${soft} (hard ${hard}): run \`ulimit -n ${Math.min(hard, 65536)}\` first or set BENCH_CHAT_VIEWERS`,
    );
    return;
  }
  const bare = await startBare();
  let baseline: Run;
  try {
    baseline = await measure(bare.url, bare.child.pid ?? 0);
  } finally {
    bare.child.kill('SIGTERM');
  }
  console.log(`chat-fanout: bare ws — ${describeRun(baseline)}`);

  const server = await startServer({ ADMIN_MOBILE: ADMIN.mobile, ADMIN_PASSWORD: ADMIN.password });
  let ours: Run;
  try {
    const login = await fetch(`${server.baseUrl}/api/agent/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.mobile, password: ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${server.baseUrl}/api/activity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: '压测直播' }),
    });
    const { id } = (await created.json()) as { id: number };
    ours = await measure(`${server.baseUrl.replace('http://', 'ws://')}/api/watch/${id}/chat`, server.pid);
  } finally {
    await server.stop();
  }
  console.log(`chat-fanout: chat — ${describeRun(ours)}`);
  await writeSection('chat-fanout', section(baseline, ours));
}

function fileLimit(): { soft: number; hard: number } {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const line = limits.split('\n').find((l) => l.startsWith('Max open files')) ?? '';
    const [soft, hard] = line.replace('Max open files', '').trim().split(/\s+/).map(Number);
    return { soft, hard };
  } catch {
    return { soft: Number.POSITIVE_INFINITY, hard: Number.POSITIVE_INFINITY };
  }
}

function section(baseline: Run, ours: Run): string {
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
  const row = (label: string, r: Run) =>
    `| ${label} | ${r.viewers} | ${r.published} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.lost} | ${Math.round(r.deliveriesPerSecond)} | ${r.cores.toFixed(2)} | ${r.cpuMsPerComment.toFixed(1)} | ${r.rssViewersMb.toFixed(0)} | ${(((r.rssViewersMb - r.rssIdleMb) * 1000) / Math.max(1, r.viewers)).toFixed(1)} | ${r.rssPeakMb.toFixed(0)} |`;
  const ratio = ours.deliveriesPerSecond / baseline.deliveriesPerSecond;
  return `## Live chat: ${VIEWERS.toLocaleString('en')} WebSocket viewers of one activity, ${RATE} comments/s, against a bare \`ws\` broadcast

${ours.viewers} viewers in ${WORKERS} worker threads of the benchmark's process connect to one server (from 127.0.x.y,
${PER_ADDRESS} to an address: the chat's caps are the defaults), then ${RATE} comments a second for ${SECONDS} s with check
mode off, sent by the viewers themselves from ${Math.ceil(((RATE / WORKERS) * 10 * 1.2) / 4) * WORKERS} viewer ids
(4 per 10 s each), on ${os.cpus().length} cores shared by the server and the viewers (${new Date().toISOString().slice(0, 10)}).
Latency is from a comment's sending to each viewer's receiving it; lost is what a viewer had not received ${DRAIN_MS / 1000} s
after the last was sent. Deliveries/s are comments received by all viewers together over the time from the first
sent to the last received. The baseline is a bare \`ws\` server in a process of its own that answers hello and sends
each comment, serialised once, to every socket (no storage, no rules). RSS is the server process's, idle and with the
viewers connected. \`BENCH_CHAT_VIEWERS\`, \`BENCH_CHAT_SECONDS\`, \`BENCH_CHAT_RATE\` and \`BENCH_CHAT_WORKERS\`
change the load; more viewers than the open-file limit allows need \`ulimit -n\` raised first.

| server | viewers | comments | p50 ms | p99 ms | max ms | lost | deliveries/s | server cores | server CPU ms per comment | RSS MB | RSS MB per 1,000 viewers | RSS peak MB |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${row('bare ws broadcast (baseline)', baseline)}
${row('the chat, check mode off', ours)}

Throughput chat : bare = **${ratio.toFixed(2)}** (goal ≥ 0.5); p99 **${ms(ours.p99)} ms** (goal < 250 ms); lost **${ours.lost}** (goal 0).

What limits it on this machine: ${RATE} comments a second to ${VIEWERS.toLocaleString('en')} viewers is
${((RATE * VIEWERS) / 1e6).toFixed(1)} million WebSocket messages a second. Sending one message to one socket costs the
bare \`ws\` server about 10 µs (one frame, one write to the socket: ~100–110 ms of CPU per comment at 10,000
viewers), so one core broadcasts about 10 comments a second to them, and the viewers' two threads receive about
45,000 messages a second in all; with the server, the viewers and other work sharing 2 cores, neither server comes near
the goal's rate, and what they do reach is bounded by the viewers as much as by the server. The run at full size
therefore shows the backlog (latency grows for as long as comments come; "lost" is what was still queued when the
drain ended), and the comparison that says something about the chat is its cost per comment against the bare server's.

Profile of the chat's fan-out, and the fix (10,000 viewers, 5 comments/s for 10 s, same machine, 2026-11-25, load
average 12–15 from other work): the chat used to serialise each message once per socket (\`JSON.stringify\` in
its send) and cost **120.8 CPU ms per comment** against the bare server's 103.6 ms in the same run (1.17×), reaching
28,306 deliveries/s against 44,840 (0.63), p50 2,955 ms, p99 11,331 ms. Each room message is now serialised once into
one Buffer and the same bytes are sent to every socket: **113.0 ms per comment** against the bare server's 113.2 ms
in the same run (1.00×), 33,565 deliveries/s against 46,576 (0.72), p50 1,956 ms, p99 6,855 ms; none lost in any of
them. What is left per comment is the per-socket send itself, which the bare server pays alike; the realtime hub
(one in-process event per comment) and the comment's storage do not show. Reaching ${RATE}/s at this size needs fewer
writes per socket (several messages a socket written at once, e.g. corked over a few milliseconds) and more than one
process, not a cheaper message. Opening the sockets took 45–56 s for the chat against 3–5 s for the bare server: each
one reads the activity, the viewer's restrictions and the chat's filter before its welcome. At full size the chat's RSS per 1,000 viewers is lost in
the embedded PGlite's own swings of tens of MB (the bare server's, 7.6 MB, is what a \`ws\` socket costs); the CPU per
comment falls there because sockets whose kernel buffers are full take several queued frames in one write — the
batching the fix above points to.`;
}
