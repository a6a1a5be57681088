import { ERROR_CODES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, engines, expectError, sessionFor, startApp, type TestApp } from '../harness.ts';
import { multipart, PNG } from '../upload-form.ts';

describe.each(engines)('upload policies and uploads on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let other: string;

  beforeAll(async () => {
    t = await startApp(engine);
    token = await sessionFor(t.ctx, (await createAgent(t.ctx)).id);
    other = await sessionFor(t.ctx, (await createAgent(t.ctx)).id);
  });
  afterAll(() => t.close());

  const upload = (url: string, file: { name: string; type: string; data: Buffer }, formToken?: string) =>
    t.app.inject({ method: 'POST', url, ...multipart(file, formToken) });

  it('stores an avatar under its policy and serves it', async () => {
    const policy = (await call(t.app, 'GET', '/v3/upload-policy/agent-avatar', { token })).body;
    expect(policy).toMatchObject({ method: 'POST', field: 'file', maxBytes: 2 * 1024 * 1024 });
    expect(policy.accept).toContain('image/png');
    const response = await upload('/api/upload', { name: 'a.png', type: 'image/png', data: PNG }, policy.token);
    expect(response.statusCode).toBe(200);
    const stored = response.json();
    expect(stored.filepath).toMatch(/^agent\/\d+\/avatar\/[A-Za-z0-9_-]+\.png$/);
    expect(stored.url).toBe(`/files/${stored.filepath}`);
    const served = await t.app.inject({ method: 'GET', url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a wrong type, a fake image, an empty file, a forged policy and a missing token, storing nothing', async () => {
    const policy = (await call(t.app, 'GET', '/v3/upload-policy/agent-avatar', { token })).body;
    const svg = await upload(policy.url, { name: 'a.svg', type: 'image/svg+xml', data: Buffer.from('<svg/>') });
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({ field: 'file', message: 'file: File type image/svg+xml is not accepted' });
    const fake = await upload(policy.url, { name: 'a.png', type: 'image/png', data: Buffer.from('not a png at all') });
    expect(fake.json()).toMatchObject({ statusCode: 400, message: 'file: File is not an image' });
    const empty = await upload((await call(t.app, 'GET', '/v3/upload-policy/agent', { token })).body.url, {
      name: 'a.csv',
      type: 'text/csv',
      data: Buffer.alloc(0),
    });
    expect(empty.json()).toMatchObject({ statusCode: 400, message: 'file: File is empty' });
    const forged = await upload('/api/upload', { name: 'a.png', type: 'image/png', data: PNG }, `${policy.token}x`);
    expect(forged.json()).toMatchObject({ statusCode: 403, message: 'Upload policy is invalid or expired' });
    const missing = await upload('/api/upload', { name: 'a.png', type: 'image/png', data: PNG });
    expect(missing.json()).toMatchObject({ statusCode: 400, field: 'token' });
  });

  it('refuses a file over the policy size', async () => {
    const policy = (await call(t.app, 'GET', '/v3/upload-policy/agent-avatar', { token })).body;
    const big = Buffer.concat([PNG, Buffer.alloc(policy.maxBytes)]);
    const response = await upload(policy.url, { name: 'big.png', type: 'image/png', data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.fileTooLarge, field: 'file' });
  });

  it("gives an activity policy only for the caller's own activity", async () => {
    expectError(await call(t.app, 'GET', '/v3/upload-policy/activity', { token }), 400, 'activityId: Required', {
      code: 'VALIDATION_FAILED',
      field: 'activityId',
    });
    const activity = (await call(t.app, 'POST', '/activity', { token, body: { name: '上传活动' } })).body;
    const policy = await call(t.app, 'GET', `/v3/upload-policy/activity?activityId=${activity.id}`, { token });
    expect(policy.status).toBe(200);
    expectError(
      await call(t.app, 'GET', `/v3/upload-policy/activity?activityId=${activity.id}`, { token: other }),
      404,
      'Activity Not Found',
    );
    const stored = (await upload(policy.body.url, { name: 'cover.png', type: 'image/png', data: PNG })).json();
    expect(stored.filepath).toMatch(new RegExp(`^activity/${activity.id}/`));
    expect((await call(t.app, 'GET', '/v3/upload-policy/unknown', { token })).status).toBe(400);
  });
});
