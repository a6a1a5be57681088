import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  call,
  createActivity,
  engines,
  signedInAgent,
  signedViewerCookie,
  startApp,
  type TestApp,
} from '../harness.ts';

// GET /metrics (issue 15, operations): counters that move with the requests, labelled by the route's pattern, the
// platform's gauges, and a page only a scraper may read.

/** The value of one series in the exposition text (0 when it is not there yet). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function scrape(app: TestApp['app'], headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
}

describe.each(engines)('metrics on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t.close());

  it('counts requests by the route’s pattern and status, never by their URL', async () => {
    const series = 'http_requests_total{method="GET",route="/api/watch/:id",status="404"}';
    const before = sample((await scrape(t.app)).body, series);
    for (const id of [987_654, 987_655, 987_656]) expect((await call(t.app, 'GET', `/watch/${id}`)).status).toBe(404);
    await call(t.app, 'GET', '/no-such-route-123');
    const page = await scrape(t.app);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/plain');
    expect(sample(page.body, series)).toBe(before + 3);
    expect(page.body).not.toContain('987654');
    expect(page.body).not.toContain('no-such-route-123');
    expect(sample(page.body, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThan(0);
    expect(
      sample(page.body, 'http_request_duration_seconds_count{method="GET",route="/api/watch/:id",status="404"}'),
    ).toBe(before + 3);
    expect(page.body).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/watch/:id"');
  });

  it('answers the platform’s gauges: database, event loop, viewers, pushes, queue, ffmpeg', async () => {
    const { body } = await scrape(t.app);
    for (const name of [
      'yanbo_db_queries_in_flight',
      'yanbo_ready 1',
      'yanbo_ingest_streams 0',
      'yanbo_ffmpeg_jobs 0',
      'yanbo_stream_viewers{protocol="flv"} 0',
      'yanbo_stream_viewers{protocol="hls"} 0',
      'yanbo_task_queue_tasks{status="pending"} 0',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(body).toContain(name);
    }
    // Read before the scrape's own statements start (the task worker's poll may be one at that moment).
    expect(body).toMatch(/^yanbo_db_connection_waits [01]$/m);
    expect(body).toMatch(/^yanbo_db_queries_in_flight [01]$/m);
    if (engine === 'postgres') expect(body).toMatch(/yanbo_db_pool_connections\{state="idle"\} \d+/);
    else expect(body).not.toContain('yanbo_db_pool_connections');
  });

  it('counts the activities pushing, whichever ingest holds them', async () => {
    const agent = await signedInAgent(t.ctx);
    const activityId = await createActivity(t.app, agent.token);
    const before = sample((await scrape(t.app)).body, 'yanbo_live_pushes');
    await t.ctx.db.updateTable('activities').set({ isPushing: true }).where('id', '=', activityId).execute();
    expect(sample((await scrape(t.app)).body, 'yanbo_live_pushes')).toBe(before + 1);
  });

  it('counts the statements running and the callers waiting for a connection', async () => {
    const queries = t.ctx.database.queries;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A transaction holding a connection: on PGlite the only one, so the next caller waits for it.
    let inTransaction = () => {};
    const entered = new Promise<void>((resolve) => {
      inTransaction = resolve;
    });
    const held = t.ctx.db.transaction().execute(async (trx) => {
      await trx.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
      inTransaction();
      await gate;
    });
    await entered;
    const next = t.ctx.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    if (engine === 'pglite') await expect.poll(() => queries.waiting).toBe(1);
    release();
    await Promise.all([held, next]);
    expect(queries.waiting).toBe(0);
    expect(queries.inFlight).toBe(0);
  });

  it('counts a task waiting in the queue', async () => {
    const agent = await signedInAgent(t.ctx);
    const activityId = await createActivity(t.app, agent.token);
    await t.ctx.db
      .insertInto('tasks')
      .values({
        agentId: agent.agent.id,
        activityId,
        label: 'x',
        kind: 'nothing-runs-this',
        name: 'x.csv',
        params: '{}',
      })
      .execute();
    expect(sample((await scrape(t.app)).body, 'yanbo_task_queue_tasks{status="pending"}')).toBe(1);
  });

  it('counts the chat sockets open, by route', async () => {
    const agent = await signedInAgent(t.ctx);
    const activityId = await createActivity(t.app, agent.token);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const series = 'yanbo_websocket_connections{route="/api/watch/:id/chat"}';
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/watch/${activityId}/chat`, {
      headers: { cookie: signedViewerCookie(t.ctx, 'metrics-viewer') },
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    expect(sample((await scrape(t.app)).body, series)).toBe(1);
    ws.close();
    await expect.poll(async () => sample((await scrape(t.app)).body, series)).toBe(0);
  });

  it('is refused to another machine and through a proxy when no token is set', async () => {
    const remote = await scrape(t.app, {}, '10.1.2.3');
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain('http_requests_total');
    expect((await scrape(t.app, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
  });
});

describe.each(engines)('metrics behind METRICS_TOKEN on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine, { metricsToken: 'scrape-secret-1' });
  });
  afterAll(() => t.close());

  it('asks every caller, this machine too, for the bearer token', async () => {
    expect((await scrape(t.app)).statusCode).toBe(401);
    expect((await scrape(t.app, { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await scrape(t.app, { authorization: 'Bearer scrape-secret-1x' })).statusCode).toBe(401);
    const allowed = await scrape(t.app, { authorization: 'Bearer scrape-secret-1' }, '10.1.2.3');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_requests_total');
  });
});
