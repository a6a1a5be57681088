import { connect } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { hasNginx, startNginx } from '../e2e/start-nginx.ts';
import { freePort, type RunningServer, startServer } from '../e2e/start-server.ts';
import { CONNECTIONS, DURATION_S, type Figures, measure } from './measure.ts';
import { writeSection } from './readme-section.ts';

// Throughput of 1, 2 and 4 API processes behind Debian's nginx (issue 15, stateless API processes), all on one
// PostgreSQL and one Redis, on the console's activity list and the watch page's API, against one process answering
// directly in the same run: what a load balancer costs, and what each added process brings on this machine.

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { mobile: '13800000015', password: 'bench-pass-1' };
/** Within the free package's activity quota. */
const ACTIVITIES = 3;
const PROCESS_COUNTS = [1, 2, 4];
const ROUNDS = 2;

/** Whether Redis answers a PING (RESP inline command) at REDIS_URL. */
function redisAnswers(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port || 6379), url.hostname);
    socket.setTimeout(1_000, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      resolve(String(data).startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('close', () => resolve(false));
    socket.once('error', () => resolve(false));
  });
}

interface Row {
  label: string;
  list: Figures;
  watch: Figures;
}

export async function benchClusterThroughput() {
  const loadBefore = os.loadavg()[0]?.toFixed(1);
  if (!hasNginx()) {
    console.log('cluster-throughput: no nginx (scripts/ensure-system-deps.sh installs it), skipped');
    return;
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch {
    console.log('cluster-throughput: no PostgreSQL on 127.0.0.1:5432, skipped');
    return;
  }
  if (!(await redisAnswers())) {
    await admin.end();
    console.log('cluster-throughput: no Redis on 127.0.0.1:6379, skipped');
    return;
  }
  const name = `yanbo_bench_cluster_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const servers: RunningServer[] = [];
  const startOne = async () => {
    const rtmpPort = await freePort();
    servers.push(
      await startServer({
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_PREFIX: `${name}:`,
        RTMP_PORT: String(rtmpPort),
        RTMP_HOST: '127.0.0.1',
        MEDIA_PROCESS: 'inline',
        ADMIN_MOBILE: ADMIN.mobile,
        ADMIN_PASSWORD: ADMIN.password,
        SECRET_KEY: 'bench-cluster-secret',
        TRUST_PROXY: '127.0.0.1',
      }),
    );
  };
  try {
    // One after the other: the first migrates the database, the others find it migrated.
    for (let i = 0; i < Math.max(...PROCESS_COUNTS); i++) await startOne();
    const first = servers[0] as RunningServer;
    const login = await fetch(`${first.baseUrl}/api/agent/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.mobile, password: ADMIN.password }),
    });
    if (!login.ok) throw new Error(`login answered ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let watched = 0;
    for (let i = 0; i < ACTIVITIES; i++) {
      const created = await fetch(`${first.baseUrl}/api/activity`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `bench-${name}-${i}` },
        body: JSON.stringify({ name: `压测活动 ${i + 1}` }),
      });
      if (!created.ok) throw new Error(`POST /api/activity answered ${created.status} ${await created.text()}`);
      watched = ((await created.json()) as { id: number }).id;
    }
    const listPath = '/api/activity?page=1&pageSize=15';
    const watchPath = `/api/watch/${watched}`;
    const auth = { authorization: `Bearer ${token}` };
    const check = await fetch(`${first.baseUrl}${watchPath}`);
    if (!check.ok) throw new Error(`GET ${watchPath} answered ${check.status}`);

    // Every setup is measured ROUNDS times, the rounds interleaved, and its best round kept: the cores are shared
    // with whatever else runs, and a burst elsewhere should not be read as a setup's cost.
    const fronts = [];
    for (const count of PROCESS_COUNTS) {
      const ports = servers.slice(0, count).map((server) => Number(new URL(server.baseUrl).port));
      fronts.push({ label: `${count} process${count > 1 ? 'es' : ''} behind nginx`, nginx: await startNginx(ports) });
    }
    const setups = [{ label: '1 process, direct (baseline)', baseUrl: first.baseUrl }].concat(
      fronts.map((front) => ({ label: front.label, baseUrl: front.nginx.baseUrl })),
    );
    const best = (a: Figures | undefined, b: Figures) => (a && a.rps >= b.rps ? a : b);
    const rows: Row[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, setup] of setups.entries()) {
          const list = await measure(`${setup.baseUrl}${listPath}`, auth);
          const watch = await measure(`${setup.baseUrl}${watchPath}`);
          const row = rows[index];
          rows[index] = { label: setup.label, list: best(row?.list, list), watch: best(row?.watch, watch) };
        }
      }
    } finally {
      for (const front of fronts) await front.nginx.stop();
    }
    const load = os.loadavg()[0]?.toFixed(1);
    const baseline = rows[0] as Row;
    for (const row of rows) {
      console.log(`cluster-throughput: ${row.label}: list ${row.list.rps} rps, watch ${row.watch.rps} rps`);
    }
    const errors = rows.reduce((sum, row) => sum + row.list.errors + row.watch.errors, 0);
    const ratio = (row: Row) =>
      `${(row.list.rps / baseline.list.rps).toFixed(2)} / ${(row.watch.rps / baseline.watch.rps).toFixed(2)}`;
    await writeSection(
      'cluster-throughput',
      `## Cluster throughput: 1, 2 and 4 API processes behind nginx

PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 shared by every process (REDIS_URL: rate limits, viewer
counts and the realtime hub in Redis), Debian's nginx (one worker, round robin, kept-alive upstream connections) in
front, ${CONNECTIONS} connections, ${DURATION_S} s per route after a 2 s warm-up, the best of ${ROUNDS} interleaved rounds, on ${os.cpus().length} cores
(${new Date().toISOString().slice(0, 10)}). The console's list is \`GET ${listPath}\` (signed in, ${ACTIVITIES}
activities); the watch page's is \`GET /api/watch/{id}\` (public). The baseline is one process answering directly in
the same run. Load generator, nginx and every process share the same cores, so more processes than cores cannot add
throughput here: the figures show what putting the load balancer in front changes and that the processes share the
load without errors;
on a machine with a core per process each process adds its own. The 1-minute load average was ${loadBefore} before
the run and ${load} when it ended (the run's own processes, and whatever else the machine ran) on ${os.cpus().length} cores.

| setup | list requests/s | list p99 ms | watch requests/s | watch p99 ms | errors | list / watch vs baseline |
|---|---|---|---|---|---|---|
${rows
  .map(
    (row) =>
      `| ${row.label} | ${row.list.rps} | ${row.list.p99} | ${row.watch.rps} | ${row.watch.p99} | ${row.list.errors + row.watch.errors} | ${ratio(row)} |`,
  )
  .join('\n')}
`,
    );
    if (errors > 0) throw new Error(`cluster-throughput: ${errors} errors`);
  } finally {
    for (const server of servers) await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
