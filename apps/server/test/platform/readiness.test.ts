import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, engines, startApp, type TestApp } from '../harness.ts';

// Readiness (issue 15): GET /api/readyz says whether a load balancer should send this process requests: the database
// answers, every migration is applied, Redis is reached when REDIS_URL is set; and from the first moment of a drain
// it fails, as every new request does.

describe.each(engines)('readiness on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t.close());

  it('is ready once built, and liveness stays where it was', async () => {
    const ready = await call(t.app, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      ok: true,
      state: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'unused' },
    });
    expect((await call(t.app, 'GET', '/healthz')).body).toEqual({ ok: true });
  });

  it('fails at once when the process drains, and every new request is refused with its connection closed', async () => {
    t.lifecycle.drain();
    const ready = await call(t.app, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers.connection).toBe('close');
    const other = await call(t.app, 'GET', '/error-codes');
    expect(other.status).toBe(503);
    expect(other.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'Server is shutting down' });
  });
});

describe.each(engines)('readiness of a process not ready on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t.close());

  it('fails while a migration of this code is missing from the database', async () => {
    await t.ctx.database.withScripts((run) =>
      run('delete from schema_migrations where name = (select max(name) from schema_migrations)'),
    );
    const ready = await call(t.app, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      statusCode: 503,
      message: 'Not Ready',
      state: 'ready',
      checks: { database: 'ok', migrations: 'failed', redis: 'unused' },
    });
  });
});

describe('readiness with REDIS_URL', () => {
  let redis: ChildProcess;
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    t = await startApp('pglite', { redisUrl: `redis://127.0.0.1:${port}`, redisPrefix: `ready-${port}:` });
  });
  afterAll(async () => {
    await t.close();
    if (redis.exitCode === null) redis.kill('SIGKILL');
  });

  it('is ready while Redis is reached, and fails once it is gone', async () => {
    const status = async () => {
      const ready = await call(t.app, 'GET', '/readyz');
      return `${ready.status} ${ready.body.checks?.redis}`;
    };
    await expect.poll(status, { timeout: 10_000 }).toBe('200 ok');
    redis.kill('SIGKILL');
    await expect.poll(status, { timeout: 10_000 }).toBe('503 failed');
  });
});

describe('readiness with REDIS_URL where nothing answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: Redis stays away, and the process starts all the same.
    t = await startApp('pglite', { redisUrl: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('fails while Redis cannot be reached', async () => {
    const ready = await call(t.app, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toEqual({ database: 'ok', migrations: 'ok', redis: 'failed' });
  });
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}
