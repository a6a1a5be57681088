import {
  ERROR_CODES,
  ERROR_MESSAGES,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_PER_IP_PER_HOUR,
  SMS_MAX_PER_MOBILE_PER_DAY,
  SMS_MAX_VERIFY_ATTEMPTS,
  SMS_RESEND_SECONDS,
  SMS_SIGNATURE_MAX_AGE_SECONDS,
  smsSignature,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../src/platform/crypto.ts';
import {
  call,
  createAgent,
  DEFAULT_PASSWORD,
  engines,
  expectError,
  lastSmsCode,
  login,
  nextIp,
  nextMobile,
  readSmsOutbox,
  sendPublicSms,
  sessionFor,
  signedSmsHeader,
  startApp,
  type TestApp,
  wrongCode,
} from './harness.ts';

const SIGNATURE_INVALID = 'Invalid SMS signature';
const MOBILE_REGISTERED = 'Mobile already registered';
const TOO_FREQUENT = 'SMS sent too frequently';
const LIMIT_REACHED = 'SMS limit reached';
const codeError = { code: ERROR_CODES.verificationCode, field: 'code' };
const sent = (mobile: string) => ({ mobile, resendAfter: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_SECONDS });

describe.each(engines)('account SMS, signup and lost password (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  const codesOf = (mobile: string) =>
    t.ctx.db.selectFrom('smsCodes').selectAll().where('mobile', '=', mobile).orderBy('id').execute();
  const outboxTo = (mobile: string) => readSmsOutbox(t.dataDir).filter((line) => line.mobile === mobile);
  const agentByMobile = (mobile: string) =>
    t.ctx.db.selectFrom('agents').selectAll().where('mobile', '=', mobile).executeTakeFirst();

  describe('POST /sms', () => {
    test('a signed signup send writes one outbox line and stores only a hash of the code', async () => {
      const mobile = nextMobile();
      const ip = nextIp();
      const response = await sendPublicSms(t.app, mobile, 'signup', ip);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(sent(mobile));
      const lines = outboxTo(mobile);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toEqual({
        mobile,
        code: expect.stringMatching(/^\d{6}$/),
        purpose: 'signup',
        sentAt: expect.any(String),
      });
      expect(Math.abs(Date.parse(lines[0]?.sentAt ?? '') - Date.now())).toBeLessThan(10_000);
      const rows = await codesOf(mobile);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ purpose: 'signup', ip, attempts: 0, consumedAt: null });
      expect(rows[0]?.codeHash).not.toContain(lines[0]?.code);
      expect(Math.abs((rows[0]?.expiresAt.getTime() ?? 0) - Date.now() - SMS_CODE_TTL_SECONDS * 1000)).toBeLessThan(
        10_000,
      );
    });

    test('a missing, stale, future, foreign or tampered signature answers 400 and sends nothing', async () => {
      const mobile = nextMobile();
      const now = Date.now();
      const stale = now - (SMS_SIGNATURE_MAX_AGE_SECONDS + 5) * 1000;
      const future = now + (SMS_SIGNATURE_MAX_AGE_SECONDS + 5) * 1000;
      const genuine = smsSignature(mobile, now);
      const tampered = `${genuine.slice(0, -1)}${genuine.endsWith('0') ? '1' : '0'}`;
      const headers: (Record<string, string> | undefined)[] = [
        undefined,
        { authorization: signedSmsHeader(mobile, stale) },
        { authorization: signedSmsHeader(mobile, future) },
        { authorization: signedSmsHeader(nextMobile(), now) },
        { authorization: `Sms ${tampered}` },
        { authorization: `Bearer ${genuine}` },
        { authorization: `Sms ${genuine.toUpperCase()}` },
      ];
      for (const header of headers) {
        const response = await call(t.app, 'POST', '/sms', {
          body: { mobile, purpose: 'signup' },
          ...(header ? { headers: header } : {}),
          ip: nextIp(),
        });
        expectError(response, 400, SIGNATURE_INVALID, { code: ERROR_CODES.smsSignature });
      }
      expect(outboxTo(mobile)).toEqual([]);
      expect(await codesOf(mobile)).toEqual([]);
      // A signature a few minutes old is still fresh.
      const recent = await call(t.app, 'POST', '/sms', {
        body: { mobile, purpose: 'signup' },
        headers: { authorization: signedSmsHeader(mobile, now - (SMS_SIGNATURE_MAX_AGE_SECONDS - 30) * 1000) },
        ip: nextIp(),
      });
      expect(recent.status).toBe(200);
    });

    test('signup for a registered mobile answers 409; login and lostpass for an unknown one answer 404', async () => {
      const registered = await createAgent(t.ctx);
      expectError(await sendPublicSms(t.app, registered.mobile, 'signup'), 409, MOBILE_REGISTERED, {
        code: ERROR_CODES.mobileRegistered,
        field: 'mobile',
      });
      const unknown = nextMobile();
      expectError(await sendPublicSms(t.app, unknown, 'login'), 404, ERROR_MESSAGES.agentNotFound);
      expectError(await sendPublicSms(t.app, unknown, 'lostpass'), 404, ERROR_MESSAGES.agentNotFound);
      expect(outboxTo(registered.mobile)).toEqual([]);
      expect(outboxTo(unknown)).toEqual([]);
      expect((await sendPublicSms(t.app, registered.mobile, 'login')).body).toEqual(sent(registered.mobile));
      expect((await sendPublicSms(t.app, registered.mobile, 'lostpass')).body).toEqual(sent(registered.mobile));
    });

    test(`a resend within ${SMS_RESEND_SECONDS} s answers 429 SMS_TOO_FREQUENT; after it, a new code goes`, async () => {
      const mobile = nextMobile();
      expect((await sendPublicSms(t.app, mobile, 'signup')).status).toBe(200);
      expectError(await sendPublicSms(t.app, mobile, 'signup'), 429, TOO_FREQUENT, {
        code: ERROR_CODES.smsTooFrequent,
      });
      expect(outboxTo(mobile)).toHaveLength(1);
      expect(await codesOf(mobile)).toHaveLength(1);
      // created_at is never updated by the app; move the first send back in time directly.
      const earlier = new Date(Date.now() - (SMS_RESEND_SECONDS + 1) * 1000);
      await sql`update sms_codes set created_at = ${earlier} where mobile = ${mobile}`.execute(t.ctx.db);
      expect((await sendPublicSms(t.app, mobile, 'signup')).status).toBe(200);
      expect(outboxTo(mobile)).toHaveLength(2);
    });

    test(`the daily cap of ${SMS_MAX_PER_MOBILE_PER_DAY} per mobile answers 429 SMS_DAILY_LIMIT`, async () => {
      const mobile = nextMobile();
      const earlier = new Date(Date.now() - 2 * 3_600_000);
      await t.ctx.db
        .insertInto('smsCodes')
        .values(
          Array.from({ length: SMS_MAX_PER_MOBILE_PER_DAY }, () => ({
            mobile,
            purpose: 'signup',
            codeHash: 'x',
            ip: '10.240.0.1',
            createdAt: earlier,
            expiresAt: earlier,
          })),
        )
        .execute();
      expectError(await sendPublicSms(t.app, mobile, 'signup'), 429, LIMIT_REACHED, {
        code: ERROR_CODES.smsDailyLimit,
      });
      expect(outboxTo(mobile)).toEqual([]);
    });

    test(`the hourly cap of ${SMS_MAX_PER_IP_PER_HOUR} per address answers 429 SMS_DAILY_LIMIT`, async () => {
      const ip = nextIp();
      for (let i = 0; i < SMS_MAX_PER_IP_PER_HOUR; i++) {
        expect((await sendPublicSms(t.app, nextMobile(), 'signup', ip)).status).toBe(200);
      }
      const mobile = nextMobile();
      expectError(await sendPublicSms(t.app, mobile, 'signup', ip), 429, LIMIT_REACHED, {
        code: ERROR_CODES.smsDailyLimit,
      });
      expect(outboxTo(mobile)).toEqual([]);
      expect((await sendPublicSms(t.app, mobile, 'signup', nextIp())).status).toBe(200);
    });

    test('a bad mobile or a signed-in purpose answers 400 naming the field', async () => {
      const badMobile = await call(t.app, 'POST', '/sms', {
        body: { mobile: '12345', purpose: 'signup' },
        headers: { authorization: signedSmsHeader('12345') },
      });
      expectError(badMobile, 400, 'mobile: Invalid mobile number', { code: ERROR_CODES.validation, field: 'mobile' });
      const mobile = nextMobile();
      const badPurpose = await call(t.app, 'POST', '/sms', {
        body: { mobile, purpose: 'mobile' },
        headers: { authorization: signedSmsHeader(mobile) },
      });
      expectError(badPurpose, 400, 'purpose: Invalid option: expected one of "signup"|"login"|"lostpass"', {
        code: ERROR_CODES.validation,
        field: 'purpose',
      });
    });
  });

  describe('POST /agent/sms', () => {
    test('purpose mobile sends a code to the new mobile', async () => {
      const agent = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      const target = nextMobile();
      const response = await call(t.app, 'POST', '/agent/sms', {
        token,
        body: { purpose: 'mobile', mobile: target },
        ip: nextIp(),
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(sent(target));
      expect(outboxTo(target).map((line) => line.purpose)).toEqual(['mobile']);
      expect(outboxTo(agent.mobile)).toEqual([]);
    });

    test('purpose verify sends a code to the account’s own mobile, whatever mobile is given', async () => {
      const agent = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      const elsewhere = nextMobile();
      const response = await call(t.app, 'POST', '/agent/sms', {
        token,
        body: { purpose: 'verify', mobile: elsewhere },
        ip: nextIp(),
      });
      expect(response.body).toEqual(sent(agent.mobile));
      expect(outboxTo(agent.mobile).map((line) => line.purpose)).toEqual(['verify']);
      expect(outboxTo(elsewhere)).toEqual([]);
    });

    test('purpose mobile without a mobile, with the own one or a registered one is refused', async () => {
      const agent = await createAgent(t.ctx);
      const other = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      expectError(
        await call(t.app, 'POST', '/agent/sms', { token, body: { purpose: 'mobile' }, ip: nextIp() }),
        400,
        'mobile: Required',
        { code: ERROR_CODES.validation, field: 'mobile' },
      );
      expectError(
        await call(t.app, 'POST', '/agent/sms', { token, body: { purpose: 'mobile', mobile: agent.mobile } }),
        400,
        'Mobile unchanged',
        { code: ERROR_CODES.mobileUnchanged, field: 'mobile' },
      );
      expectError(
        await call(t.app, 'POST', '/agent/sms', { token, body: { purpose: 'mobile', mobile: other.mobile } }),
        409,
        MOBILE_REGISTERED,
        { code: ERROR_CODES.mobileRegistered, field: 'mobile' },
      );
      expectError(
        await call(t.app, 'POST', '/agent/sms', { token, body: { purpose: 'signup', mobile: nextMobile() } }),
        400,
        'purpose: Invalid option: expected one of "mobile"|"verify"',
        { code: ERROR_CODES.validation, field: 'purpose' },
      );
      expectError(
        await call(t.app, 'POST', '/agent/sms', { body: { purpose: 'verify' } }),
        401,
        ERROR_MESSAGES.unauthorized,
        { code: ERROR_CODES.unauthorized },
      );
      expect(outboxTo(agent.mobile)).toEqual([]);
      expect(outboxTo(other.mobile)).toEqual([]);
    });
  });

  describe('POST /agent/sms/verify', () => {
    test('a right code verifies without being spent', async () => {
      const agent = await createAgent(t.ctx);
      await sendPublicSms(t.app, agent.mobile, 'lostpass');
      const code = lastSmsCode(t.dataDir, agent.mobile, 'lostpass');
      for (let i = 0; i < 2; i++) {
        const response = await call(t.app, 'POST', '/agent/sms/verify', {
          body: { mobile: agent.mobile, code, purpose: 'lostpass' },
        });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ verified: true });
      }
      expect((await codesOf(agent.mobile))[0]).toMatchObject({ consumedAt: null, attempts: 0 });
      const reset = await call(t.app, 'PUT', '/agent/password', {
        body: { mobile: agent.mobile, code, password: 'brand-new-pass' },
      });
      expect(reset.status).toBe(200);
    });

    test('a code for another purpose or an expired code fails', async () => {
      const agent = await createAgent(t.ctx);
      await sendPublicSms(t.app, agent.mobile, 'login');
      const code = lastSmsCode(t.dataDir, agent.mobile, 'login');
      expectError(
        await call(t.app, 'POST', '/agent/sms/verify', { body: { mobile: agent.mobile, code, purpose: 'lostpass' } }),
        400,
        ERROR_MESSAGES.verificationCode,
        codeError,
      );
      await t.ctx.db
        .updateTable('smsCodes')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('mobile', '=', agent.mobile)
        .execute();
      expectError(
        await call(t.app, 'POST', '/agent/sms/verify', { body: { mobile: agent.mobile, code, purpose: 'login' } }),
        400,
        ERROR_MESSAGES.verificationCode,
        codeError,
      );
    });

    test(`wrong codes count; after ${SMS_MAX_VERIFY_ATTEMPTS} even the right code fails`, async () => {
      const mobile = nextMobile();
      await sendPublicSms(t.app, mobile, 'signup');
      const code = lastSmsCode(t.dataDir, mobile, 'signup');
      for (let i = 1; i <= SMS_MAX_VERIFY_ATTEMPTS; i++) {
        expectError(
          await call(t.app, 'POST', '/agent/sms/verify', {
            body: { mobile, code: wrongCode(code), purpose: 'signup' },
          }),
          400,
          ERROR_MESSAGES.verificationCode,
          codeError,
        );
        expect((await codesOf(mobile))[0]?.attempts).toBe(i);
      }
      expectError(
        await call(t.app, 'POST', '/agent/sms/verify', { body: { mobile, code, purpose: 'signup' } }),
        400,
        ERROR_MESSAGES.verificationCode,
        codeError,
      );
      const signup = await call(t.app, 'POST', '/agent/signup', { body: { mobile, code, password: DEFAULT_PASSWORD } });
      expectError(signup, 400, ERROR_MESSAGES.verificationCode, codeError);
      expect(await agentByMobile(mobile)).toBeUndefined();
    });

    test('parallel wrong guesses all count', async () => {
      const mobile = nextMobile();
      await sendPublicSms(t.app, mobile, 'signup');
      const code = lastSmsCode(t.dataDir, mobile, 'signup');
      const guesses = await Promise.all(
        Array.from({ length: SMS_MAX_VERIFY_ATTEMPTS * 3 }, (_, i) =>
          call(t.app, 'POST', '/agent/sms/verify', {
            body: { mobile, code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'), purpose: 'signup' },
          }),
        ),
      );
      expect(guesses.every((response) => response.status === 400)).toBe(true);
      expect((await codesOf(mobile))[0]?.attempts).toBe(SMS_MAX_VERIFY_ATTEMPTS);
      expectError(
        await call(t.app, 'POST', '/agent/sms/verify', { body: { mobile, code, purpose: 'signup' } }),
        400,
        ERROR_MESSAGES.verificationCode,
        codeError,
      );
    });

    test('a malformed body answers 400 naming the field', async () => {
      expectError(
        await call(t.app, 'POST', '/agent/sms/verify', {
          body: { mobile: nextMobile(), code: '123456', purpose: 'other' },
        }),
        400,
        'purpose: Invalid option: expected one of "signup"|"login"|"lostpass"|"mobile"|"verify"',
        { code: ERROR_CODES.validation, field: 'purpose' },
      );
    });
  });

  describe('POST /agent/signup', () => {
    test('a signup code creates the agent, signs it in and is spent', async () => {
      const mobile = nextMobile();
      await sendPublicSms(t.app, mobile, 'signup');
      const code = lastSmsCode(t.dataDir, mobile, 'signup');
      const ip = nextIp();
      const response = await call(t.app, 'POST', '/agent/signup', {
        body: { mobile, code, password: 'signup-pass-1', contact: ' 李四 ', company: '新公司' },
        ip,
      });
      expect(response.status).toBe(200);
      expect(response.body.me).toMatchObject({
        mobile,
        contact: '李四',
        company: '新公司',
        parentId: null,
        status: 'enabled',
        coopLevel: 0,
        isSubAgent: false,
      });
      const row = await agentByMobile(mobile);
      expect(row?.id).toBe(response.body.me.id);
      expect(await verifyPassword('signup-pass-1', row?.passwordHash ?? '')).toBe(true);
      expect((await call(t.app, 'GET', '/agent/me', { token: response.body.token })).body.mobile).toBe(mobile);
      const record = await t.ctx.db
        .selectFrom('loginRecords')
        .selectAll()
        .where('agentId', '=', response.body.me.id)
        .executeTakeFirstOrThrow();
      expect(record).toMatchObject({ method: 'signup', success: true, username: mobile, ip });
      expect((await codesOf(mobile))[0]?.consumedAt).toBeInstanceOf(Date);
      // Spent code, now-registered mobile: the second signup is refused before the code is looked at.
      const again = await call(t.app, 'POST', '/agent/signup', { body: { mobile, code, password: 'other-pass-1' } });
      expectError(again, 409, MOBILE_REGISTERED, { code: ERROR_CODES.mobileRegistered, field: 'mobile' });
      expect(await verifyPassword('signup-pass-1', (await agentByMobile(mobile))?.passwordHash ?? '')).toBe(true);
    });

    test('a wrong code, no code sent or a bad password creates no agent and leaves the code alive', async () => {
      const mobile = nextMobile();
      const none = await call(t.app, 'POST', '/agent/signup', {
        body: { mobile, code: '123456', password: DEFAULT_PASSWORD },
      });
      expectError(none, 400, ERROR_MESSAGES.verificationCode, codeError);
      await sendPublicSms(t.app, mobile, 'signup');
      const code = lastSmsCode(t.dataDir, mobile, 'signup');
      const wrong = await call(t.app, 'POST', '/agent/signup', {
        body: { mobile, code: wrongCode(code), password: DEFAULT_PASSWORD },
      });
      expectError(wrong, 400, ERROR_MESSAGES.verificationCode, codeError);
      const shortPassword = await call(t.app, 'POST', '/agent/signup', { body: { mobile, code, password: 'short' } });
      expectError(shortPassword, 400, 'password: Password must be 8 to 64 characters', {
        code: ERROR_CODES.validation,
        field: 'password',
      });
      expect(await agentByMobile(mobile)).toBeUndefined();
      expect((await call(t.app, 'GET', `/agent/exists?mobile=${mobile}`)).body).toEqual({ exists: false });
      expect((await codesOf(mobile))[0]).toMatchObject({ consumedAt: null, attempts: 1 });
      const right = await call(t.app, 'POST', '/agent/signup', { body: { mobile, code, password: DEFAULT_PASSWORD } });
      expect(right.status).toBe(200);
    });

    test('a registered mobile answers 409', async () => {
      const agent = await createAgent(t.ctx);
      const response = await call(t.app, 'POST', '/agent/signup', {
        body: { mobile: agent.mobile, code: '123456', password: 'takeover-pass' },
      });
      expectError(response, 409, MOBILE_REGISTERED, { code: ERROR_CODES.mobileRegistered, field: 'mobile' });
      expect(await verifyPassword(DEFAULT_PASSWORD, (await agentByMobile(agent.mobile))?.passwordHash ?? '')).toBe(
        true,
      );
    });
  });

  describe('PUT /agent/password (lost password)', () => {
    test('a lostpass code sets the new password and ends every session', async () => {
      const agent = await createAgent(t.ctx);
      const first = await sessionFor(t.ctx, agent.id);
      const second = await sessionFor(t.ctx, agent.id);
      await sendPublicSms(t.app, agent.mobile, 'lostpass');
      const code = lastSmsCode(t.dataDir, agent.mobile, 'lostpass');
      const response = await call(t.app, 'PUT', '/agent/password', {
        body: { mobile: agent.mobile, code, password: 'recovered-pass' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      for (const token of [first, second]) {
        expectError(await call(t.app, 'GET', '/agent/me', { token }), 401, ERROR_MESSAGES.unauthorized, {
          code: ERROR_CODES.unauthorized,
        });
      }
      expectError(
        await call(t.app, 'POST', '/agent/login', { body: { username: agent.mobile, password: DEFAULT_PASSWORD } }),
        401,
        ERROR_MESSAGES.wrongCredentials,
        { code: ERROR_CODES.wrongCredentials },
      );
      expect(await login(t.app, agent.mobile, 'recovered-pass')).toMatch(/^[\w-]{43}$/);
      const reused = await call(t.app, 'PUT', '/agent/password', {
        body: { mobile: agent.mobile, code, password: 'another-pass-1' },
      });
      expectError(reused, 400, ERROR_MESSAGES.verificationCode, codeError);
      expect(await verifyPassword('recovered-pass', (await agentByMobile(agent.mobile))?.passwordHash ?? '')).toBe(
        true,
      );
    });

    test('a wrong code changes nothing and ends no session', async () => {
      const agent = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      const before = (await agentByMobile(agent.mobile))?.passwordHash;
      await sendPublicSms(t.app, agent.mobile, 'lostpass');
      const code = lastSmsCode(t.dataDir, agent.mobile, 'lostpass');
      const response = await call(t.app, 'PUT', '/agent/password', {
        body: { mobile: agent.mobile, code: wrongCode(code), password: 'hijacked-pass' },
      });
      expectError(response, 400, ERROR_MESSAGES.verificationCode, codeError);
      expect((await agentByMobile(agent.mobile))?.passwordHash).toBe(before);
      expect((await call(t.app, 'GET', '/agent/me', { token })).status).toBe(200);
      // A code sent for login does not reset a password.
      await sendPublicSms(t.app, agent.mobile, 'login');
      const loginCode = lastSmsCode(t.dataDir, agent.mobile, 'login');
      if (loginCode !== code) {
        expectError(
          await call(t.app, 'PUT', '/agent/password', {
            body: { mobile: agent.mobile, code: loginCode, password: 'hijacked-pass' },
          }),
          400,
          ERROR_MESSAGES.verificationCode,
          codeError,
        );
      }
      expect((await agentByMobile(agent.mobile))?.passwordHash).toBe(before);
    });

    test('an unknown mobile answers 404; a short password 400', async () => {
      expectError(
        await call(t.app, 'PUT', '/agent/password', {
          body: { mobile: nextMobile(), code: '123456', password: 'whatever-pass' },
        }),
        404,
        ERROR_MESSAGES.agentNotFound,
      );
      const agent = await createAgent(t.ctx);
      expectError(
        await call(t.app, 'PUT', '/agent/password', { body: { mobile: agent.mobile, code: '123456', password: 'x' } }),
        400,
        'password: Password must be 8 to 64 characters',
        { code: ERROR_CODES.validation, field: 'password' },
      );
    });
  });

  describe('GET /agent/exists', () => {
    test('answers whether a mobile is registered', async () => {
      const agent = await createAgent(t.ctx);
      expect(await call(t.app, 'GET', `/agent/exists?mobile=${agent.mobile}`)).toMatchObject({
        status: 200,
        body: { exists: true },
      });
      expect(await call(t.app, 'GET', `/agent/exists?mobile=${nextMobile()}`)).toMatchObject({
        status: 200,
        body: { exists: false },
      });
    });

    test('a malformed or missing mobile answers 400', async () => {
      expectError(await call(t.app, 'GET', '/agent/exists?mobile=2000'), 400, 'mobile: Invalid mobile number', {
        code: ERROR_CODES.validation,
        field: 'mobile',
      });
      expectError(
        await call(t.app, 'GET', '/agent/exists'),
        400,
        'mobile: Invalid input: expected string, received undefined',
        { code: ERROR_CODES.validation, field: 'mobile' },
      );
    });
  });
});
