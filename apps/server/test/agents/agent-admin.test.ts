import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_AGENT_AREA, ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  createAgent,
  createSubagent,
  DEFAULT_PASSWORD,
  engines,
  expectError,
  login,
  nextMobile,
  sessionFor,
  startApp,
  type TestAgent,
  type TestApp,
} from '../harness.ts';

// Agent administration (seed 000 §7) as an agent with a cooperation level uses it: lower-level agents, their
// cooperation information, status, resource credit and usage, and the agency view.

describe.each(engines)('agent administration (%s)', (engine) => {
  let t: TestApp;
  let top: TestAgent;
  let topToken: string;

  const newAgent = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/agent/agent/', { token, body: { password: 'child-pass-1', ...body } });

  beforeAll(async () => {
    t = await startApp(engine);
    top = await createAgent(t.ctx, { contact: '总代理', coopLevel: 3 });
    topToken = await sessionFor(t.ctx, top.id);
  });
  afterAll(() => t?.close());

  test('GET /agent/field lists the seeded industry fields in order', async () => {
    const response = await call(t.app, 'GET', '/agent/field', { token: topToken });
    expect(response.status).toBe(200);
    expect(response.body.items.map((field: { name: string }) => field.name)).toEqual([
      '教育',
      '金融',
      '医疗',
      '政务',
      '电商',
      '传媒',
      '制造',
      '其他',
    ]);
  });

  test('POST /agent/agent/ creates an agent directly below the caller, which signs in with its password', async () => {
    const fields = (await call(t.app, 'GET', '/agent/field', { token: topToken })).body.items;
    const manager = await createSubagent(t.ctx, { agentId: top.id, username: 'manager-one', remark: '客户经理' });
    const mobile = nextMobile();
    const response = await newAgent(topToken, {
      mobile,
      contact: '张三',
      company: '杭州演播',
      email: 'zs@example.com',
      fieldId: fields[1].id,
      coopLevel: 2,
      contractStartedAt: '2026-01-01T00:00:00Z',
      contractEndedAt: '2026-12-31T16:00:00+08:00',
      managerId: manager.id,
      extra: { area: 330106, address: '西湖区' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(Number),
      parentId: top.id,
      depth: 1,
      mobile,
      contact: '张三',
      company: '杭州演播',
      email: 'zs@example.com',
      status: 'enabled',
      coopLevel: 2,
      extra: { area: 330106, address: '西湖区', margin: 0 },
      fieldId: fields[1].id,
      contractStartedAt: '2026-01-01T00:00:00.000Z',
      contractEndedAt: '2026-12-31T08:00:00.000Z',
      managerId: manager.id,
      manager: { id: manager.id, username: 'manager-one', remark: '客户经理' },
      subagentQuota: 5,
      credit: { fluxGb: 0, storageGb: 0, smsCount: 0 },
      createdAt: expect.any(String),
    });
    const stored = await t.ctx.db
      .selectFrom('agents')
      .select('passwordHash')
      .where('id', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    const childToken = await login(t.app, mobile, 'child-pass-1');
    const me = await call(t.app, 'GET', '/agent/me', { token: childToken });
    expect(me.body).toMatchObject({ id: response.body.id, parentId: top.id, coopLevel: 2 });
  });

  test('a new agent takes the seed defaults: area 330100, margin 0, level 0, no contract', async () => {
    const response = await newAgent(topToken, { mobile: nextMobile() });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      contact: '',
      coopLevel: 0,
      extra: { area: DEFAULT_AGENT_AREA, address: '', margin: 0 },
      fieldId: null,
      contractStartedAt: null,
      contractEndedAt: null,
      managerId: null,
      manager: null,
    });
  });

  test('creation is refused without a level, at or above the caller’s level, and for a taken mobile', async () => {
    const levelZero = await createAgent(t.ctx, { coopLevel: 0 });
    expectError(
      await newAgent(await sessionFor(t.ctx, levelZero.id), { mobile: nextMobile() }),
      403,
      ERROR_MESSAGES.coopLevelTooLow,
      { code: ERROR_CODES.coopLevelTooLow },
    );
    for (const coopLevel of [3, 4]) {
      expectError(
        await newAgent(topToken, { mobile: nextMobile(), coopLevel }),
        400,
        ERROR_MESSAGES.coopLevelNotBelowUpper,
        { code: ERROR_CODES.coopLevelNotBelowUpper, field: 'coopLevel' },
      );
    }
    expectError(await newAgent(topToken, { mobile: top.mobile }), 409, 'Mobile already registered', {
      code: ERROR_CODES.mobileRegistered,
      field: 'mobile',
    });
    const before = await t.ctx.db.selectFrom('agents').select('id').execute();
    // Two creations of one mobile at once: one agent, one 409.
    const mobile = nextMobile();
    const both = await Promise.all([newAgent(topToken, { mobile }), newAgent(topToken, { mobile })]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await t.ctx.db.selectFrom('agents').select('id').execute()).length).toBe(before.length + 1);
  });

  test('creation validates the body: mobile, password, email, field, manager and contract dates', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mobile: '12345' }, 'mobile'],
      [{ mobile: nextMobile(), password: 'short' }, 'password'],
      [{ mobile: nextMobile(), email: 'not-an-email' }, 'email'],
      [{ mobile: nextMobile(), coopLevel: -1 }, 'coopLevel'],
      [{ mobile: nextMobile(), contractStartedAt: 'yesterday' }, 'contractStartedAt'],
      [{ mobile: nextMobile(), extra: { margin: -1 } }, 'extra.margin'],
    ];
    for (const [body, field] of cases) {
      const response = await newAgent(topToken, body);
      expect(response.status, field).toBe(400);
      expect(response.body).toMatchObject({ code: ERROR_CODES.validation, field });
    }
    expectError(await newAgent(topToken, { mobile: nextMobile(), fieldId: 999 }), 400, 'fieldId: Unknown field', {
      code: ERROR_CODES.validation,
      field: 'fieldId',
    });
    // A manager is a sub-account of the upper agent: another agent's sub-account is unknown here.
    const stranger = await createAgent(t.ctx);
    const strangersSub = await createSubagent(t.ctx, { agentId: stranger.id });
    expectError(
      await newAgent(topToken, { mobile: nextMobile(), managerId: strangersSub.id }),
      400,
      'managerId: Unknown manager',
      { code: ERROR_CODES.validation, field: 'managerId' },
    );
    expectError(
      await newAgent(topToken, {
        mobile: nextMobile(),
        contractStartedAt: '2026-06-01T00:00:00Z',
        contractEndedAt: '2026-05-01T00:00:00Z',
      }),
      400,
      'contractEndedAt: The contract must end after it starts',
      { code: ERROR_CODES.validation, field: 'contractEndedAt' },
    );
  });

  describe('a tree of three levels', () => {
    let parent: TestAgent;
    let parentToken: string;
    let childA: number;
    let childB: number;
    let grandchild: number;

    beforeAll(async () => {
      parent = await createAgent(t.ctx, { coopLevel: 3, contact: '上级' });
      parentToken = await sessionFor(t.ctx, parent.id);
      childA = (
        await newAgent(parentToken, {
          mobile: nextMobile(),
          contact: '李四',
          company: '宁波传媒',
          email: 'li@example.com',
          coopLevel: 2,
        })
      ).body.id;
      childB = (
        await newAgent(parentToken, { mobile: '13700001111', contact: '王五', company: '温州制造', coopLevel: 0 })
      ).body.id;
      const childToken = await sessionFor(t.ctx, childA);
      grandchild = (await newAgent(childToken, { mobile: nextMobile(), contact: '赵六', coopLevel: 1 })).body.id;
      await t.ctx.db.updateTable('agents').set({ status: 'pending' }).where('id', '=', childB).execute();
    });

    const list = (query = '') => call(t.app, 'GET', `/agent/agent${query}`, { token: parentToken });
    const ids = (response: { body: { items: { id: number }[] } }) => response.body.items.map((item) => item.id);

    test('GET /agent/agent lists the whole subtree below the caller, newest first, with parents and depths', async () => {
      const response = await list();
      expect(response.status).toBe(200);
      expect(response.body.pager).toEqual({ page: 1, pageSize: 10, total: 3 });
      expect(
        response.body.items.map((item: { id: number; parentId: number; depth: number }) => [
          item.id,
          item.parentId,
          item.depth,
        ]),
      ).toEqual([
        [grandchild, childA, 2],
        [childB, parent.id, 1],
        [childA, parent.id, 1],
      ]);
      // The middle agent sees only its own subtree.
      const middle = await call(t.app, 'GET', '/agent/agent', { token: await sessionFor(t.ctx, childA) });
      expect(ids(middle)).toEqual([grandchild]);
    });

    test('searches by contact, company, id, email and mobile, and filters by status and coop level', async () => {
      expect(ids(await list('?searchType=contact&content=李'))).toEqual([childA]);
      expect(ids(await list('?content=王'))).toEqual([childB]);
      expect(ids(await list('?searchType=company&content=制造'))).toEqual([childB]);
      expect(ids(await list(`?searchType=id&content=${grandchild}`))).toEqual([grandchild]);
      expect(ids(await list('?searchType=id&content=abc'))).toEqual([]);
      expect(ids(await list('?searchType=email&content=li@'))).toEqual([childA]);
      expect(ids(await list('?searchType=mobile&content=1370000'))).toEqual([childB]);
      expect(ids(await list('?searchType=contact&content=%25'))).toEqual([]);
      expect(ids(await list('?status=pending'))).toEqual([childB]);
      expect(ids(await list('?status=enabled&coopLevel=1'))).toEqual([grandchild]);
      // The reset filters of the agent area: empty values mean all.
      expect((await list('?searchType=contact&content=&status=&coopLevel=')).body.pager.total).toBe(3);
      const bad = await list('?searchType=nickname&content=x');
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('searchType');
    });

    test('pages with page and pageSize', async () => {
      const second = await list('?page=2&pageSize=2');
      expect(second.body.pager).toEqual({ page: 2, pageSize: 2, total: 3 });
      expect(ids(second)).toEqual([childA]);
    });

    test('GET /agent/agent/{id} shows an agent at any depth below', async () => {
      const response = await call(t.app, 'GET', `/agent/agent/${grandchild}`, { token: parentToken });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: grandchild, parentId: childA, depth: 2, contact: '赵六' });
    });

    test('PUT /agent/agent/{id} changes what is given, merges extra, and a new password ends its sessions', async () => {
      const childSession = await sessionFor(t.ctx, childA);
      const unchanged = await call(t.app, 'PUT', `/agent/agent/${childA}`, {
        token: parentToken,
        body: { contact: '李四四', extra: { address: '鄞州区' } },
      });
      expect(unchanged.status).toBe(200);
      expect(unchanged.body).toMatchObject({
        contact: '李四四',
        company: '宁波传媒',
        extra: { area: DEFAULT_AGENT_AREA, address: '鄞州区', margin: 0 },
      });
      expect((await call(t.app, 'GET', '/agent/me', { token: childSession })).status).toBe(200);

      const mobile = nextMobile();
      const changed = await call(t.app, 'PUT', `/agent/agent/${childA}`, {
        token: parentToken,
        body: { mobile, password: 'new-child-pass-1' },
      });
      expect(changed.body.mobile).toBe(mobile);
      expectError(await call(t.app, 'GET', '/agent/me', { token: childSession }), 401, ERROR_MESSAGES.unauthorized, {
        code: ERROR_CODES.unauthorized,
      });
      expect(await login(t.app, mobile, 'new-child-pass-1')).toEqual(expect.any(String));

      expectError(
        await call(t.app, 'PUT', `/agent/agent/${childA}`, { token: parentToken, body: { mobile: top.mobile } }),
        409,
        'Mobile already registered',
        { code: ERROR_CODES.mobileRegistered, field: 'mobile' },
      );
      const short = await call(t.app, 'PUT', `/agent/agent/${childA}`, { token: parentToken, body: { password: 'x' } });
      expect(short.status).toBe(400);
      expect(short.body.field).toBe('password');
    });

    test('a level stays below the upper agent’s and above the lower agents’, through PUT and /coop/', async () => {
      const put = (id: number, body: Record<string, unknown>) =>
        call(t.app, 'PUT', `/agent/agent/${id}`, { token: parentToken, body });
      const coop = (id: number, body: Record<string, unknown>) =>
        call(t.app, 'PUT', `/agent/agent/${id}/coop/`, { token: parentToken, body });
      expectError(await put(childA, { coopLevel: 3 }), 400, ERROR_MESSAGES.coopLevelNotBelowUpper, {
        code: ERROR_CODES.coopLevelNotBelowUpper,
        field: 'coopLevel',
      });
      // childA (2) has a lower agent at level 1.
      expectError(await coop(childA, { coopLevel: 1 }), 400, ERROR_MESSAGES.coopLevelNotAboveLower, {
        code: ERROR_CODES.coopLevelNotAboveLower,
        field: 'coopLevel',
      });
      // The grandchild's upper agent is childA (2), not the caller (3).
      expectError(await coop(grandchild, { coopLevel: 2 }), 400, ERROR_MESSAGES.coopLevelNotBelowUpper, {
        code: ERROR_CODES.coopLevelNotBelowUpper,
        field: 'coopLevel',
      });
      expect((await put(childB, { coopLevel: 2 })).body.coopLevel).toBe(2);
    });

    test('PUT /agent/agent/{id}/coop/ sets level, contract and manager together', async () => {
      const manager = await createSubagent(t.ctx, { agentId: parent.id, username: 'parent-manager' });
      const response = await call(t.app, 'PUT', `/agent/agent/${childB}/coop/`, {
        token: parentToken,
        body: {
          coopLevel: 1,
          contractStartedAt: '2026-03-01T00:00:00Z',
          contractEndedAt: '2027-03-01T00:00:00Z',
          managerId: manager.id,
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        coopLevel: 1,
        contractStartedAt: '2026-03-01T00:00:00.000Z',
        contractEndedAt: '2027-03-01T00:00:00.000Z',
        managerId: manager.id,
        manager: { id: manager.id, username: 'parent-manager', remark: '' },
      });
      // Without the trailing slash too; the omitted fields clear.
      const cleared = await call(t.app, 'PUT', `/agent/agent/${childB}/coop`, {
        token: parentToken,
        body: { coopLevel: 1 },
      });
      expect(cleared.body).toMatchObject({ contractStartedAt: null, contractEndedAt: null, managerId: null });
      // The grandchild's manager is a sub-account of its own upper agent (childA), not of the caller.
      expectError(
        await call(t.app, 'PUT', `/agent/agent/${grandchild}/coop/`, {
          token: parentToken,
          body: { coopLevel: 0, managerId: manager.id },
        }),
        400,
        'managerId: Unknown manager',
        { code: ERROR_CODES.validation, field: 'managerId' },
      );
      const missing = await call(t.app, 'PUT', `/agent/agent/${childB}/coop/`, { token: parentToken, body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe('coopLevel');
    });

    test('deleting the manager sub-account clears the agent’s manager', async () => {
      const manager = await createSubagent(t.ctx, { agentId: parent.id, username: 'short-lived-manager' });
      await call(t.app, 'PUT', `/agent/agent/${childB}/coop/`, {
        token: parentToken,
        body: { coopLevel: 1, managerId: manager.id },
      });
      await call(t.app, 'DELETE', `/agent/subagent/${manager.id}`, { token: parentToken });
      const agent = await call(t.app, 'GET', `/agent/agent/${childB}`, { token: parentToken });
      expect(agent.body).toMatchObject({ managerId: null, manager: null });
    });

    test('PUT /agent/agent/{id}/status: a disabled agent’s open session answers 403 Agent Disabled, then 401', async () => {
      const victim = await createAgent(t.ctx, { parentId: parent.id, password: 'victim-pass-1' });
      const victimToken = await login(t.app, victim.mobile, 'victim-pass-1');
      const victimSub = await createSubagent(t.ctx, { agentId: victim.id });
      const victimSubToken = await sessionFor(t.ctx, victim.id, victimSub.id);
      expect((await call(t.app, 'GET', '/agent/me', { token: victimToken })).status).toBe(200);

      const disabled = await call(t.app, 'PUT', `/agent/agent/${victim.id}/status`, {
        token: parentToken,
        body: { status: 'disabled' },
      });
      expect(disabled.status).toBe(200);
      expect(disabled.body.status).toBe('disabled');
      for (const token of [victimToken, victimSubToken]) {
        expectError(await call(t.app, 'GET', '/agent/me', { token }), 403, ERROR_MESSAGES.agentDisabled, {
          code: ERROR_CODES.agentDisabled,
        });
        expectError(await call(t.app, 'GET', '/agent/me', { token }), 401, ERROR_MESSAGES.unauthorized, {
          code: ERROR_CODES.unauthorized,
        });
      }
      expectError(
        await call(t.app, 'POST', '/agent/login', { body: { username: victim.mobile, password: 'victim-pass-1' } }),
        403,
        ERROR_MESSAGES.agentDisabled,
        { code: ERROR_CODES.agentDisabled },
      );
      const list = await call(t.app, 'GET', '/agent/agent?status=disabled', { token: parentToken });
      expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([victim.id]);

      const enabled = await call(t.app, 'PUT', `/agent/agent/${victim.id}/status`, {
        token: parentToken,
        body: { status: 'enabled' },
      });
      expect(enabled.body.status).toBe('enabled');
      expect(await login(t.app, victim.mobile, 'victim-pass-1')).toEqual(expect.any(String));
      const bad = await call(t.app, 'PUT', `/agent/agent/${victim.id}/status`, {
        token: parentToken,
        body: { status: 'deleted' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('status');
    });

    test('PUT /agent/agent/{id}/status pending (停用): no sign-in while stopped, data intact, re-enabled as it was', async () => {
      const stopped = await createAgent(t.ctx, { parentId: parent.id, password: 'stopped-pass-1' });
      const stoppedToken = await login(t.app, stopped.mobile, 'stopped-pass-1');
      const stoppedSub = await createSubagent(t.ctx, { agentId: stopped.id, username: 'stopped-staff' });
      const stoppedSubToken = await sessionFor(t.ctx, stopped.id, stoppedSub.id);
      const activity = await call(t.app, 'POST', '/activity', { token: stoppedToken, body: { name: '停用前的活动' } });
      expect(activity.status).toBe(200);

      const pending = await call(t.app, 'PUT', `/agent/agent/${stopped.id}/status`, {
        token: parentToken,
        body: { status: 'pending' },
      });
      expect(pending.status).toBe(200);
      expect(pending.body.status).toBe('pending');
      // Open sessions end: the console goes back to /login.
      for (const token of [stoppedToken, stoppedSubToken]) {
        expectError(await call(t.app, 'GET', '/agent/me', { token }), 401, ERROR_MESSAGES.unauthorized, {
          code: ERROR_CODES.unauthorized,
        });
      }
      // A new sign-in, of the agent or of its sub-account, is refused with its own code (the catalogue says 已停用).
      for (const username of [stopped.mobile, 'stopped-staff']) {
        const password = username === 'stopped-staff' ? DEFAULT_PASSWORD : 'stopped-pass-1';
        expectError(
          await call(t.app, 'POST', '/agent/login', { body: { username, password } }),
          403,
          ERROR_MESSAGES.agentStopped,
          { code: ERROR_CODES.agentStopped },
        );
      }
      const catalogue = await call(t.app, 'GET', '/error-codes');
      expect(catalogue.body[ERROR_CODES.agentStopped]['zh-CN']).toBe('账号已停用，请联系上级代理商恢复启用');
      const list = await call(t.app, 'GET', '/agent/agent?status=pending', { token: parentToken });
      expect(list.body.items.map((item: { id: number }) => item.id)).toContain(stopped.id);

      const enabled = await call(t.app, 'PUT', `/agent/agent/${stopped.id}/status`, {
        token: parentToken,
        body: { status: 'enabled' },
      });
      expect(enabled.body.status).toBe('enabled');
      const back = await login(t.app, stopped.mobile, 'stopped-pass-1');
      // Its data is as it was: the activity and the sub-account.
      const activities = await call(t.app, 'GET', '/activity', { token: back });
      expect(activities.body.items.map((item: { id: number }) => item.id)).toContain(activity.body.id);
      const subs = await call(t.app, 'GET', '/agent/subagent', { token: back });
      expect(subs.body.items.map((item: { username: string }) => item.username)).toEqual(['stopped-staff']);
    });

    test('PUT /agent/agentcredit/ sets an agent’s resource credit, shown in its info and usage', async () => {
      const credit = { fluxGb: 500, storageGb: 20.5, smsCount: 1000 };
      const response = await call(t.app, 'PUT', '/agent/agentcredit/', {
        token: parentToken,
        body: { agentId: grandchild, credit },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ agentId: grandchild, credit });
      const again = await call(t.app, 'PUT', '/agent/agentcredit', {
        token: parentToken,
        body: { agentId: grandchild, credit: { ...credit, smsCount: 2000 } },
      });
      expect(again.body.credit.smsCount).toBe(2000);
      const info = await call(t.app, 'GET', `/agent/agent/${grandchild}`, { token: parentToken });
      expect(info.body.credit).toEqual({ ...credit, smsCount: 2000 });
      const negative = await call(t.app, 'PUT', '/agent/agentcredit/', {
        token: parentToken,
        body: { agentId: grandchild, credit: { ...credit, fluxGb: -1 } },
      });
      expect(negative.status).toBe(400);
      expect(negative.body.field).toBe('credit.fluxGb');
    });

    test('GET /agent/agentusage counts activities, sub-accounts, stored bytes and SMS, next to the credit', async () => {
      const user = await createAgent(t.ctx, { parentId: parent.id });
      const userToken = await sessionFor(t.ctx, user.id);
      const empty = await call(t.app, 'GET', '/agent/agentusage', { token: userToken });
      expect(empty.body).toEqual({
        agentId: user.id,
        activityCount: 0,
        subagentCount: 0,
        subagentQuota: 5,
        storageBytes: 0,
        smsCount: 0,
        credit: { fluxGb: 0, storageGb: 0, smsCount: 0 },
      });

      const first = await call(t.app, 'POST', '/activity', { token: userToken, body: { name: '发布会' } });
      const second = await call(t.app, 'POST', '/activity', { token: userToken, body: { name: '已删除' } });
      await call(t.app, 'DELETE', `/activity/${second.body.id}`, { token: userToken });
      await createSubagent(t.ctx, { agentId: user.id });
      const files = path.join(t.dataDir, 'files');
      await mkdir(path.join(files, 'agent', String(user.id), 'avatar'), { recursive: true });
      await writeFile(path.join(files, 'agent', String(user.id), 'avatar', 'a.png'), Buffer.alloc(1000));
      await mkdir(path.join(files, 'activity', String(first.body.id)), { recursive: true });
      await writeFile(path.join(files, 'activity', String(first.body.id), 'cover.jpg'), Buffer.alloc(234));
      // Another agent's files are not counted.
      await mkdir(path.join(files, 'agent', String(parent.id)), { recursive: true });
      await writeFile(path.join(files, 'agent', String(parent.id), 'x.bin'), Buffer.alloc(99));
      await t.ctx.db
        .insertInto('smsCodes')
        .values([
          { mobile: user.mobile, purpose: 'login', codeHash: 'x', expiresAt: new Date() },
          { mobile: user.mobile, purpose: 'verify', codeHash: 'x', expiresAt: new Date() },
          { mobile: parent.mobile, purpose: 'login', codeHash: 'x', expiresAt: new Date() },
        ])
        .execute();
      await call(t.app, 'PUT', '/agent/agentcredit/', {
        token: parentToken,
        body: { agentId: user.id, credit: { fluxGb: 10, storageGb: 1, smsCount: 50 } },
      });

      const expected = {
        agentId: user.id,
        activityCount: 1,
        subagentCount: 1,
        subagentQuota: 5,
        storageBytes: 1234,
        smsCount: 2,
        credit: { fluxGb: 10, storageGb: 1, smsCount: 50 },
      };
      expect((await call(t.app, 'GET', '/agent/agentusage', { token: userToken })).body).toEqual(expected);
      // The upper agent asks with agentId.
      const fromAbove = await call(t.app, 'GET', `/agent/agentusage?agentId=${user.id}`, { token: parentToken });
      expect(fromAbove.body).toEqual(expected);
      expect(
        (await call(t.app, 'GET', `/agent/agentusage?agentId=${user.id}`, { token: userToken })).body.agentId,
      ).toBe(user.id);
    });

    test('GET /v2/agency/agent lists the agents below with their activity and sub-account counts', async () => {
      const owner = await createAgent(t.ctx, { coopLevel: 2 });
      const ownerToken = await sessionFor(t.ctx, owner.id);
      const below = (await newAgent(ownerToken, { mobile: nextMobile(), contact: '下级', coopLevel: 1 })).body.id;
      const deeper = (await newAgent(await sessionFor(t.ctx, below), { mobile: nextMobile(), contact: '再下级' })).body
        .id;
      const belowToken = await sessionFor(t.ctx, below);
      for (const name of ['一', '二']) await call(t.app, 'POST', '/activity', { token: belowToken, body: { name } });
      await createSubagent(t.ctx, { agentId: below });

      const response = await call(t.app, 'GET', '/v2/agency/agent', { token: ownerToken });
      expect(response.status).toBe(200);
      expect(response.body.pager).toEqual({ page: 1, pageSize: 10, total: 2 });
      expect(response.body.items).toEqual([
        {
          id: deeper,
          parentId: below,
          depth: 2,
          mobile: expect.any(String),
          contact: '再下级',
          company: '',
          status: 'enabled',
          coopLevel: 0,
          activityCount: 0,
          subagentCount: 0,
          createdAt: expect.any(String),
        },
        expect.objectContaining({ id: below, depth: 1, activityCount: 2, subagentCount: 1 }),
      ]);
      const searched = await call(t.app, 'GET', '/v2/agency/agent?content=再', { token: ownerToken });
      expect(searched.body.items.map((item: { id: number }) => item.id)).toEqual([deeper]);
      const nobody = await call(t.app, 'GET', '/v2/agency/agent', { token: await sessionFor(t.ctx, deeper) });
      expect(nobody.body).toEqual({ items: [], pager: { page: 1, pageSize: 10, total: 0 } });
    });
  });
});
