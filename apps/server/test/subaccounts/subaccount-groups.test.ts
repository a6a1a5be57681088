import { ERROR_CODES, ERROR_MESSAGES, MAX_SUBACCOUNT_GROUPS } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

// Sub-account groups (seed 001 §5, §8): at most 20 per agent ('403 The number of groups cannot exceed 20'), names
// unique per agent ('400 Group name already existed'); deleting a group moves its sub-accounts to no group.

describe.each(engines)('sub-account groups (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  async function owner() {
    const agent = await createAgent(t.ctx);
    return { agent, token: await sessionFor(t.ctx, agent.id) };
  }
  const createGroup = (token: string, name: string) =>
    call(t.app, 'POST', '/v3/subagent-group', { token, body: { name } });

  test('POST creates, GET lists and shows one with its sub-account count, PATCH renames', async () => {
    const { agent, token } = await owner();
    const created = await createGroup(token, '  华东区  ');
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.any(Number), name: '华东区', subagentCount: 0 });
    const second = (await createGroup(token, '华南区')).body;
    await createSubagent(t.ctx, { agentId: agent.id });
    await t.ctx.db.updateTable('subagents').set({ groupId: created.body.id }).where('agentId', '=', agent.id).execute();

    expect((await call(t.app, 'GET', '/v3/subagent-group', { token })).body).toEqual({
      items: [{ ...created.body, subagentCount: 1 }, second],
    });
    const one = await call(t.app, 'GET', `/v3/subagent-group/${created.body.id}`, { token });
    expect(one.body).toEqual({ ...created.body, subagentCount: 1 });

    const renamed = await call(t.app, 'PATCH', `/v3/subagent-group/${second.id}`, { token, body: { name: '华南' } });
    expect(renamed.body).toEqual({ ...second, name: '华南' });
    // Keeping its own name is no conflict.
    expect(
      (await call(t.app, 'PATCH', `/v3/subagent-group/${second.id}`, { token, body: { name: '华南' } })).status,
    ).toBe(200);
    const empty = await createGroup(token, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('name');
  });

  test('a duplicate name answers 400 Group name already existed, on create and on rename', async () => {
    const { token } = await owner();
    await createGroup(token, '销售');
    const other = (await createGroup(token, '市场')).body;
    expectError(await createGroup(token, '销售'), 400, ERROR_MESSAGES.groupNameExists, { field: 'name' });
    expectError(
      await call(t.app, 'PATCH', `/v3/subagent-group/${other.id}`, { token, body: { name: '销售' } }),
      400,
      ERROR_MESSAGES.groupNameExists,
      { field: 'name' },
    );
    expect(ERROR_MESSAGES.groupNameExists).toBe('Group name already existed');
    // Another agent may use the same name.
    expect((await createGroup((await owner()).token, '销售')).status).toBe(200);
  });

  test('20 groups at most: the 21st answers 403 The number of groups cannot exceed 20', async () => {
    const { token } = await owner();
    for (let i = 1; i <= MAX_SUBACCOUNT_GROUPS; i++) {
      expect((await createGroup(token, `分组${i}`)).status).toBe(200);
    }
    const refused = await createGroup(token, '分组21');
    expectError(refused, 403, 'The number of groups cannot exceed 20');
    expect(refused.body.message).toBe(ERROR_MESSAGES.tooManyGroups);
    expect((await call(t.app, 'GET', '/v3/subagent-group', { token })).body.items).toHaveLength(20);
    // Deleting one makes room again.
    const first = (await call(t.app, 'GET', '/v3/subagent-group', { token })).body.items[0];
    await call(t.app, 'DELETE', `/v3/subagent-group/${first.id}`, { token });
    expect((await createGroup(token, '分组21')).status).toBe(200);
  });

  test('parallel creations never pass the limit', async () => {
    const { token } = await owner();
    for (let i = 1; i <= MAX_SUBACCOUNT_GROUPS - 2; i++) await createGroup(token, `g${i}`);
    const burst = await Promise.all(['x1', 'x2', 'x3', 'x4'].map((name) => createGroup(token, name)));
    expect(burst.map((response) => response.status).sort()).toEqual([200, 200, 403, 403]);
    expect((await call(t.app, 'GET', '/v3/subagent-group', { token })).body.items).toHaveLength(20);
  });

  test('DELETE moves the group’s sub-accounts to no group', async () => {
    const { token } = await owner();
    const group = (await createGroup(token, '待删除')).body;
    const sub = await call(t.app, 'POST', '/agent/subagent', {
      token,
      body: { username: `grouped-${engine}`, password: 'staff-pass-1', groupId: group.id },
    });
    expect(sub.body.groupId).toBe(group.id);
    const response = await call(t.app, 'DELETE', `/v3/subagent-group/${group.id}`, { token });
    expect(response.body).toEqual({ ok: true });
    const list = await call(t.app, 'GET', '/agent/subagent', { token });
    expect(list.body.items).toEqual([{ ...sub.body, groupId: null }]);
    expect((await call(t.app, 'GET', '/v3/subagent-group', { token })).body.items).toEqual([]);
    expectError(
      await call(t.app, 'GET', `/v3/subagent-group/${group.id}`, { token }),
      404,
      ERROR_MESSAGES.subaccountGroupNotFound,
    );
  });

  test('GET /v3/subagent/count answers the store’s figures and the count per group', async () => {
    const { agent, token } = await owner();
    const east = (await createGroup(token, '东')).body.id;
    const west = (await createGroup(token, '西')).body.id;
    const subs = await Promise.all([1, 2, 3, 4].map(() => createSubagent(t.ctx, { agentId: agent.id })));
    await t.ctx.db
      .updateTable('subagents')
      .set({ groupId: east })
      .where('id', 'in', [subs[0].id, subs[1].id])
      .execute();
    await t.ctx.db.updateTable('subagents').set({ groupId: west }).where('id', '=', subs[2].id).execute();
    await t.ctx.db.updateTable('subagents').set({ deletedAt: new Date() }).where('id', '=', subs[1].id).execute();
    const response = await call(t.app, 'GET', '/v3/subagent/count', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      count: 3,
      quota: 5,
      remainingCount: 2,
      ungrouped: 1,
      groups: [
        { groupId: east, count: 1 },
        { groupId: west, count: 1 },
      ],
    });
  });

  test('tenancy: another agent’s group answers 404 and stays; a sub-account reads groups but cannot change them', async () => {
    const a = await owner();
    const b = await owner();
    const bGroup = (await createGroup(b.token, 'B 的分组')).body;
    for (const response of [
      await call(t.app, 'GET', `/v3/subagent-group/${bGroup.id}`, { token: a.token }),
      await call(t.app, 'PATCH', `/v3/subagent-group/${bGroup.id}`, { token: a.token, body: { name: 'hacked' } }),
      await call(t.app, 'DELETE', `/v3/subagent-group/${bGroup.id}`, { token: a.token }),
    ]) {
      expectError(response, 404, ERROR_MESSAGES.subaccountGroupNotFound);
    }
    expect((await call(t.app, 'GET', '/v3/subagent-group', { token: a.token })).body.items).toEqual([]);
    expect((await call(t.app, 'GET', `/v3/subagent-group/${bGroup.id}`, { token: b.token })).body).toEqual(bGroup);

    const aGroup = (await createGroup(a.token, 'A 的分组')).body;
    const sub = await createSubagent(t.ctx, { agentId: a.agent.id });
    const subToken = await sessionFor(t.ctx, a.agent.id, sub.id);
    expect((await call(t.app, 'GET', '/v3/subagent-group', { token: subToken })).body.items).toEqual([
      { ...aGroup, subagentCount: 0 },
    ]);
    expect((await call(t.app, 'GET', '/v3/subagent/count', { token: subToken })).status).toBe(200);
    for (const response of [
      await createGroup(subToken, '子账号建的'),
      await call(t.app, 'PATCH', `/v3/subagent-group/${aGroup.id}`, { token: subToken, body: { name: 'x' } }),
      await call(t.app, 'DELETE', `/v3/subagent-group/${aGroup.id}`, { token: subToken }),
    ]) {
      expectError(response, 403, 'Sub-account is not allowed to do this', { code: ERROR_CODES.subAgentForbidden });
    }
    expect((await call(t.app, 'GET', '/v3/subagent-group', { token: a.token })).body.items).toEqual([aGroup]);
  });

  test('every call needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/v3/subagent-group'],
      ['POST', '/v3/subagent-group'],
      ['GET', '/v3/subagent-group/1'],
      ['PATCH', '/v3/subagent-group/1'],
      ['DELETE', '/v3/subagent-group/1'],
    ] as const) {
      expectError(await call(t.app, method, url), 401, ERROR_MESSAGES.unauthorized, {
        code: ERROR_CODES.unauthorized,
      });
    }
  });
});
