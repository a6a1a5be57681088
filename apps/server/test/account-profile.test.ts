import { DEFAULT_AGENT_AREA, DEFAULT_AGENT_MARGIN, ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hmac, verifyPassword } from '../src/platform/crypto.ts';
import {
  authorizeWechat,
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
  sessionFor,
  startApp,
  type TestAgent,
  type TestApp,
  wrongCode,
} from './harness.ts';

const unauthorized = [401, ERROR_MESSAGES.unauthorized, { code: ERROR_CODES.unauthorized }] as const;
const codeError = { code: ERROR_CODES.verificationCode, field: 'code' };

describe.each(engines)('account profile, password, mobile and bindings (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  const agentRow = (id: number) =>
    t.ctx.db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('GET /agent/{id}', () => {
    test('answers the caller’s own profile', async () => {
      const parent = await createAgent(t.ctx, { coopLevel: 3 });
      const agent = await createAgent(t.ctx, { parentId: parent.id, coopLevel: 1, contact: '王五', company: '公司' });
      const token = await sessionFor(t.ctx, agent.id);
      const response = await call(t.app, 'GET', `/agent/${agent.id}`, { token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: agent.id,
        parentId: parent.id,
        mobile: agent.mobile,
        contact: '王五',
        company: '公司',
        email: '',
        avatar: '',
        status: 'enabled',
        coopLevel: 1,
        extra: { area: DEFAULT_AGENT_AREA, address: '', margin: DEFAULT_AGENT_MARGIN },
        createdAt: (await agentRow(agent.id)).createdAt.toISOString(),
      });
    });

    test('another id answers 404, a malformed one 400, no session 401', async () => {
      const agent = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      expectError(await call(t.app, 'GET', `/agent/${agent.id + 1000}`, { token }), 404, ERROR_MESSAGES.agentNotFound);
      expectError(
        await call(t.app, 'GET', '/agent/abc', { token }),
        400,
        'id: Invalid input: expected number, received NaN',
        { code: ERROR_CODES.validation, field: 'id' },
      );
      expectError(await call(t.app, 'GET', `/agent/${agent.id}`), ...unauthorized);
    });
  });

  describe('PUT /agent/{id}', () => {
    test('changes contact, company, email and avatar, and nothing else', async () => {
      const agent = await createAgent(t.ctx, { contact: 'old', company: 'old co', coopLevel: 1 });
      const token = await sessionFor(t.ctx, agent.id);
      const response = await call(t.app, 'PUT', `/agent/${agent.id}`, {
        token,
        body: {
          contact: '  赵六 ',
          company: '新公司',
          email: 'zhao@example.com',
          avatar: '/files/a.png',
          // Not editable here: ignored.
          mobile: nextMobile(),
          status: 'disabled',
          coopLevel: 9,
          parentId: 1,
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: agent.id,
        mobile: agent.mobile,
        contact: '赵六',
        company: '新公司',
        email: 'zhao@example.com',
        avatar: '/files/a.png',
        status: 'enabled',
        coopLevel: 1,
        parentId: null,
      });
      expect(await agentRow(agent.id)).toMatchObject({
        mobile: agent.mobile,
        contact: '赵六',
        company: '新公司',
        email: 'zhao@example.com',
        avatar: '/files/a.png',
        status: 'enabled',
        coopLevel: 1,
        parentId: null,
      });
      const partial = await call(t.app, 'PUT', `/agent/${agent.id}`, { token, body: { email: '' } });
      expect(partial.body).toMatchObject({ contact: '赵六', company: '新公司', email: '' });
    });

    test('an invalid field answers 400 and changes nothing', async () => {
      const agent = await createAgent(t.ctx, { contact: 'keep' });
      const token = await sessionFor(t.ctx, agent.id);
      const before = await agentRow(agent.id);
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}`, { token, body: { contact: 'changed', email: 'not-an-email' } }),
        400,
        'email: Invalid email',
        { code: ERROR_CODES.validation, field: 'email' },
      );
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}`, { token, body: { contact: 'x'.repeat(51) } }),
        400,
        'contact: Too big: expected string to have <=50 characters',
        { code: ERROR_CODES.validation, field: 'contact' },
      );
      expect(await agentRow(agent.id)).toEqual(before);
    });
  });

  describe('PUT /agent/{id}/password', () => {
    test('the old password allows a new one; other sessions end, this one stays', async () => {
      const agent = await createAgent(t.ctx, { password: 'before-pass-1' });
      const mine = await login(t.app, agent.mobile, 'before-pass-1');
      const elsewhere = await sessionFor(t.ctx, agent.id);
      const response = await call(t.app, 'PUT', `/agent/${agent.id}/password`, {
        token: mine,
        body: { oldPassword: 'before-pass-1', password: 'after-pass-1' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expect((await call(t.app, 'GET', '/agent/me', { token: mine })).status).toBe(200);
      expectError(await call(t.app, 'GET', '/agent/me', { token: elsewhere }), ...unauthorized);
      expect(await verifyPassword('after-pass-1', (await agentRow(agent.id)).passwordHash)).toBe(true);
      expectError(
        await call(t.app, 'POST', '/agent/login', {
          body: { username: agent.mobile, password: 'before-pass-1' },
          ip: nextIp(),
        }),
        401,
        ERROR_MESSAGES.wrongCredentials,
        { code: ERROR_CODES.wrongCredentials },
      );
    });

    test('a wrong old password answers 400 naming oldPassword and changes nothing', async () => {
      const agent = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      const other = await sessionFor(t.ctx, agent.id);
      const before = (await agentRow(agent.id)).passwordHash;
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}/password`, {
          token,
          body: { oldPassword: 'not-my-password', password: 'after-pass-1' },
        }),
        400,
        'Old password is wrong',
        { code: ERROR_CODES.oldPasswordWrong, field: 'oldPassword' },
      );
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}/password`, { token, body: { password: 'after-pass-1' } }),
        400,
        'oldPassword: Invalid input: expected string, received undefined',
        { code: ERROR_CODES.validation, field: 'oldPassword' },
      );
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}/password`, {
          token,
          body: { oldPassword: DEFAULT_PASSWORD, password: 'short' },
        }),
        400,
        'password: Password must be 8 to 64 characters',
        { code: ERROR_CODES.validation, field: 'password' },
      );
      expect((await agentRow(agent.id)).passwordHash).toBe(before);
      expect((await call(t.app, 'GET', '/agent/me', { token: other })).status).toBe(200);
    });
  });

  describe('PUT /agent/{id}/mobile', () => {
    const sendMobileCode = async (token: string, mobile: string) => {
      const response = await call(t.app, 'POST', '/agent/sms', {
        token,
        body: { purpose: 'mobile', mobile },
        ip: nextIp(),
      });
      expect(response.status).toBe(200);
      return lastSmsCode(t.dataDir, mobile, 'mobile');
    };

    test('a code sent to the new mobile moves the account to it', async () => {
      const agent = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      const target = nextMobile();
      const code = await sendMobileCode(token, target);
      const response = await call(t.app, 'PUT', `/agent/${agent.id}/mobile`, { token, body: { mobile: target, code } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: agent.id, mobile: target });
      expect((await agentRow(agent.id)).mobile).toBe(target);
      expect((await call(t.app, 'GET', `/agent/exists?mobile=${agent.mobile}`)).body).toEqual({ exists: false });
      expect(await login(t.app, target, DEFAULT_PASSWORD)).toMatch(/^[\w-]{43}$/);
      // Moving back needs a fresh code: the spent one is refused.
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}/mobile`, { token, body: { mobile: agent.mobile, code } }),
        400,
        ERROR_MESSAGES.verificationCode,
        codeError,
      );
    });

    test('a wrong code, a code for another mobile, the same or a registered mobile change nothing', async () => {
      const agent = await createAgent(t.ctx);
      const taken = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      const target = nextMobile();
      const code = await sendMobileCode(token, target);
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}/mobile`, {
          token,
          body: { mobile: target, code: wrongCode(code) },
        }),
        400,
        ERROR_MESSAGES.verificationCode,
        codeError,
      );
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}/mobile`, { token, body: { mobile: nextMobile(), code } }),
        400,
        ERROR_MESSAGES.verificationCode,
        codeError,
      );
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}/mobile`, { token, body: { mobile: agent.mobile, code } }),
        400,
        'Mobile unchanged',
        { code: ERROR_CODES.mobileUnchanged, field: 'mobile' },
      );
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}/mobile`, { token, body: { mobile: taken.mobile, code } }),
        409,
        'Mobile already registered',
        { code: ERROR_CODES.mobileRegistered, field: 'mobile' },
      );
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}/mobile`, { token, body: { mobile: 'x', code } }),
        400,
        'mobile: Invalid mobile number',
        { code: ERROR_CODES.validation, field: 'mobile' },
      );
      expect((await agentRow(agent.id)).mobile).toBe(agent.mobile);
      // The code survived the refusals.
      const response = await call(t.app, 'PUT', `/agent/${agent.id}/mobile`, { token, body: { mobile: target, code } });
      expect(response.status).toBe(200);
    });

    test('a signup landing between the check and the change answers 409, not 500', async () => {
      const agent = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      const target = nextMobile();
      const code = await sendMobileCode(token, target);
      // Deterministic race: the moment the change spends its code, someone else registers the number.
      await sql`
        create function yanbo_test_signup_race() returns trigger language plpgsql as $$
        begin
          if new.purpose = 'mobile' and new.consumed_at is not null and old.consumed_at is null then
            insert into agents (mobile, password_hash) values (new.mobile, 'not-a-hash');
          end if;
          return new;
        end $$`.execute(t.ctx.db);
      await sql`create trigger yanbo_test_signup_race after update on sms_codes for each row
        execute function yanbo_test_signup_race()`.execute(t.ctx.db);
      try {
        const response = await call(t.app, 'PUT', `/agent/${agent.id}/mobile`, {
          token,
          body: { mobile: target, code },
        });
        expectError(response, 409, 'Mobile already registered', {
          code: ERROR_CODES.mobileRegistered,
          field: 'mobile',
        });
      } finally {
        await sql`drop trigger yanbo_test_signup_race on sms_codes`.execute(t.ctx.db);
        await sql`drop function yanbo_test_signup_race()`.execute(t.ctx.db);
      }
      expect((await agentRow(agent.id)).mobile).toBe(agent.mobile);
    });

    test('a verify code to the own mobile does not move the account', async () => {
      const agent = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      await call(t.app, 'POST', '/agent/sms', { token, body: { purpose: 'verify' }, ip: nextIp() });
      const code = lastSmsCode(t.dataDir, agent.mobile, 'verify');
      const target = nextMobile();
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}/mobile`, { token, body: { mobile: target, code } }),
        400,
        ERROR_MESSAGES.verificationCode,
        codeError,
      );
      expect((await agentRow(agent.id)).mobile).toBe(agent.mobile);
      expect(readSmsOutbox(t.dataDir).filter((line) => line.mobile === target)).toEqual([]);
    });
  });

  describe('GET /v3/app-center-token', () => {
    test('answers a token signed with the server secret, valid two hours', async () => {
      const agent = await createAgent(t.ctx);
      const token = await sessionFor(t.ctx, agent.id);
      const response = await call(t.app, 'GET', '/v3/app-center-token', { token });
      expect(response.status).toBe(200);
      const [agentId, subagentId, expiry, signature] = response.body.token.split('.');
      expect([agentId, subagentId]).toEqual([String(agent.id), '0']);
      expect(Number(expiry)).toBe(Date.parse(response.body.expiresAt));
      expect(Math.abs(Number(expiry) - Date.now() - 2 * 3_600_000)).toBeLessThan(10_000);
      expect(signature).toBe(hmac('test-secret', `app-center:${agentId}.${subagentId}.${expiry}`));
      expectError(await call(t.app, 'GET', '/v3/app-center-token'), ...unauthorized);
    });
  });

  describe('GET|PUT|DELETE /agent/openid', () => {
    let first: TestAgent;
    let second: TestAgent;
    let firstToken: string;
    let secondToken: string;

    beforeAll(async () => {
      first = await createAgent(t.ctx);
      second = await createAgent(t.ctx);
      firstToken = await sessionFor(t.ctx, first.id);
      secondToken = await sessionFor(t.ctx, second.id);
    });

    test('unbound: answers the authorize page address with the state', async () => {
      const response = await call(t.app, 'GET', '/agent/openid?state=s', { token: firstToken });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        bound: false,
        openid: null,
        nickname: null,
        avatar: null,
        boundAt: null,
        authorizeUrl: '/sandbox/wechat/authorize?redirect_uri=%2Fuser&state=s&response_type=code&scope=snsapi_userinfo',
      });
    });

    test('a code from the authorize page binds; it is single use; the same WeChat user cannot bind twice', async () => {
      const code = await authorizeWechat(t.app, '微信小明');
      const bound = await call(t.app, 'PUT', '/agent/openid', { token: firstToken, body: { code } });
      expect(bound.status).toBe(200);
      expect(bound.body).toMatchObject({ bound: true, nickname: '微信小明', avatar: '' });
      expect(bound.body.openid).toMatch(/^o[\w-]{27}$/);
      expect(Math.abs(Date.parse(bound.body.boundAt) - Date.now())).toBeLessThan(60_000);
      const read = await call(t.app, 'GET', '/agent/openid', { token: firstToken });
      expect(read.body).toMatchObject({ bound: true, openid: bound.body.openid, nickname: '微信小明' });

      expectError(
        await call(t.app, 'PUT', '/agent/openid', { token: secondToken, body: { code } }),
        400,
        'Authorization code is invalid or expired',
        { code: ERROR_CODES.openidCodeInvalid, field: 'code' },
      );
      const sameUser = await authorizeWechat(t.app, '微信小明');
      expectError(
        await call(t.app, 'PUT', '/agent/openid', { token: secondToken, body: { code: sameUser } }),
        409,
        'This WeChat account is bound to another agent',
        { code: ERROR_CODES.openidBoundElsewhere },
      );
      expect((await call(t.app, 'GET', '/agent/openid', { token: secondToken })).body.bound).toBe(false);

      const unbound = await call(t.app, 'DELETE', '/agent/openid', { token: firstToken });
      expect(unbound.status).toBe(200);
      expect(unbound.body).toMatchObject({ bound: false, openid: null, nickname: null, boundAt: null });
      expect(await t.ctx.db.selectFrom('agentOpenids').selectAll().where('agentId', '=', first.id).execute()).toEqual(
        [],
      );
      // Once unbound, the WeChat user is free for the other agent.
      const free = await authorizeWechat(t.app, '微信小明');
      const rebound = await call(t.app, 'PUT', '/agent/openid', { token: secondToken, body: { code: free } });
      expect(rebound.body).toMatchObject({ bound: true, openid: bound.body.openid });
    });

    test('an unknown, expired or empty code answers 400; no session answers 401', async () => {
      expectError(
        await call(t.app, 'PUT', '/agent/openid', { token: firstToken, body: { code: 'never-issued' } }),
        400,
        'Authorization code is invalid or expired',
        { code: ERROR_CODES.openidCodeInvalid, field: 'code' },
      );
      const code = await authorizeWechat(t.app, '过期用户');
      await t.ctx.db
        .updateTable('sandboxWechatCodes')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('code', '=', code)
        .execute();
      expectError(
        await call(t.app, 'PUT', '/agent/openid', { token: firstToken, body: { code } }),
        400,
        'Authorization code is invalid or expired',
        { code: ERROR_CODES.openidCodeInvalid, field: 'code' },
      );
      expectError(
        await call(t.app, 'PUT', '/agent/openid', { token: firstToken, body: { code: ' ' } }),
        400,
        'code: Code is required',
        { code: ERROR_CODES.validation, field: 'code' },
      );
      expectError(await call(t.app, 'GET', '/agent/openid'), ...unauthorized);
      expectError(await call(t.app, 'PUT', '/agent/openid', { body: { code } }), ...unauthorized);
      expectError(await call(t.app, 'DELETE', '/agent/openid'), ...unauthorized);
    });

    test('the authorize page refuses a return address off the site', async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: '/sandbox/wechat/authorize?redirect_uri=https://evil.example/&state=s',
      });
      expect(page.statusCode).toBe(400);
      const consent = await t.app.inject({
        method: 'POST',
        url: '/sandbox/wechat/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'redirect_uri=https%3A%2F%2Fevil.example%2F&state=s&nickname=x',
      });
      expect(consent.statusCode).toBe(400);
    });
  });

  describe('GET /user/me and GET /agent/user', () => {
    test('name the agent by contact, else company, else mobile', async () => {
      const named = await createAgent(t.ctx, { contact: '联系人', company: '公司' });
      const company = await createAgent(t.ctx, { company: '只有公司' });
      const bare = await createAgent(t.ctx);
      const expectations: [TestAgent, string, string][] = [
        [named, '联系人', '联系人'],
        [company, '只有公司', '只有公司'],
        [bare, bare.mobile, '客服'],
      ];
      for (const [agent, name, nickname] of expectations) {
        const token = await sessionFor(t.ctx, agent.id);
        const user = await call(t.app, 'GET', '/user/me', { token });
        expect(user.status).toBe(200);
        expect(user.body).toEqual({ id: agent.id, kind: 'agent', agentId: agent.id, name, avatar: '' });
        const service = await call(t.app, 'GET', '/agent/user', { token });
        expect(service.status).toBe(200);
        expect(service.body).toEqual({ agentId: agent.id, userId: `agent-${agent.id}`, nickname, avatar: '' });
      }
      expectError(await call(t.app, 'GET', '/user/me'), ...unauthorized);
      expectError(await call(t.app, 'GET', '/agent/user'), ...unauthorized);
    });
  });
});
