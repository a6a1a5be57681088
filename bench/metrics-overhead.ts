import os from 'node:os';
import { startServer } from '../e2e/start-server.ts';
import { CONNECTIONS, DURATION_S, type Figures, measure, tableRow } from './measure.ts';
import { writeSection } from './readme-section.ts';

// What the Prometheus metrics cost a request (issue 15, operations): the same server started with METRICS=off and
// with the metrics on (the default), each measured on the bare GET /api/healthz and on the authenticated GET
// /api/agent/me (a session lookup), one after the other in the same run. Request ids and the drain's request tracking
// stay on in both: they are not optional.

interface Target {
  baseUrl: string;
  token: string;
  stop(): Promise<void>;
}

async function start(metrics: 'on' | 'off'): Promise<Target> {
  const server = await startServer({
    ADMIN_MOBILE: '13800000019',
    ADMIN_PASSWORD: 'bench-pass-1',
    // Two servers at once: each its own free RTMP port.
    RTMP_PORT: '0',
    ...(metrics === 'off' ? { METRICS: 'off' } : {}),
  });
  const login = await fetch(`${server.baseUrl}/api/agent/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '13800000019', password: 'bench-pass-1' }),
  });
  const { token } = (await login.json()) as { token: string };
  return { baseUrl: server.baseUrl, token, stop: () => server.stop() };
}

const ROUNDS = 3;

/** Each route measured ROUNDS times per server, the servers taking turns, so a slower stretch hits both. */
async function rounds(target: Target, other: Target, path: string, auth: boolean): Promise<[Figures[], Figures[]]> {
  const runs: [Figures[], Figures[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, server] of [target, other].entries()) {
      const figures = await measure(
        `${server.baseUrl}${path}`,
        auth ? { authorization: `Bearer ${server.token}` } : {},
      );
      if (figures.errors > 0) throw new Error(`${path}: ${figures.errors} errors`);
      runs[index].push(figures);
    }
  }
  return runs;
}

/** The lowest and highest requests/s of a server's rounds: how far the machine moved a figure on its own. */
const spread = (runs: Figures[]) =>
  `${Math.min(...runs.map((run) => run.rps))}–${Math.max(...runs.map((run) => run.rps))}`;

const mean = (runs: Figures[]): Figures => ({
  rps: Math.round(runs.reduce((sum, run) => sum + run.rps, 0) / runs.length),
  p50: Math.max(...runs.map((run) => run.p50)),
  p99: Math.max(...runs.map((run) => run.p99)),
  errors: runs.reduce((sum, run) => sum + run.errors, 0),
});

const change = (on: Figures, off: Figures) => `${(((on.rps - off.rps) / off.rps) * 100).toFixed(1)} %`;

export async function benchMetricsOverhead() {
  const off = await start('off');
  const on = await start('on');
  let healthRuns: [Figures[], Figures[]];
  let meRuns: [Figures[], Figures[]];
  let scrapeBytes = 0;
  try {
    healthRuns = await rounds(off, on, '/api/healthz', false);
    meRuns = await rounds(off, on, '/api/agent/me', true);
    scrapeBytes = (await (await fetch(`${on.baseUrl}/metrics`)).text()).length;
  } finally {
    await off.stop();
    await on.stop();
  }
  const health = [mean(healthRuns[0]), mean(healthRuns[1])];
  const me = [mean(meRuns[0]), mean(meRuns[1])];
  console.log(`metrics off/on: healthz ${health[0].rps}/${health[1].rps} rps, agent/me ${me[0].rps}/${me[1].rps} rps`);
  await writeSection(
    'metrics-overhead',
    `## Prometheus metrics on against off

Two server processes on the embedded PGlite, one started with \`METRICS=off\` and one with the metrics on (the
default), measured in turns (each route ${ROUNDS} times on each, the mean shown, the worst latency), ${CONNECTIONS}
connections, ${DURATION_S} s per measurement after a 2 s warm-up, autocannon in the same run on
${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)}). With the metrics on, each request is counted
by method, route pattern and status, and its latency observed in a histogram (prom-client); the gauges cost nothing
per request (they are read when /metrics is scraped).

| route | metrics | requests/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|---|
${tableRow('GET /api/healthz | off', health[0])}
${tableRow('GET /api/healthz | on', health[1])}
${tableRow('GET /api/agent/me | off', me[0])}
${tableRow('GET /api/agent/me | on', me[1])}

Throughput with the metrics on against off: **${change(health[1], health[0])}** on healthz,
**${change(me[1], me[0])}** on /agent/me. The rounds of one server ranged over healthz
${spread(healthRuns[0])} (off) and ${spread(healthRuns[1])} (on), /agent/me ${spread(meRuns[0])} (off) and
${spread(meRuns[1])} (on) requests/s: a change inside that range is the machine's, not the metrics'. A scrape after the run was ${Math.round(scrapeBytes / 1024)} KiB of
text. fastify-metrics was not measured beside it: it is prom-client with these two hooks written for it, so it costs
the same per request; prom-client alone was kept for one dependency less.`,
  );
}
