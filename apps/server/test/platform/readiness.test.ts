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
