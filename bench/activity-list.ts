import { createHash } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { startServer } from '../e2e/start-server.ts';
import { CONNECTIONS, DURATION_S, measure, tableRow } from './measure.ts';
import { writeSection } from './readme-section.ts';

// GET /api/activity (page 1 of 15, the seed's order) for an agent holding 10,000 activities among 1,000,000, on
// PostgreSQL, against the same server's GET /api/healthz.

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const AGENTS = 100;
const PER_AGENT = 10_000;

/** 100 agents with 10,000 activities each, written by PostgreSQL itself (generate_series), then analysed. */
async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    await client.query(`insert into agents (mobile, password_hash, contact)
      select '1500000' || lpad(n::text, 4, '0'), 'scrypt$1$1$1$x$x', 'bench ' || n from generate_series(1, ${AGENTS}) n`);
    // The per-agent count rollup is written once from the rows rather than by the trigger a million times (the
    // benchmark's own database, so nothing else writes meanwhile); the list's total check below proves it right.
    await client.query('begin');
    await client.query('alter table activities disable trigger activities_count');
    await client.query(`insert into activities (agent_id, name, type, status, is_pushing, started_at, ended_at, stream, created_at)
      select a.id, 'activity ' || a.id || '-' || n, case when n % 5 = 0 then 'video' else 'live' end,
             case when n % 7 = 0 then 'disabled' else 'enabled' end, n % 997 = 0,
             now() - (n % 300) * interval '1 day', '2998-12-31T16:00:00Z', 's' || a.id || 'x' || n,
             now() - n * interval '1 minute'
      from agents a cross join generate_series(1, ${PER_AGENT}) n where a.contact like 'bench %'`);
    await client.query(`insert into agent_activity_counts (agent_id, is_archived, count)
      select agent_id, is_archived, count(*) from activities where deleted_at is null group by agent_id, is_archived
      on conflict (agent_id, is_archived) do update set count = excluded.count`);
    await client.query('alter table activities enable trigger activities_count');
    await client.query('commit');
    await client.query('vacuum analyze activities');
    const { rows } = await client.query('select count(*)::int as count from activities');
    return { rows: rows[0].count as number, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

export async function benchActivityList() {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch {
    console.log('activity-list: no PostgreSQL on 127.0.0.1:5432, skipped');
    return;
  }
  const name = `yanbo_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const server = await startServer({ DATABASE_URL: url, ADMIN_MOBILE: '13800000010', ADMIN_PASSWORD: 'bench-pass-1' });
  try {
    const seeded = await seed(url);
    // The seeded agents have no usable password; a session row made the way the server makes one acts as agent 42.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const token = `bench-${Date.now()}-token-for-activity-list`;
    await client.query(
      `insert into sessions (token_hash, agent_id, expires_at)
       select $1, id, now() + interval '1 day' from agents where mobile = '15000000042'`,
      [createHash('sha256').update(token).digest('hex')],
    );
    await client.end();
    const headers = { authorization: `Bearer ${token}` };
    const check = await fetch(`${server.baseUrl}/api/activity?page=1&pageSize=15`, { headers });
    const body = (await check.json()) as { pager: { total: number }; items: unknown[] };
    if (body.pager.total !== PER_AGENT || body.items.length !== 15) throw new Error('unexpected list answer');

    const health = await measure(`${server.baseUrl}/api/healthz`);
    const list = await measure(`${server.baseUrl}/api/activity?page=1&pageSize=15`, headers);
    const filtered = await measure(`${server.baseUrl}/api/activity?page=3&pageSize=15&status=enabled`, headers);
    await writeSection(
      'activity-list',
      `## Activity list: 15 per page for an agent with ${PER_AGENT.toLocaleString('en')} of ${seeded.rows.toLocaleString('en')} activities

PostgreSQL on 127.0.0.1:5432, one server process, ${CONNECTIONS} connections, ${DURATION_S} s per route after a 2 s
warm-up, on ${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)}). Seeding ${seeded.rows.toLocaleString('en')} rows took ${seeded.seconds.toFixed(1)} s.
Each list request resolves the session and reads one page in the seed's order (isPushing DESC, status ASC, createdAt
DESC) through the (agent_id, is_archived, is_pushing, status, created_at) index. The unfiltered list takes its total
from the trigger-kept per-agent rollup; a filtered one (here the status filter, which depends on start and end times)
counts its matching rows, which is what the second row measures.

| route | requests/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|
${tableRow('GET /api/healthz (baseline)', health)}
${tableRow('GET /api/activity?page=1&pageSize=15', list)}
${tableRow('GET /api/activity?page=3&pageSize=15&status=enabled', filtered)}

Ratio list : healthz = **${(list.rps / health.rps).toFixed(2)}**; filtered : healthz = **${(filtered.rps / health.rps).toFixed(2)}**.`,
    );
    console.log(`activity-list: healthz ${health.rps} rps, list ${list.rps} rps (p99 ${list.p99} ms)`);
  } finally {
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
