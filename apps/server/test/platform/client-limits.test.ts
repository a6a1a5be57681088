import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ERROR_CODES, SMS_MAX_PER_IP_PER_HOUR, WATCH_CODE_MAX_FAILURES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import {
  call,
  createAgent,
  DEFAULT_PASSWORD,
  engines,
  login,
  nextIp,
  nextMobile,
  sessionFor,
  signedSmsHeader,
  startApp,
  type TestApp,
} from '../harness.ts';

// Issue 8, client addresses and HTTP: no forwarding header is believed unless TRUST_PROXY names the proxy, limits
// that protect one target count per target too, public event streams are capped, and every answer carries the
// security headers. (Wrong-password limits are in account-login.test.ts.)

describe.each(engines)('per-address and per-target limits on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let token: string;

  beforeAll(async () => {
    t = await startApp(engine);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = await sessionFor(t.ctx, (await createAgent(t.ctx)).id);
  });
  afterAll(() => t.close());

  const activityWithCode = async (code: string) => {
    const id = (await call(t.app, 'POST', '/activity', { token, body: { name: `口令 ${code}` } })).body.id as number;
    const set = await call(t.app, 'PUT', `/activity/${id}/watchcode`, { token, body: { enabled: true, code } });
    expect(set.status, set.text).toBe(200);
    return id;
  };

  it('GET /agent/exists is limited per address, and a rotating X-Forwarded-For does not make a new one', async () => {
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < 25; i++) {
      const response = await call(t.app, 'GET', `/agent/exists?mobile=${nextMobile()}`, {
        ip,
        headers: { 'x-forwarded-for': nextIp() },
      });
      answers.push(response.status);
    }
    expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(answers.slice(20).every((status) => status === 429)).toBe(true);
    const refused = await call(t.app, 'GET', `/agent/exists?mobile=${nextMobile()}`, { ip });
    expect(refused.body).toMatchObject({ code: ERROR_CODES.rateLimited });
    expect(refused.body.message).toMatch(/^Too many requests, try again in \d+ s$/);
    expect(refused.body.message).toContain(`try again in ${refused.headers['retry-after']} s`);
    expect((await call(t.app, 'GET', `/agent/exists?mobile=${nextMobile()}`, { ip: nextIp() })).status).toBe(200);
  });

  it(`sign-up SMS stop at ${SMS_MAX_PER_IP_PER_HOUR} per address however the forwarding header rotates`, async () => {
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < SMS_MAX_PER_IP_PER_HOUR + 5; i++) {
      const mobile = nextMobile();
      const response = await call(t.app, 'POST', '/sms', {
        body: { mobile, purpose: 'signup' },
        headers: { authorization: signedSmsHeader(mobile), 'x-forwarded-for': nextIp() },
        ip,
      });
      answers.push(response.status);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(SMS_MAX_PER_IP_PER_HOUR);
    expect(answers.slice(SMS_MAX_PER_IP_PER_HOUR).every((status) => status === 429)).toBe(true);
  });

  it(`${SMS_MAX_PER_IP_PER_HOUR + 15} sign-up SMS sent at once from one address still stop at the cap`, async () => {
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: SMS_MAX_PER_IP_PER_HOUR + 15 }, () => {
        const mobile = nextMobile();
        return call(t.app, 'POST', '/sms', {
          body: { mobile, purpose: 'signup' },
          headers: { authorization: signedSmsHeader(mobile), 'x-forwarded-for': nextIp() },
          ip,
        });
      }),
    );
    expect(answers.filter((response) => response.status === 200)).toHaveLength(SMS_MAX_PER_IP_PER_HOUR);
    expect(answers.filter((response) => response.status === 429)).toHaveLength(15);
  });

  it('2,000 watch-code guesses from many addresses cannot find a six-digit code', async () => {
    const code = '731500';
    const id = await activityWithCode(code);
    const answers: number[] = [];
    // 400 addresses guessing 5 codes each (under the per-address limit), the right code among them at 1,500.
    for (let i = 0; i < 2_000; i++) {
      const guess = i === 1_500 ? code : String(730_000 + i).padStart(6, '0');
      const ip = `10.222.${Math.floor(i / 5) >> 8}.${Math.floor(i / 5) & 255}`;
      answers.push((await call(t.app, 'POST', `/watch/${id}/watchcode`, { body: { code: guess }, ip })).status);
    }
    expect(answers).not.toContain(200);
    expect(answers[1_500]).toBe(429);
    expect(answers.filter((status) => status === 400).length).toBeLessThanOrEqual(100);
    // Another activity's viewers are not affected.
    const other = await activityWithCode('246810');
    const entered = await call(t.app, 'POST', `/watch/${other}/watchcode`, { body: { code: '246810' }, ip: nextIp() });
    expect(entered.status).toBe(200);
    // 2,000 calls one after another: about 15 ms each on a busy 2-core machine, so more than the default 30 s.
  }, 120_000);

  it('watch-code guesses from one address are limited however the forwarding header rotates', async () => {
    const id = await activityWithCode('112233');
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < WATCH_CODE_MAX_FAILURES + 5; i++) {
      const response = await call(t.app, 'POST', `/watch/${id}/watchcode`, {
        body: { code: String(i).padStart(6, '0') },
        ip,
        headers: { 'x-forwarded-for': nextIp() },
      });
      answers.push(response.status);
    }
    expect(answers.filter((status) => status === 400)).toHaveLength(WATCH_CODE_MAX_FAILURES);
    expect(answers.slice(WATCH_CODE_MAX_FAILURES).every((status) => status === 429)).toBe(true);
  });

  /** Waits until the server has seen every stream of this client closed (a close reaches it a moment later). */
  const noStreamsHeld = async () => {
    for (let i = 0; i < 100 && t.ctx.limits.held('watch-stream:ip:127.0.0.1') > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(t.ctx.limits.held('watch-stream:ip:127.0.0.1')).toBe(0);
  };

  it("holds at most 50 of one address's event streams on an activity, and frees a place when one closes", async () => {
    await noStreamsHeld();
    const id = (await call(t.app, 'POST', '/activity', { token, body: { name: '事件流' } })).body.id as number;
    const streams: Response[] = [];
    for (let i = 0; i < 50; i++) {
      const stream = await fetch(`${base}/api/watch/${id}/events`);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    const refused = await fetch(`${base}/api/watch/${id}/events`, { headers: { 'x-forwarded-for': nextIp() } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: ERROR_CODES.rateLimited });
    await streams.pop()?.body?.cancel();
    // The server sees the close a moment later; the freed place is taken again.
    let again: Response | undefined;
    for (let i = 0; i < 50 && again?.status !== 200; i++) {
      await again?.body?.cancel();
      again = await fetch(`${base}/api/watch/${id}/events`);
      if (again.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again?.status).toBe(200);
    await again?.body?.cancel();
    await Promise.all(streams.map((stream) => stream.body?.cancel()));
  });

  it('holds at most 100 event streams of one address across activities', async () => {
    await noStreamsHeld();
    const ids = [];
    for (const name of ['流 A', '流 B', '流 C']) {
      ids.push((await call(t.app, 'POST', '/activity', { token, body: { name } })).body.id as number);
    }
    const streams: Response[] = [];
    for (const id of ids.slice(0, 2)) {
      for (let i = 0; i < 50; i++) streams.push(await fetch(`${base}/api/watch/${id}/events`));
    }
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const refused = await fetch(`${base}/api/watch/${ids[2]}/events`);
    expect(refused.status).toBe(429);
    await refused.body?.cancel();
    await Promise.all(streams.map((stream) => stream.body?.cancel()));
  });

  it('answers 413 to a sign-in body past the public limit, and sets header and request deadlines', async () => {
    const response = await call(t.app, 'POST', '/agent/login', {
      body: { username: 'x'.repeat(20_000), password: DEFAULT_PASSWORD },
      ip: nextIp(),
    });
    expect(response.status).toBe(413);
    expect(t.app.server.headersTimeout).toBe(15_000);
    expect(t.app.server.requestTimeout).toBe(30 * 60_000);
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    expect(t.app.server.timeout).toBe(120_000);
  });

  it('sends the security headers: no framing, nosniff, a referrer policy and a content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    // The API documentation viewer keeps working.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toBeUndefined();
    expect(docs.body).toContain('swagger');
  });
});

