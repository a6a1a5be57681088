import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  createAgent,
  createSubagent,
  DEFAULT_PASSWORD,
  engines,
  expectError,
  lastSmsCode,
  login,
  nextIp,
  nextMobile,
  sessionFor,
  startApp,
  type TestAgent,
  type TestApp,
  type TestSubagent,
} from './harness.ts';

// The one rule that must never break: an id of another agent answers 404, exactly as a missing one, and changes
// nothing of that agent. A sub-account acts for its parent but may not change the account itself.

const SUBAGENT_FORBIDDEN = 'Sub-account is not allowed to do this';
const forbiddenForSubagent = [403, SUBAGENT_FORBIDDEN, { code: ERROR_CODES.subAgentForbidden }] as const;

describe.each(engines)('tenancy (%s)', (engine) => {
  let t: TestApp;
  let a: TestAgent;
  let b: TestAgent;
  let aToken: string;
  let bToken: string;

  beforeAll(async () => {
    t = await startApp(engine);
    a = await createAgent(t.ctx, { contact: 'A', coopLevel: 3 });
    b = await createAgent(t.ctx, { contact: 'B', company: 'B co', coopLevel: 3 });
    aToken = await sessionFor(t.ctx, a.id);
    bToken = await sessionFor(t.ctx, b.id);
  });
  afterAll(() => t?.close());

  const agentRow = (id: number) =>
    t.ctx.db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('agent A calling with agent B’s id', () => {
    test('every id-taking account call answers 404 and leaves B as it was', async () => {
      const before = await agentRow(b.id);
      const ticketsBefore = await t.ctx.db.selectFrom('loginTickets').selectAll().execute();
      // A holds a real code for the mobile it would move B to, so only the tenancy rule can refuse the call.
      const target = nextMobile();
      await call(t.app, 'POST', '/agent/sms', {
        token: aToken,
        body: { purpose: 'mobile', mobile: target },
        ip: nextIp(),
      });
      const code = lastSmsCode(t.dataDir, target, 'mobile');

      const attempts = [
        call(t.app, 'GET', `/agent/${b.id}`, { token: aToken }),
        call(t.app, 'PUT', `/agent/${b.id}`, { token: aToken, body: { contact: 'hacked', email: 'x@evil.example' } }),
        call(t.app, 'PUT', `/agent/${b.id}/password`, {
          token: aToken,
          body: { oldPassword: DEFAULT_PASSWORD, password: 'hacked-pass-1' },
        }),
        call(t.app, 'PUT', `/agent/${b.id}/mobile`, { token: aToken, body: { mobile: target, code } }),
        call(t.app, 'GET', `/agent/login/token?agentId=${b.id}`, { token: aToken }),
      ];
      for (const response of await Promise.all(attempts)) {
        expectError(response, 404, ERROR_MESSAGES.agentNotFound);
      }
      expect(await agentRow(b.id)).toEqual(before);
      expect(await t.ctx.db.selectFrom('loginTickets').selectAll().execute()).toEqual(ticketsBefore);
      expect((await call(t.app, 'GET', '/agent/me', { token: bToken })).body).toMatchObject({ id: b.id, contact: 'B' });
      // The code A received was not spent by the refused call: A can still use it for itself.
      const own = await call(t.app, 'PUT', `/agent/${a.id}/mobile`, { token: aToken, body: { mobile: target, code } });
      expect(own.body).toMatchObject({ id: a.id, mobile: target });
      a.mobile = target;
    });

    test('B’s login records and WeChat binding are not A’s', async () => {
      await login(t.app, b.mobile, DEFAULT_PASSWORD);
      const records = await call(t.app, 'GET', '/agent/login-record', { token: aToken });
      expect(records.body.items.filter((item: { username: string }) => item.username === b.mobile)).toEqual([]);
      await t.ctx.db
        .insertInto('agentOpenids')
        .values({ agentId: b.id, openid: 'o-b-openid', nickname: 'B 的微信' })
        .execute();
      expect((await call(t.app, 'GET', '/agent/openid', { token: aToken })).body.bound).toBe(false);
      await call(t.app, 'DELETE', '/agent/openid', { token: aToken });
      expect(
        await t.ctx.db.selectFrom('agentOpenids').select('openid').where('agentId', '=', b.id).executeTakeFirst(),
      ).toEqual({ openid: 'o-b-openid' });
    });
  });

  describe('a sub-account', () => {
    let parent: TestAgent;
    let sub: TestSubagent;
    let subToken: string;

    beforeAll(async () => {
      parent = await createAgent(t.ctx, { contact: '母账号', coopLevel: 2 });
      await createAgent(t.ctx, { parentId: parent.id });
      sub = await createSubagent(t.ctx, { agentId: parent.id, username: 'room-operator', remark: '直播间运营' });
      const response = await call(t.app, 'POST', '/agent/login', {
        body: { username: sub.username, password: sub.password },
        ip: '10.9.9.9',
      });
      expect(response.status).toBe(200);
      subToken = response.body.token;
    });

    test('logs in with its username and acts with its parent’s agentId', async () => {
      const me = await call(t.app, 'GET', '/agent/me', { token: subToken });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        id: parent.id,
        mobile: parent.mobile,
        contact: '母账号',
        isSubAgent: true,
        subagent: { id: sub.id, username: 'room-operator', remark: '直播间运营' },
        impersonatedBy: null,
      });
      expect((await call(t.app, 'GET', '/user/me', { token: subToken })).body).toEqual({
        id: sub.id,
        kind: 'subagent',
        agentId: parent.id,
        name: '直播间运营',
        avatar: '',
      });
      expect((await call(t.app, 'GET', '/agent/user', { token: subToken })).body).toEqual({
        agentId: parent.id,
        userId: `agent-${parent.id}-sub-${sub.id}`,
        nickname: '直播间运营',
        avatar: '',
      });
      expect((await call(t.app, 'GET', `/agent/${parent.id}`, { token: subToken })).body.id).toBe(parent.id);
      const token = (await call(t.app, 'GET', '/v3/app-center-token', { token: subToken })).body.token as string;
      expect(token.split('.').slice(0, 2)).toEqual([String(parent.id), String(sub.id)]);
    });

    test('sees only its own login records', async () => {
      await login(t.app, parent.mobile, DEFAULT_PASSWORD);
      const records = await call(t.app, 'GET', '/agent/login-record', { token: subToken });
      expect(records.body.pager.total).toBe(1);
      expect(records.body.items[0]).toMatchObject({ username: 'room-operator', ip: '10.9.9.9', success: true });
      const parentRecords = await call(t.app, 'GET', '/agent/login-record', {
        token: await sessionFor(t.ctx, parent.id),
      });
      expect(parentRecords.body.items.map((item: { username: string }) => item.username).sort()).toEqual(
        [parent.mobile, 'room-operator'].sort(),
      );
    });

    test('may not change the account: 403 SUBAGENT_FORBIDDEN, and nothing changes', async () => {
      const before = await agentRow(parent.id);
      const child = await t.ctx.db
        .selectFrom('agents')
        .select('id')
        .where('parentId', '=', parent.id)
        .executeTakeFirstOrThrow();
      const calls = [
        call(t.app, 'PUT', `/agent/${parent.id}/password`, {
          token: subToken,
          body: { oldPassword: DEFAULT_PASSWORD, password: 'sub-set-pass-1' },
        }),
        call(t.app, 'PUT', `/agent/${parent.id}`, { token: subToken, body: { contact: 'changed by sub' } }),
        call(t.app, 'POST', '/agent/sms', { token: subToken, body: { purpose: 'verify' }, ip: nextIp() }),
        call(t.app, 'POST', '/agent/sms', {
          token: subToken,
          body: { purpose: 'mobile', mobile: nextMobile() },
          ip: nextIp(),
        }),
        call(t.app, 'PUT', `/agent/${parent.id}/mobile`, {
          token: subToken,
          body: { mobile: nextMobile(), code: '123456' },
        }),
        call(t.app, 'GET', `/agent/login/token?agentId=${child.id}`, { token: subToken }),
        call(t.app, 'PUT', '/agent/openid', { token: subToken, body: { code: 'whatever' } }),
        call(t.app, 'DELETE', '/agent/openid', { token: subToken }),
      ];
      for (const response of await Promise.all(calls)) expectError(response, ...forbiddenForSubagent);
      expect(await agentRow(parent.id)).toEqual(before);
      expect(await t.ctx.db.selectFrom('loginTickets').selectAll().where('agentId', '=', child.id).execute()).toEqual(
        [],
      );
      // With another agent's id, the tenancy rule answers first.
      expectError(
        await call(t.app, 'PUT', `/agent/${b.id}`, { token: subToken, body: {} }),
        404,
        ERROR_MESSAGES.agentNotFound,
      );
    });

    test('a wrong password or a deleted sub-account cannot sign in; a deleted one’s session ends', async () => {
      expectError(
        await call(t.app, 'POST', '/agent/login', {
          body: { username: sub.username, password: 'wrong-password' },
          ip: nextIp(),
        }),
        401,
        ERROR_MESSAGES.wrongCredentials,
        { code: ERROR_CODES.wrongCredentials },
      );
      const leaving = await createSubagent(t.ctx, { agentId: parent.id });
      const session = await sessionFor(t.ctx, parent.id, leaving.id);
      expect((await call(t.app, 'GET', '/agent/me', { token: session })).body.isSubAgent).toBe(true);
      await t.ctx.db.updateTable('subagents').set({ deletedAt: new Date() }).where('id', '=', leaving.id).execute();
      expectError(await call(t.app, 'GET', '/agent/me', { token: session }), 401, ERROR_MESSAGES.unauthorized, {
        code: ERROR_CODES.unauthorized,
      });
      expectError(
        await call(t.app, 'POST', '/agent/login', {
          body: { username: leaving.username, password: leaving.password },
          ip: nextIp(),
        }),
        401,
        ERROR_MESSAGES.wrongCredentials,
        { code: ERROR_CODES.wrongCredentials },
      );
    });
  });

  describe('a disabled agent', () => {
    test('its open session answers 403 Agent Disabled on the next request, and stays ended', async () => {
      const agent = await createAgent(t.ctx);
      const sub = await createSubagent(t.ctx, { agentId: agent.id });
      const token = await sessionFor(t.ctx, agent.id);
      const subToken = await sessionFor(t.ctx, agent.id, sub.id);
      expect((await call(t.app, 'GET', '/agent/me', { token })).status).toBe(200);
      await t.ctx.db.updateTable('agents').set({ status: 'disabled' }).where('id', '=', agent.id).execute();
      for (const session of [token, subToken]) {
        expectError(await call(t.app, 'GET', '/agent/me', { token: session }), 403, ERROR_MESSAGES.agentDisabled, {
          code: ERROR_CODES.agentDisabled,
        });
      }
      expectError(
        await call(t.app, 'PUT', `/agent/${agent.id}`, { token, body: { contact: 'still here' } }),
        401,
        ERROR_MESSAGES.unauthorized,
        { code: ERROR_CODES.unauthorized },
      );
      await t.ctx.db.updateTable('agents').set({ status: 'enabled' }).where('id', '=', agent.id).execute();
      expectError(await call(t.app, 'GET', '/agent/me', { token }), 401, ERROR_MESSAGES.unauthorized, {
        code: ERROR_CODES.unauthorized,
      });
      expect((await agentRow(agent.id)).contact).toBe('');
    });
  });
});
