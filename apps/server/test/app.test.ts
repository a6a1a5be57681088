import { API_PREFIX, ERROR_CODES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createAgent, engines, expectError, sessionFor, startApp, type TestApp } from './harness.ts';

const ACCOUNT_PATHS = [
  '/agent/login',
  '/agent/login/token',
  '/agent/login/sms',
  '/agent/me',
  '/logout',
  '/sms',
  '/agent/sms',
  '/agent/sms/verify',
  '/agent/signup',
  '/agent/password',
  '/agent/exists',
  '/agent/login-record',
  '/agent/openid',
  '/v3/app-center-token',
  '/user/me',
  '/agent/user',
  '/agent/{id}',
  '/agent/{id}/password',
  '/agent/{id}/mobile',
];

const INTERNAL_ERROR = { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' };

describe.each(engines)('the API as a whole (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(engine);
    // A route that fails the way a bug would, registered before the app starts answering.
    t.app.get(`${API_PREFIX}/test/explode`, { config: { auth: false } }, async () => {
      throw new Error('secret detail at /srv/yanbo/internal.ts:42');
    });
  });
  afterAll(() => t?.close());

  test('GET /api/healthz answers ok without a session', async () => {
    const response = await call(t.app, 'GET', '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
  });

  test('GET /api/docs/json lists every account path with its methods', async () => {
    const response = await call(t.app, 'GET', '/docs/json');
    expect(response.status).toBe(200);
    const paths = response.body.paths as Record<string, Record<string, unknown>>;
    for (const path of ACCOUNT_PATHS) expect(paths, path).toHaveProperty([`${API_PREFIX}${path}`]);
    expect(Object.keys(paths[`${API_PREFIX}/agent/openid`] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(paths[`${API_PREFIX}/agent/{id}`] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(paths[`${API_PREFIX}/agent/login/token`] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths).some((path) => path.startsWith('/sandbox'))).toBe(false);
  });

  test('an unknown API path answers a JSON 404, with or without a session', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await call(t.app, method, '/no/such/call');
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${method} ${API_PREFIX}/no/such/call not found`,
      });
    }
  });

  test('a 500 carries neither the cause nor a stack', async () => {
    const response = await call(t.app, 'GET', '/test/explode');
    expect(response.status).toBe(500);
    expect(response.body).toEqual(INTERNAL_ERROR);
    expect(response.text).not.toContain('secret detail');
    expect(response.text).not.toContain('.ts:');
  });

  test('malformed JSON answers 400 with Fastify’s message and no stack', async () => {
    const response = await call(t.app, 'POST', '/agent/login', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
  });

  test('a value the database cannot store answers 400, not 500', async () => {
    const agent = await createAgent(t.ctx, { contact: 'before' });
    const token = await sessionFor(t.ctx, agent.id);
    const nul = await call(t.app, 'PUT', `/agent/${agent.id}`, { token, body: { contact: 'a\u0000b' } });
    expectError(nul, 400, 'Invalid input', { code: ERROR_CODES.validation });
    const huge = await call(t.app, 'GET', '/agent/login/token?agentId=99999999999', { token });
    expect(huge.status).toBeLessThan(500);
    const row = await t.ctx.db.selectFrom('agents').select('contact').where('id', '=', agent.id).executeTakeFirst();
    expect(row?.contact).toBe('before');
  });
});
