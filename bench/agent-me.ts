import os from 'node:os';
import pg from 'pg';
import { startServer } from '../e2e/start-server.ts';
import { CONNECTIONS, DURATION_S, measure, tableRow } from './measure.ts';
import { writeSection } from './readme-section.ts';

// An authenticated GET /api/agent/me (session lookup + agent row) against the same server's bare GET /api/healthz.

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function benchOn(engine: string, env: Record<string, string>) {
  const server = await startServer({ ADMIN_MOBILE: '13800000009', ADMIN_PASSWORD: 'bench-pass-1', ...env });
  try {
    const login = await fetch(`${server.baseUrl}/api/agent/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '13800000009', password: 'bench-pass-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const health = await measure(`${server.baseUrl}/api/healthz`);
    const me = await measure(`${server.baseUrl}/api/agent/me`, { authorization: `Bearer ${token}` });
    const ratio = me.rps / health.rps;
    console.log(`agent-me on ${engine}: healthz ${health.rps} rps, agent/me ${me.rps} rps, ratio ${ratio.toFixed(2)}`);
    if (me.errors > 0) throw new Error(`GET /agent/me answered ${me.errors} errors`);
    return `### ${engine}

| route | requests/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|
${tableRow('GET /api/healthz (baseline)', health)}
${tableRow('GET /api/agent/me', me)}

Ratio /agent/me : healthz = **${ratio.toFixed(2)}**.`;
  } finally {
    await server.stop();
  }
}

export async function benchAgentMe() {
  const sections = [await benchOn('embedded PGlite', {})];
  const postgres = await withBenchDatabase();
  if (postgres) {
    try {
      sections.push(await benchOn('PostgreSQL (127.0.0.1:5432)', { DATABASE_URL: postgres.url }));
    } finally {
      await postgres.drop();
    }
  }
  await writeSection(
    'agent-me',
    `## Authenticated \`GET /api/agent/me\` against \`GET /api/healthz\`

One server process, ${CONNECTIONS} connections, ${DURATION_S} s per route after a 2 s warm-up, autocannon in the same
run on ${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)}). Each /agent/me resolves the hashed session
token with its agent in one indexed query; healthz touches no database.

${sections.join('\n\n')}`,
  );
}

/** A database of its own on the local PostgreSQL, when one answers. */
async function withBenchDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `yanbo_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  return {
    url: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
