import { readFile } from 'node:fs/promises';
import { get as httpGet, type IncomingMessage } from 'node:http';
import os from 'node:os';
import { pipeline } from 'node:stream/promises';
import { chosenFields, rangeInstants, statsRange, statsToday } from '@yanbo/contracts';
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { exportSelect, exportSource } from '../apps/server/src/features/exports/index.ts';
import { entryNodeFlags } from '../deploy/node-command.ts';
import { freePort, startServer } from '../e2e/start-server.ts';
import { writeSection } from './readme-section.ts';

// A 1,000,000-row CSV export (the user visits of one activity, every field) through the real HTTP route, against
// PostgreSQL's `COPY (the same select) TO STDOUT` of the same rows in the same run; the server's RSS sampled while it
// streams. Goal: within 1.5× of COPY, RSS under 200 MB.

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
const ROUNDS = 3;
const ADMIN = { mobile: '13800000011', password: 'bench-pass-1' };

async function seed(url: string, activityId: number, agentId: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    // Written past the statistics' rollup triggers (the benchmark's own database: nothing reads the rollups here).
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(
      `insert into visits (activity_id, agent_id, viewer_id, device, user_agent, referrer, ditch_sign, started_at,
         last_seen_at, watch_seconds, ip)
       select $1, $2, 'viewer-' || (n % 250000), (array['mobile', 'desktop', 'tablet'])[1 + n % 3],
         case when n % 4 = 0 then 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 MicroMessenger/8.0.47'
              else 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36' end,
         case when n % 3 = 0 then 'https://mp.weixin.qq.com/s/' || n else '' end, null,
         now() - make_interval(secs => n * 6), now() - make_interval(secs => n * 6) + interval '5 minutes',
         n % 1800, '10.' || (n % 250) || '.' || (n % 199) || '.' || (n % 97)
       from generate_series(1, $3::int) n`,
      [activityId, agentId, ROWS],
    );
    await client.query('commit');
    await client.query('vacuum analyze visits');
    return (Date.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/** The server process's resident memory, in MB (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Reads a response body to its end, counting bytes and line ends. */
async function drain(body: AsyncIterable<Uint8Array>): Promise<{ bytes: number; lines: number }> {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    for (let at = buffer.indexOf(10); at >= 0; at = buffer.indexOf(10, at + 1)) lines += 1;
  }
  return { bytes, lines };
}

/** The statement with its parameters written in (COPY takes none). */
function inline(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = query.parameters[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

const serverEnv = async (url: string) => ({
  DATABASE_URL: url,
  ADMIN_MOBILE: ADMIN.mobile,
  ADMIN_PASSWORD: ADMIN.password,
  // The benchmark needs no ingest; a port of its own keeps it off one another run is using.
  RTMP_PORT: String(await freePort()),
  RTMP_HOST: '127.0.0.1',
});

export async function benchCsvExport() {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch {
    console.log('csv-export: no PostgreSQL on 127.0.0.1:5432, skipped');
    return;
  }
  const name = `yanbo_bench_csv_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  let server = await startServer(await serverEnv(url));
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const login = await fetch(`${server.baseUrl}/api/agent/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.mobile, password: ADMIN.password }),
    });
    const { token, me } = (await login.json()) as { token: string; me: { id: number } };
    const headers = { authorization: `Bearer ${token}` };
    const created = await fetch(`${server.baseUrl}/api/activity`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '导出基准' }),
    });
    const activityId = ((await created.json()) as { id: number }).id;
    const seconds = await seed(url, activityId, me.id);

    // The range that holds every seeded visit (6 s apart: 1,000,000 span 70 days).
    const range = { startTime: statsRange({}).startTime, endTime: statsToday() };
    const routePath = `/api/activity/${activityId}/stats/user-visits/csv?startTime=${range.startTime}&endTime=${range.endTime}`;
    // The same select the route runs, whole, for COPY.
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    const source = exportSource('user-visits', {
      agentId: me.id,
      subagentId: null,
      activityId,
      range: rangeInstants(range),
    });
    const select = inline(exportSelect(source, chosenFields('user-visits', [])).compile(db));

    const route = async () => {
      let peak = 0;
      const sampler = setInterval(() => {
        rssMb(server.pid)
          .then((mb) => {
            peak = Math.max(peak, mb);
          })
          .catch(() => {});
      }, 50);
      const started = performance.now();
      // A plain node:http client, as COPY's is a plain socket stream: the comparison is of the two servers.
      const response = await new Promise<IncomingMessage>((resolve, reject) =>
        httpGet(`${server.baseUrl}${routePath}`, { headers }, resolve).on('error', reject),
      );
      if (response.statusCode !== 200) throw new Error(`route answered ${response.statusCode}`);
      const read = await drain(response);
      const ms = performance.now() - started;
      clearInterval(sampler);
      return { ms, ...read, peak };
    };
    const copy = async () => {
      const client = await pool.connect();
      try {
        const started = performance.now();
        const stream = client.query(copyTo(`copy (${select}) to stdout with (format csv, header)`));
        let read = { bytes: 0, lines: 0 };
        await pipeline(stream, async (chunks: AsyncIterable<Uint8Array>) => {
          read = await drain(chunks);
        });
        return { ms: performance.now() - started, ...read };
      } finally {
        client.release();
      }
    };

    const idleRss = await rssMb(server.pid);
    const routes: Awaited<ReturnType<typeof route>>[] = [];
    const copies: Awaited<ReturnType<typeof copy>>[] = [];
    // Alternating, after one warm-up of each (the table's pages in the cache for both).
    await copy();
    await route();
    for (let round = 0; round < ROUNDS; round += 1) {
      copies.push(await copy());
      routes.push(await route());
    }
    // The same export from a server on node's default young generation (no flags), for what the flag buys.
    await server.stop();
    server = await startServer(await serverEnv(url), []);
    const defaultIdle = await rssMb(server.pid);
    await route();
    const byDefault = await route();

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const routeMs = median(routes.map((r) => r.ms));
    const copyMs = median(copies.map((r) => r.ms));
    const peak = Math.max(...routes.map((r) => r.peak));
    const rows = (routes[0]?.lines ?? 1) - 1;
    if (rows !== ROWS || (copies[0]?.lines ?? 0) - 1 !== ROWS || byDefault.lines - 1 !== ROWS) {
      throw new Error(`row counts ${rows}, ${copies[0]?.lines}, ${byDefault.lines}`);
    }
    const ratio = routeMs / copyMs;
    const load = os.loadavg()[0]?.toFixed(1);
    await writeSection(
      'csv-export',
      `## CSV export: ${ROWS.toLocaleString('en')} user visits through the HTTP route against PostgreSQL's COPY

PostgreSQL on 127.0.0.1:5432, one server process, on ${os.cpus().length} cores at load ${load} (${new Date().toISOString().slice(0, 10)}).
${ROWS.toLocaleString('en')} visits of one activity (seeded in ${seconds.toFixed(1)} s). The route is
\`GET /api/activity/{id}/stats/user-visits/csv\` with every field, read to its end by a client on the same machine.
PostgreSQL computes each row's cells once (Beijing times, the device and browser labels) and makes its CSV line
(\`csv_cell\` on the cells that may need it); the server streams the lines with
\`COPY (select line …) TO STDOUT WITH (FORMAT binary)\` on a connection of its own and writes each line over its own
framing in the chunk it came in (\`platform/db/copy-lines.ts\`), so Node decodes no line into a string; it reads only as
fast as the client does. (PGlite, or a fifth copy at once in one process, reads the same lines in keyset batches of
10,000.) The baseline is \`COPY (the same select, whole) TO STDOUT WITH (FORMAT csv)\` on one connection, read to its end
by the same client code. Median of ${ROUNDS} alternating rounds after a warm-up of each; the server's RSS sampled every
50 ms while it streams.

| | time ms | MB | server RSS MB |
|---|---|---|---|
| COPY (same select) TO STDOUT (baseline) | ${copyMs.toFixed(0)} | ${((copies[0]?.bytes ?? 0) / 1e6).toFixed(1)} | — |
| GET …/stats/user-visits/csv, the server as \`npm start\` runs it (\`${entryNodeFlags('apps/server/src/main.ts').join(' ')}\`) | ${routeMs.toFixed(0)} | ${((routes[0]?.bytes ?? 0) / 1e6).toFixed(1)} | ${idleRss.toFixed(0)} idle, ${peak.toFixed(0)} peak |
| the same, node's default young generation (no flags) | ${byDefault.ms.toFixed(0)} | ${(byDefault.bytes / 1e6).toFixed(1)} | ${defaultIdle.toFixed(0)} idle, ${byDefault.peak.toFixed(0)} peak |

Route : COPY = **${ratio.toFixed(2)}×** (goal ≤ 1.5×). Server RSS while streaming: **${peak.toFixed(0)} MB** peak
(goal < 200 MB: ${peak < 200 ? 'met' : 'not met'}). What the export adds is the socket's reads waiting for a young
collection; the rest is the idle process, most of it the young generation node sizes by default (up to 16 MB a
semi-space on 64 bits), which \`--max-semi-space-size=8\` halves at no measured cost in requests/s (README "Memory").`,
    );
    console.log(
      `csv-export: route ${routeMs.toFixed(0)} ms, COPY ${copyMs.toFixed(0)} ms, ratio ${ratio.toFixed(2)}, peak RSS ${peak.toFixed(0)} MB (idle ${idleRss.toFixed(0)}); default young generation ${byDefault.ms.toFixed(0)} ms, peak ${byDefault.peak.toFixed(0)} MB`,
    );
  } finally {
    await pool.end();
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
