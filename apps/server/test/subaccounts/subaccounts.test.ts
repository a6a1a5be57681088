import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePlan } from '../../src/features/price/package-service.ts';
import {
  call,
  createAgent,
  createSubagent,
  engines,
  expectError,
  login,
  nextIp,
  sessionFor,
  startApp,
  type TestAgent,
  type TestApp,
} from '../harness.ts';

// Sub-accounts (seed 001 §3, §7): created within the agent's quota, logging in with their username, the password
// readable by the owning main account only; a sub-account sees itself and nothing of its siblings.

const SUBAGENT_FORBIDDEN = ['Sub-account is not allowed to do this', { code: ERROR_CODES.subAgentForbidden }] as const;

describe.each(engines)('sub-accounts (%s)', (engine) => {
  let t: TestApp;
  /** The free plan's sub-account quota: what an agent holds with no current package (the packages table's). */
  let FREE_SUBACCOUNTS: number;

  beforeAll(async () => {
    t = await startApp(engine);
    FREE_SUBACCOUNTS = (await freePlan(t.ctx.db)).subagentQuota;
  });
  afterAll(() => t?.close());

  async function owner() {
    const agent = await createAgent(t.ctx);
    return { agent, token: await sessionFor(t.ctx, agent.id) };
  }
  let usernameCounter = 0;
  const username = (prefix = 'staff') => `${prefix}-${engine}-${++usernameCounter}`;
  const create = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/agent/subagent', { token, body: { password: 'staff-pass-1', ...body } });

  test('POST /agent/subagent creates one that logs in with its username and acts for its agent', async () => {
    const { agent, token } = await owner();
    const name = username();
    const response = await create(token, { username: name, remark: '直播运营' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(Number),
      username: name,
      remark: '直播运营',
      groupId: null,
      cleartextPassword: 'staff-pass-1',
      createdAt: expect.any(String),
    });
    const stored = await t.ctx.db
      .selectFrom('subagents')
      .select(['passwordHash', 'passwordSealed'])
      .where('id', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordSealed).not.toContain('staff-pass-1');
    const subToken = await login(t.app, name, 'staff-pass-1');
    const me = await call(t.app, 'GET', '/agent/me', { token: subToken });
    expect(me.body).toMatchObject({
      id: agent.id,
      isSubAgent: true,
      subagent: { id: response.body.id, username: name },
    });
  });

  test('GET /agent/subagent answers the page with count, quota and remainingCount; filters by username and group', async () => {
    const { token } = await owner();
    const group = (await call(t.app, 'POST', '/v3/subagent-group', { token, body: { name: '华东' } })).body.id;
    const first = (await create(token, { username: username('alpha'), remark: '一号' })).body;
    const second = (await create(token, { username: username('beta'), groupId: group })).body;
    const third = (await create(token, { username: username('alphabet'), groupId: group })).body;

    const all = await call(t.app, 'GET', '/agent/subagent', { token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      items: [third, second, first],
      pager: { page: 1, pageSize: 10, total: 3 },
      count: 3,
      quota: FREE_SUBACCOUNTS,
      remainingCount: FREE_SUBACCOUNTS - 3,
    });
    const ids = async (query: string) =>
      (await call(t.app, 'GET', `/agent/subagent${query}`, { token })).body.items.map(
        (item: { id: number }) => item.id,
      );
    expect(await ids('?username=alpha')).toEqual([third.id, first.id]);
    expect(await ids(`?groupId=${group}`)).toEqual([third.id, second.id]);
    expect(await ids(`?groupId=${group}&username=beta`)).toEqual([second.id]);
    // -1 is the console's synthetic 默认分组: the sub-accounts in no group, as 0 is.
    expect(await ids('?groupId=-1')).toEqual([first.id]);
    expect(await ids('?groupId=0')).toEqual([first.id]);
    expect(await ids('?groupId=-1&username=beta')).toEqual([]);
    expect(await ids('?username=&groupId=')).toEqual([third.id, second.id, first.id]);
    const paged = await call(t.app, 'GET', '/agent/subagent?page=2&pageSize=2', { token });
    expect(paged.body).toMatchObject({ items: [first], pager: { page: 2, pageSize: 2, total: 3 }, count: 3 });
    // The figures stay the store's whatever the filter.
    expect((await call(t.app, 'GET', '/agent/subagent?username=zzz', { token })).body).toMatchObject({
      items: [],
      count: 3,
      remainingCount: FREE_SUBACCOUNTS - 3,
    });
  });

  test('the quota: the sixth is refused with 403 Sub-account quota exceeded; deleting one frees a place', async () => {
    const { agent, token } = await owner();
    const made = [];
    for (let i = 0; i < FREE_SUBACCOUNTS; i++) {
      const response = await create(token, { username: username('q') });
      expect(response.status).toBe(200);
      made.push(response.body);
    }
    const refused = await create(token, { username: username('q') });
    expectError(refused, 403, ERROR_MESSAGES.subaccountQuotaExceeded, { code: ERROR_CODES.subaccountQuotaExceeded });
    expect((await call(t.app, 'GET', '/agent/subagent', { token })).body).toMatchObject({
      count: 5,
      quota: 5,
      remainingCount: 0,
    });
    await call(t.app, 'DELETE', `/agent/subagent/${made[0].id}`, { token });
    expect((await create(token, { username: username('q') })).status).toBe(200);

    // A package raises the quota; parallel creations never pass it.
    await t.ctx.db
      .insertInto('agentPackages')
      .values({
        agentId: agent.id,
        packageId: 100002,
        activityQuota: 50,
        subagentQuota: 8,
        fluxGb: 0,
        storageGb: 0,
        startedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const burst = await Promise.all(Array.from({ length: 6 }, () => create(token, { username: username('burst') })));
    expect(burst.filter((response) => response.status === 200)).toHaveLength(3);
    for (const response of burst.filter((r) => r.status !== 200)) {
      expectError(response, 403, ERROR_MESSAGES.subaccountQuotaExceeded, {
        code: ERROR_CODES.subaccountQuotaExceeded,
      });
    }
    expect((await call(t.app, 'GET', '/v3/subagent/count', { token })).body).toMatchObject({
      count: 8,
      quota: 8,
      remainingCount: 0,
    });
  });

  test('usernames are unique across all agents, never a mobile number, and free again once deleted', async () => {
    const one = await owner();
    const two = await owner();
    const name = username('unique');
    expect((await create(one.token, { username: name })).status).toBe(200);
    expectError(await create(two.token, { username: name }), 409, ERROR_MESSAGES.usernameTaken, {
      code: ERROR_CODES.usernameTaken,
      field: 'username',
    });
    const mobileLike = await create(two.token, { username: '13912345678' });
    expectError(mobileLike, 400, 'username: Username cannot be a mobile number', {
      code: ERROR_CODES.validation,
      field: 'username',
    });
    for (const body of [{ username: 'ab' }, { username: 'has space' }, { username: username(), password: 'short' }]) {
      const response = await create(two.token, body);
      expect(response.status).toBe(400);
      expect(['username', 'password']).toContain(response.body.field);
    }
    const id = (await call(t.app, 'GET', '/agent/subagent', { token: one.token })).body.items[0].id;
    await call(t.app, 'DELETE', `/agent/subagent/${id}`, { token: one.token });
    expect((await create(two.token, { username: name })).status).toBe(200);
  });

  test('the group of a new or changed sub-account must be the agent’s own', async () => {
    const one = await owner();
    const two = await owner();
    const foreign = (await call(t.app, 'POST', '/v3/subagent-group', { token: two.token, body: { name: '别人的' } }))
      .body.id;
    expectError(
      await create(one.token, { username: username(), groupId: foreign }),
      404,
      ERROR_MESSAGES.subaccountGroupNotFound,
    );
    // -1 (默认分组) means no group.
    const created = await create(one.token, { username: username(), groupId: -1 });
    expect(created.body.groupId).toBeNull();
    expectError(
      await call(t.app, 'PUT', `/agent/subagent/${created.body.id}`, { token: one.token, body: { groupId: foreign } }),
      404,
      ERROR_MESSAGES.subaccountGroupNotFound,
    );
  });

  test('PUT /agent/subagent/{id} changes remark, group, username and password; a new password ends its sessions', async () => {
    const { token } = await owner();
    const group = (await call(t.app, 'POST', '/v3/subagent-group', { token, body: { name: '客服' } })).body.id;
    const sub = (await create(token, { username: username('edit') })).body;
    const subToken = await login(t.app, sub.username, 'staff-pass-1', nextIp());
    const renamed = username('edited');
    const response = await call(t.app, 'PUT', `/agent/subagent/${sub.id}`, {
      token,
      body: { remark: '新备注', groupId: group, username: renamed },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...sub, remark: '新备注', groupId: group, username: renamed });
    expect((await call(t.app, 'GET', '/agent/me', { token: subToken })).status).toBe(200);

    const changed = await call(t.app, 'PUT', `/agent/subagent/${sub.id}`, {
      token,
      body: { password: 'changed-pass-1', groupId: null },
    });
    expect(changed.body).toMatchObject({ cleartextPassword: 'changed-pass-1', groupId: null });
    expectError(await call(t.app, 'GET', '/agent/me', { token: subToken }), 401, ERROR_MESSAGES.unauthorized, {
      code: ERROR_CODES.unauthorized,
    });
    expect(await login(t.app, renamed, 'changed-pass-1', nextIp())).toEqual(expect.any(String));

    const other = (await create(token, { username: username('other') })).body;
    expectError(
      await call(t.app, 'PUT', `/agent/subagent/${other.id}`, { token, body: { username: renamed } }),
      409,
      ERROR_MESSAGES.usernameTaken,
      { code: ERROR_CODES.usernameTaken, field: 'username' },
    );
    expectError(
      await call(t.app, 'PUT', '/agent/subagent/999999', { token, body: { remark: 'x' } }),
      404,
      ERROR_MESSAGES.subaccountNotFound,
    );
  });

  test('DELETE /agent/subagent/{id}: soft delete, its session answers 401 and it can no longer log in', async () => {
    const { token } = await owner();
    const sub = (await create(token, { username: username('gone') })).body;
    const subToken = await login(t.app, sub.username, 'staff-pass-1', nextIp());
    const response = await call(t.app, 'DELETE', `/agent/subagent/${sub.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    const row = await t.ctx.db
      .selectFrom('subagents')
      .select('deletedAt')
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(row.deletedAt).toBeInstanceOf(Date);
    expectError(await call(t.app, 'GET', '/agent/me', { token: subToken }), 401, ERROR_MESSAGES.unauthorized, {
      code: ERROR_CODES.unauthorized,
    });
    const again = await call(t.app, 'POST', '/agent/login', {
      body: { username: sub.username, password: 'staff-pass-1' },
      ip: nextIp(),
    });
    expect(again.status).toBe(401);
    expect((await call(t.app, 'GET', '/agent/subagent', { token })).body.items).toEqual([]);
    expectError(
      await call(t.app, 'DELETE', `/agent/subagent/${sub.id}`, { token }),
      404,
      ERROR_MESSAGES.subaccountNotFound,
    );
  });

  test('GET /agent/subagent/token gives a sub-account a fresh session and ends the old one', async () => {
    const { agent, token } = await owner();
    const sub = await createSubagent(t.ctx, { agentId: agent.id, remark: '刷新' });
    const oldToken = await sessionFor(t.ctx, agent.id, sub.id);
    const response = await call(t.app, 'GET', '/agent/subagent/token', { token: oldToken });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      token: expect.any(String),
      expiresAt: expect.any(String),
      me: { id: agent.id, isSubAgent: true, subagent: { id: sub.id, username: sub.username, remark: '刷新' } },
    });
    expect(response.body.token).not.toBe(oldToken);
    expect((await call(t.app, 'GET', '/agent/me', { token: response.body.token })).status).toBe(200);
    expectError(await call(t.app, 'GET', '/agent/me', { token: oldToken }), 401, ERROR_MESSAGES.unauthorized, {
      code: ERROR_CODES.unauthorized,
    });
    // Its own id is fine; a sibling's is not its to refresh.
    const sibling = await createSubagent(t.ctx, { agentId: agent.id });
    const own = await call(t.app, 'GET', `/agent/subagent/token?id=${sub.id}`, { token: response.body.token });
    expect(own.status).toBe(200);
    expectError(
      await call(t.app, 'GET', `/agent/subagent/token?id=${sibling.id}`, { token: own.body.token }),
      404,
      ERROR_MESSAGES.subaccountNotFound,
    );
    expect((await call(t.app, 'GET', '/agent/me', { token: own.body.token })).status).toBe(200);
    // The main account must name a sub-account.
    expectError(await call(t.app, 'GET', '/agent/subagent/token', { token }), 403, ERROR_MESSAGES.subaccountOnly, {
      code: ERROR_CODES.subaccountOnly,
    });
  });

  test('GET /agent/subagent/token?id= signs every session of the sub-account out, for its owner only', async () => {
    const { agent, token } = await owner();
    const other = await owner();
    const sub = (await create(token, { username: username('signout') })).body;
    const sessions = [
      await login(t.app, sub.username, 'staff-pass-1', nextIp()),
      await login(t.app, sub.username, 'staff-pass-1', nextIp()),
    ];
    const untouched = await sessionFor(t.ctx, agent.id);
    // Another agent's id answers 404 and ends nothing.
    expectError(
      await call(t.app, 'GET', `/agent/subagent/token?id=${sub.id}`, { token: other.token }),
      404,
      ERROR_MESSAGES.subaccountNotFound,
    );
    for (const session of sessions)
      expect((await call(t.app, 'GET', '/agent/me', { token: session })).status).toBe(200);

    const response = await call(t.app, 'GET', `/agent/subagent/token?id=${sub.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: sub.id, endedSessions: 2 });
    for (const session of sessions) {
      expectError(await call(t.app, 'GET', '/agent/me', { token: session }), 401, ERROR_MESSAGES.unauthorized, {
        code: ERROR_CODES.unauthorized,
      });
    }
    expect((await call(t.app, 'GET', '/agent/me', { token: untouched })).status).toBe(200);
    // It can sign in again; nothing else changed.
    expect(await login(t.app, sub.username, 'staff-pass-1', nextIp())).toEqual(expect.any(String));
    expect((await call(t.app, 'GET', `/agent/subagent/token?id=${sub.id}`, { token })).body.endedSessions).toBe(1);
    const bad = await call(t.app, 'GET', '/agent/subagent/token?id=abc', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
    expectError(
      await call(t.app, 'GET', '/agent/subagent/token?id=999999', { token }),
      404,
      ERROR_MESSAGES.subaccountNotFound,
    );
  });

  describe('tenancy', () => {
    let a: TestAgent;
    let aToken: string;
    let bToken: string;
    let aSub: { id: number; username: string };
    let aSibling: { id: number; username: string };
    let bSub: { id: number; username: string };
    let aSubToken: string;

    beforeAll(async () => {
      ({ agent: a, token: aToken } = await owner());
      ({ token: bToken } = await owner());
      aSub = (await create(aToken, { username: username('a-sub') })).body;
      aSibling = (await create(aToken, { username: username('a-sibling'), password: 'sibling-pass-1' })).body;
      bSub = (await create(bToken, { username: username('b-sub') })).body;
      aSubToken = await sessionFor(t.ctx, a.id, aSub.id);
    });

    const rowOf = (id: number) =>
      t.ctx.db.selectFrom('subagents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    test('agent A cannot list, change or delete agent B’s sub-account: 404, and nothing changes', async () => {
      const before = await rowOf(bSub.id);
      const listed = await call(t.app, 'GET', '/agent/subagent', { token: aToken });
      expect(listed.body.items.map((item: { id: number }) => item.id)).not.toContain(bSub.id);
      for (const response of [
        await call(t.app, 'PUT', `/agent/subagent/${bSub.id}`, {
          token: aToken,
          body: { password: 'hacked-pass-1', remark: 'hacked' },
        }),
        await call(t.app, 'DELETE', `/agent/subagent/${bSub.id}`, { token: aToken }),
      ]) {
        expectError(response, 404, ERROR_MESSAGES.subaccountNotFound);
      }
      expect(await rowOf(bSub.id)).toEqual(before);
    });

    test('a sub-account sees only itself, without any password, and cannot reach its sibling', async () => {
      const listed = await call(t.app, 'GET', '/agent/subagent', { token: aSubToken });
      expect(listed.status).toBe(200);
      expect(listed.body.items).toEqual([
        {
          id: aSub.id,
          username: aSub.username,
          remark: '',
          groupId: null,
          cleartextPassword: null,
          createdAt: expect.any(String),
        },
      ]);
      expect(listed.body.pager.total).toBe(1);
      const searched = await call(t.app, 'GET', `/agent/subagent?username=${aSibling.username}`, { token: aSubToken });
      expect(searched.body.items).toEqual([]);
      expect(JSON.stringify(searched.body)).not.toContain('sibling-pass-1');

      const before = await rowOf(aSibling.id);
      for (const response of [
        await call(t.app, 'PUT', `/agent/subagent/${aSibling.id}`, {
          token: aSubToken,
          body: { password: 'hacked-pass-1' },
        }),
        await call(t.app, 'DELETE', `/agent/subagent/${aSibling.id}`, { token: aSubToken }),
        await call(t.app, 'PUT', `/agent/subagent/${aSub.id}`, { token: aSubToken, body: { remark: 'self' } }),
        await create(aSubToken, { username: username('by-sub') }),
      ]) {
        expectError(response, 403, ...SUBAGENT_FORBIDDEN);
      }
      expect(await rowOf(aSibling.id)).toEqual(before);
    });

    test('every call needs a session', async () => {
      for (const [method, url] of [
        ['GET', '/agent/subagent'],
        ['POST', '/agent/subagent'],
        ['PUT', `/agent/subagent/${aSub.id}`],
        ['DELETE', `/agent/subagent/${aSub.id}`],
        ['GET', '/agent/subagent/token'],
        ['GET', '/v3/subagent/count'],
      ] as const) {
        expectError(await call(t.app, method, url), 401, ERROR_MESSAGES.unauthorized, {
          code: ERROR_CODES.unauthorized,
        });
      }
    });
  });
});
