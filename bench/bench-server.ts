import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import type { AgentRow } from '../apps/server/src/platform/db/schema.ts';
import { freePort, type RunningServer, startServer } from '../e2e/start-server.ts';

// What the benchmarks on PostgreSQL start from: a database of their own on 127.0.0.1:5432 (BENCH_POSTGRES_URL names
// another server), created under a unique name and dropped afterwards, and either the real server process on it with
// its admin agent signed in, or the migrated database opened in the benchmark's own process with one agent inserted.

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabaseTarget {
  /** The database's name: unique to this run, also a fine prefix for anything else the run names (Redis keys). */
  name: string;
  url: string;
}

/**
 * Runs fn on a database created for it (yanbo_bench_<label>_<time>), dropped once fn is done; answers undefined, with
 * a line saying so, when no PostgreSQL answers.
 */
export async function withPostgres<T>(
  label: string,
  fn: (target: BenchDatabaseTarget) => Promise<T>,
): Promise<T | undefined> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch {
    console.log(`${label}: no PostgreSQL at ${new URL(ADMIN_URL).host}, skipped`);
    return undefined;
  }
  const name = `yanbo_bench_${label.replace(/[^a-z0-9]+/g, '_')}_${Date.now()}`;
  try {
    await admin.query(`create database ${name}`);
    return await fn({ name, url: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`) });
  } finally {
    await dropDatabase(admin, name);
    await admin.end();
  }
}

/**
 * A pool's connections leave a moment after it ends: waits for them (up to 5 s) so that none is cut off mid-close
 * (a pool whose closing connection is terminated fails loudly), then drops, forcing out whatever is left.
 */
async function dropDatabase(admin: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}

export interface BenchServerOptions {
  /** The admin agent the server creates at start-up, and signs in. */
  admin: { mobile: string; password: string };
  /** SECRET_KEY: what the benchmark signs pay notifications or viewer cookies with. */
  secretKey: string;
  /** More of the server's environment (REDIS_URL, MEDIA_PROCESS…). */
  env?: Record<string, string>;
}

export interface BenchServer {
  baseUrl: string;
  /** The server process's pid (its /proc figures). */
  pid: number;
  database: BenchDatabaseTarget;
  /** A pool of 10 connections to the server's database, for what a benchmark writes or checks beside the API. */
  sql: pg.Pool;
  /** The signed-in admin agent: its bearer token and id. */
  token: string;
  agentId: number;
  /** One API call as the signed-in agent (`path` after /api); throws on any answer but 2xx. */
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
}

/**
 * Runs fn against the real server process (apps/server/src/main.ts) started on a database of its own, its RTMP ingest
 * on a free loopback port, with the admin agent signed in; stops the server and drops the database afterwards.
 */
export async function withBenchServer<T>(
  label: string,
  options: BenchServerOptions,
  fn: (server: BenchServer) => Promise<T>,
): Promise<T | undefined> {
  return withPostgres(label, async (database) => {
    let running: RunningServer | undefined;
    const sql = new pg.Pool({ connectionString: database.url, max: 10 });
    try {
      running = await startServer({
        DATABASE_URL: database.url,
        SECRET_KEY: options.secretKey,
        ADMIN_MOBILE: options.admin.mobile,
        ADMIN_PASSWORD: options.admin.password,
        RTMP_PORT: String(await freePort()),
        RTMP_HOST: '127.0.0.1',
        ...options.env,
      });
      const api = `${running.baseUrl}/api`;
      const login = await fetch(`${api}/agent/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: options.admin.mobile, password: options.admin.password }),
      });
      if (!login.ok) throw new Error(`${label}: sign-in answered ${login.status} ${await login.text()}`);
      const { token, me } = (await login.json()) as { token: string; me: { id: number } };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      return await fn({
        baseUrl: running.baseUrl,
        pid: running.pid,
        database,
        sql,
        token,
        agentId: me.id,
        async call<R>(method: string, path: string, body?: unknown): Promise<R> {
          const response = await fetch(`${api}${path}`, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
          return (await response.json()) as R;
        },
      });
    } finally {
      await sql.end();
      await running?.stop();
    }
  });
}

/**
 * Runs fn on a migrated database opened in this process (the services called directly, no server), with one agent
 * inserted as its sign-up would (mobile and contact given); closes it and drops it afterwards.
 */
export async function withMigratedDatabase<T>(
  label: string,
  agent: { mobile: string; contact: string },
  fn: (database: Database, agent: AgentRow) => Promise<T>,
): Promise<T | undefined> {
  return withPostgres(label, async (target) => {
    const database = await openDatabase({ databaseUrl: target.url, dataDir: '', inMemory: false });
    try {
      await migrate(database);
      const row = await database.db
        .insertInto('agents')
        .values({ mobile: agent.mobile, passwordHash: 'x', contact: agent.contact } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
      return await fn(database, row as AgentRow);
    } finally {
      await database.close();
    }
  });
}