describe('behind a named proxy, and in the log (pglite)', () => {
  let built: BuiltApp;
  let dataDir: string;
  let log = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'yanbo-proxy-'));
    const watchDir = path.join(dataDir, 'watch');
    await mkdir(path.join(watchDir, 'assets'), { recursive: true });
    await writeFile(path.join(watchDir, 'index.html'), '<!doctype html><title>watch</title>');
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    // app.inject comes from 127.0.0.1: named here as the proxy, so its X-Forwarded-For is the client.
    const config = loadConfig({
      dataDir,
      inMemoryDatabase: true,
      logLevel: 'info',
      consoleDir: '/nonexistent',
      watchDir,
      secretKey: 'test-secret',
      trustProxy: ['127.0.0.1'],
    });
    built = await buildApp(config, { logStream });
  });
  afterAll(async () => {
    await built?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("honours the named proxy's X-Forwarded-For: each forwarded client has limits of its own", async () => {
    const answers = [];
    for (let i = 0; i < 25; i++) {
      const response = await built.app.inject({
        method: 'GET',
        url: `/api/agent/exists?mobile=${nextMobile()}`,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      answers.push(response.statusCode);
    }
    expect(answers.every((status) => status === 200)).toBe(true);
    const agent = await createAgent(built.ctx);
    const response = await built.app.inject({
      method: 'POST',
      url: '/api/agent/login',
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: { username: agent.mobile, password: DEFAULT_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const record = await built.ctx.db
      .selectFrom('loginRecords')
      .select('ip')
      .where('agentId', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(record.ip).toBe('198.51.100.7');
  });

  it('writes no token of a query string or an Authorization header into the log', async () => {
    const agent = await createAgent(built.ctx);
    const session = await login(built.app, agent.mobile, DEFAULT_PASSWORD);
    const message = (await call(built.app, 'POST', '/ephemeral-token', { token: session })).body.token as string;
    log = '';
    await built.app.inject({ method: 'GET', url: `/api/realtime/console?token=${encodeURIComponent(`${message}x`)}` });
    await built.app.inject({ method: 'GET', url: `/api/agent/me?token=${session}&other=${session}` });
    await built.app.inject({ method: 'GET', url: '/api/agent/me', headers: { authorization: `Bearer ${session}` } });
    expect(log).toContain('/api/realtime/console?token=[redacted]');
    expect(log).toContain('/api/agent/me?token=[redacted]&other=[redacted]');
    expect(log).not.toContain(message.slice(0, 20));
    expect(log).not.toContain(session);
  });

  it('closes a connection whose headers never finish (one header line a second) at the header deadline', async () => {
    const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += String(chunk);
    });
    socket.write('GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const started = Date.now();
    const drip = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 1_000);
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(drip);
    const heldMs = Date.now() - started;
    expect(heldMs).toBeGreaterThanOrEqual(14_000);
    expect(heldMs).toBeLessThan(25_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 40_000);

  it('lets the watch page be embedded anywhere while the rest stays unframable', async () => {
    const page = await built.app.inject({ method: 'GET', url: '/watch/12345' });
    expect(page.headers['x-frame-options']).toBeUndefined();
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    // Its one script from elsewhere: WeChat's JS-SDK, for the share card inside WeChat.
    expect(csp).toContain("script-src 'self' https://res.wx.qq.com;");
    const api = await built.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(String(api.headers['content-security-policy'])).toContain("script-src 'self';");
  });
});
