import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { Lifecycle } from './lifecycle.ts';

// The readiness probe (issue 15): whether a load balancer should send this process requests. Liveness (GET
// /api/healthz, the meta feature's) only says the process answers; readiness also needs the database to answer, every
// migration of this code applied, and Redis reached when REDIS_URL is set, and fails from the first moment of a drain.

export type CheckResult = 'ok' | 'failed' | 'unused';

export interface Readiness {
  ready: boolean;
  state: Lifecycle['state'];
  checks: { database: CheckResult; migrations: CheckResult; redis: CheckResult };
}

/** A probe flood costs one database round trip a second at most: an answer is reused this long. */
const CHECK_REUSE_MS = 1_000;
/** A database that has not answered by then is not ready. */
const DATABASE_DEADLINE_MS = 2_000;

export interface ReadinessDeps {
  lifecycle: Lifecycle;
  database: Database;
  realtime: RealtimeHub;
  /** REDIS_URL is set: the hub must reach Redis. */
  usesRedis: boolean;
}

export function createReadinessCheck(deps: ReadinessDeps): () => Promise<Readiness> {
  let migrated = false;
  let last: { at: number; result: Promise<Readiness['checks']> } | null = null;

  async function check(): Promise<Readiness['checks']> {
    const database = await withDeadline(
      deps.database.db
        .selectNoFrom((eb) => eb.lit(1).as('one'))
        .execute()
        .then(() => 'ok' as const),
    );
    // Once every migration is in, it stays in: only the first ready answer reads schema_migrations.
    if (!migrated && database === 'ok') {
      migrated =
        (await withDeadline(pendingMigrations(deps.database).then((pending) => pending.length === 0))) === true;
    }
    const redis: CheckResult = !deps.usesRedis ? 'unused' : deps.realtime.connected?.() === false ? 'failed' : 'ok';
    return { database, migrations: migrated ? 'ok' : 'failed', redis };
  }

  return async () => {
    const now = Date.now();
    if (!last || now - last.at >= CHECK_REUSE_MS) last = { at: now, result: check() };
    const checks = await last.result;
    const state = deps.lifecycle.state;
    const ready =
      state === 'ready' && checks.database === 'ok' && checks.migrations === 'ok' && checks.redis !== 'failed';
    return { ready, state, checks };
  };
}

async function withDeadline<T>(work: Promise<T>): Promise<T | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work.catch(() => 'failed' as const),
      new Promise<'failed'>((resolve) => {
        timer = setTimeout(() => resolve('failed'), DATABASE_DEADLINE_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/readyz: 200 when ready, 503 with what is not (a deployment's probe, not a call of the console). */
export function registerReadinessRoute(server: FastifyInstance, readiness: () => Promise<Readiness>) {
  server.get('/readyz', { config: { auth: false }, schema: { hide: true } }, async (_request, reply) => {
    const result = await readiness();
    if (result.ready) return { ok: true, state: result.state, checks: result.checks };
    return reply.code(503).send({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Not Ready',
      state: result.state,
      checks: result.checks,
    });
  });
}
