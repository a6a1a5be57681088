import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import {
  call,
  createAgent,
  createSubagent,
  engines,
  expectError,
  sessionFor,
  startApp,
  type TestApp,
} from '../harness.ts';

// The transcoding toggle (PUT/GET /activity/{id}/liveTranscode): its errors and tenancy, and what it does while the
// activity is not pushing (nothing runs) or with an external media server (refused, it transcodes by itself).

describe.each(engines)('the live transcoding toggle on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let agentId: number;
  beforeAll(async () => {
    t = await startApp(engine);
    agentId = (await createAgent(t.ctx)).id;
    token = await sessionFor(t.ctx, agentId);
  });
  afterAll(() => t?.close());

  const newActivity = async (as = token) =>
    (await call(t.app, 'POST', '/activity', { token: as, body: { name: `转码${Math.random()}` } })).body.id as number;

  it('stores the toggle; without a push no transcode runs and no rendition is listed', async () => {
    const id = await newActivity();
    const url = `/activity/${id}/liveTranscode`;
    expect((await call(t.app, 'PUT', url, { token, body: { enabled: true } })).body).toEqual({ enabled: true });
    expect((await call(t.app, 'GET', url, { token })).body).toEqual({ enabled: true });
    expect((await call(t.app, 'GET', `/v3/activity/${id}/stream-jobs`, { token })).body.items).toEqual([]);
    const detail = (await call(t.app, 'GET', `/activity/${id}`, { token })).body;
    expect(detail.stream.pullSource.renditions).toEqual([
      { name: 'origin', flv: detail.stream.pullSource.flv, hls: detail.stream.pullSource.hls },
    ]);
    expect((await call(t.app, 'PUT', url, { token, body: { enabled: false } })).body).toEqual({ enabled: false });
    expect((await call(t.app, 'GET', url, { token })).body).toEqual({ enabled: false });
  });

  it('answers 400 naming the field for a bad body, and changes nothing', async () => {
    const id = await newActivity();
    const url = `/activity/${id}/liveTranscode`;
    for (const body of [{}, { enabled: 'yes' }, { enabled: null }]) {
      const response = await call(t.app, 'PUT', url, { token, body });
      expect(response.status).toBe(400);
      expect(response.body.field).toBe('enabled');
    }
    expect((await call(t.app, 'GET', url, { token })).body).toEqual({ enabled: false });
  });

  it("answers 404 for another agent's activity, a sub-account's foreign activity and an unknown id", async () => {
    const id = await newActivity();
    const stranger = await sessionFor(t.ctx, (await createAgent(t.ctx)).id);
    const sub = await createSubagent(t.ctx, { agentId });
    const subToken = await sessionFor(t.ctx, agentId, sub.id);
    for (const as of [stranger, subToken]) {
      expectError(
        await call(t.app, 'PUT', `/activity/${id}/liveTranscode`, { token: as, body: { enabled: true } }),
        404,
        ERROR_MESSAGES.activityNotFound,
      );
      expectError(
        await call(t.app, 'GET', `/activity/${id}/liveTranscode`, { token: as }),
        404,
        ERROR_MESSAGES.activityNotFound,
      );
    }
    expectError(
      await call(t.app, 'PUT', '/activity/999999/liveTranscode', { token, body: { enabled: true } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await call(t.app, 'GET', `/activity/${id}/liveTranscode`, { token })).body).toEqual({ enabled: false });
    // The sub-account's own activity is its to toggle.
    const own = await newActivity(subToken);
    expect(
      (await call(t.app, 'PUT', `/activity/${own}/liveTranscode`, { token: subToken, body: { enabled: true } })).body,
    ).toEqual({ enabled: true });
  });
});

describe('the live transcoding toggle with an external media server', () => {
  let built: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'yanbo-external-'));
    built = await buildApp(
      loadConfig({
        dataDir,
        inMemoryDatabase: true,
        logLevel: 'silent',
        consoleDir: '/nonexistent',
        secretKey: 'test-secret',
        embeddedIngest: false,
      }),
    );
  });
  afterAll(async () => {
    await built?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to turn transcoding on (409, it needs the embedded ingest) and lets it be turned off', async () => {
    const token = await sessionFor(built.ctx, (await createAgent(built.ctx)).id);
    const id = (await call(built.app, 'POST', '/activity', { token, body: { name: '外部推流' } })).body.id;
    const url = `/activity/${id}/liveTranscode`;
    expectError(
      await call(built.app, 'PUT', url, { token, body: { enabled: true } }),
      409,
      ERROR_MESSAGES.transcodeNeedsEmbeddedIngest,
    );
    expect((await call(built.app, 'GET', url, { token })).body).toEqual({ enabled: false });
    expect((await call(built.app, 'PUT', url, { token, body: { enabled: false } })).body).toEqual({ enabled: false });
  });
});
