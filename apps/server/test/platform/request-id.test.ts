import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runForRequest } from '../../src/platform/request-context.ts';
import { call, createActivity, engines, signedInAgent, startApp, type TestApp } from '../harness.ts';

// Request ids (issue 15): each answer names its request in X-Request-Id, a proxy's id is kept only from a proxy
// TRUST_PROXY names, and the lines written for the request (its own, the slow statements it ran, the task it queued)
// carry the same id as reqId.

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  sql?: string;
  [key: string]: unknown;
}

function logSink() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text));
      done();
    },
  });
  return { lines, stream };
}

describe.each(engines)('request ids on %s', (engine) => {
  const sink = logSink();
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    // Every statement counts as slow here, so the request's statements are all logged.
    t = await startApp(engine, { logLevel: 'info', slowQueryMs: 1 }, { logStream: sink.stream });
    proxied = await startApp(engine, { trustProxy: ['10.9.0.0/16'] });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  it('gives each answer an id of its own and ignores a client’s when no proxy is trusted', async () => {
    const first = await call(t.app, 'GET', '/healthz', { headers: { 'x-request-id': 'chosen-by-client' } });
    const second = await call(t.app, 'GET', '/healthz');
    expect(first.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(second.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    expect(first.headers['x-request-id']).not.toBe('chosen-by-client');
  });

  it('keeps the trusted proxy’s plain id, and only that', async () => {
    const viaProxy = await call(proxied.app, 'GET', '/healthz', {
      ip: '10.9.1.1',
      headers: { 'x-request-id': 'edge-42.a:b' },
    });
    expect(viaProxy.headers['x-request-id']).toBe('edge-42.a:b');
    const notPlain = await call(proxied.app, 'GET', '/healthz', {
      ip: '10.9.1.1',
      headers: { 'x-request-id': 'x */ drop table agents; /*' },
    });
    expect(notPlain.headers['x-request-id']).not.toContain('drop');
    const otherPeer = await call(proxied.app, 'GET', '/healthz', {
      ip: '192.0.2.7',
      headers: { 'x-request-id': 'edge-43' },
    });
    expect(otherPeer.headers['x-request-id']).not.toBe('edge-43');
  });

  it('files the request’s own lines, its slow statements and the task it queued under its id', async () => {
    const { token } = await signedInAgent(t.ctx);
    const activityId = await createActivity(t.app, token);
    sink.lines.length = 0;
    const created = await call(t.app, 'POST', '/v3/task/', {
      token,
      body: { label: 'download', kind: 'report', activityId, params: {} },
    });
    expect(created.status).toBe(200);
    const reqId = String(created.headers['x-request-id']);
    const mine = sink.lines.filter((line) => line.reqId === reqId);
    expect(mine.some((line) => line.msg === 'incoming request')).toBe(true);
    expect(mine.some((line) => line.msg === 'request completed')).toBe(true);
    expect(mine.some((line) => line.msg === `task ${created.body.id} (report) queued`)).toBe(true);
    const slow = mine.filter((line) => line.msg === 'slow query');
    expect(slow.some((line) => /insert into "tasks"/.test(String(line.sql)))).toBe(true);
    // Each line names its request once: the request's own logger is not given the id a second time.
    const raw = JSON.stringify(mine[0]);
    expect(raw.split('"reqId"').length).toBe(2);
  });

  it('heads the statements a request runs with a comment naming it, as the database itself sees them', async () => {
    const query = () => sql<{ text: string }>`select current_query() as text`.execute(t.ctx.db);
    const within = await runForRequest('trace-1', query);
    expect(within.rows[0]?.text).toMatch(/^\/\* reqId=trace-1 \*\/ select current_query/);
    const outside = await query();
    expect(outside.rows[0]?.text).not.toContain('reqId');
  });
});
