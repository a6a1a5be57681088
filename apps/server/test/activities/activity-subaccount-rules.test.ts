import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createAgent, engines, expectError, login, sessionFor, startApp, type TestApp } from '../harness.ts';

// Seed 001 §1, §3, §6: groups are the agent's (a sub-account reads them to filter its list but changes none), and an
// activity's sub-account credentials come with the activity itself, the password for the main account only.

describe.each(engines)('activity groups and credentials for a sub-account (%s)', (engine) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let subToken: string;
  let sub: { id: number; username: string };

  beforeAll(async () => {
    t = await startApp(engine);
    const agent = await createAgent(t.ctx);
    owner = await sessionFor(t.ctx, agent.id);
    other = await sessionFor(t.ctx, (await createAgent(t.ctx)).id);
    sub = (
      await call(t.app, 'POST', '/agent/subagent', {
        token: owner,
        body: { username: `hall-${engine}`, password: 'hall-pass-1' },
      })
    ).body;
    subToken = await login(t.app, sub.username, 'hall-pass-1');
  });
  afterAll(() => t?.close());

  test('a sub-account reads the groups but cannot create, rename or delete one; nothing changes', async () => {
    const group = (await call(t.app, 'POST', '/agent/activity-group', { token: owner, body: { name: '发布会' } })).body;
    const listed = await call(t.app, 'GET', '/agent/activity-group', { token: subToken });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([{ id: group.id, name: '发布会', activityCount: 0 }]);

    const refused = { code: ERROR_CODES.subAgentForbidden };
    expectError(
      await call(t.app, 'POST', '/agent/activity-group', { token: subToken, body: { name: '子账号分组' } }),
      403,
      'Sub-account is not allowed to do this',
      refused,
    );
    expectError(
      await call(t.app, 'PUT', `/agent/activity-group/${group.id}`, { token: subToken, body: { name: '改名' } }),
      403,
      'Sub-account is not allowed to do this',
      refused,
    );
    expectError(
      await call(t.app, 'DELETE', `/agent/activity-group/${group.id}`, { token: subToken }),
      403,
      'Sub-account is not allowed to do this',
      refused,
    );
    const after = await call(t.app, 'GET', '/agent/activity-group', { token: owner });
    expect(after.body.items).toEqual([{ id: group.id, name: '发布会', activityCount: 0 }]);
    // A sub-account's own activity may still go into one of the agent's groups.
    const placed = await call(t.app, 'POST', '/activity', {
      token: subToken,
      body: { name: '分组活动', groupId: group.id },
    });
    expect(placed.body.groupId).toBe(group.id);
  });

  test('the activity detail carries its sub-account, the password to the main account only', async () => {
    const assigned = (
      await call(t.app, 'POST', '/activity', { token: owner, body: { name: '分配的活动', subagentId: sub.id } })
    ).body;
    expect(assigned.subagent).toEqual({ id: sub.id, username: sub.username, cleartextPassword: 'hall-pass-1' });

    const seenByOwner = await call(t.app, 'GET', `/activity/${assigned.id}`, { token: owner });
    expect(seenByOwner.body.subagent).toEqual({ id: sub.id, username: sub.username, cleartextPassword: 'hall-pass-1' });
    const seenBySub = await call(t.app, 'GET', `/activity/${assigned.id}`, { token: subToken });
    expect(seenBySub.body.subagent).toEqual({ id: sub.id, username: sub.username, cleartextPassword: null });

    // The same as the list row shows.
    const row = (await call(t.app, 'GET', '/activity?pageSize=100', { token: owner })).body.items.find(
      (item: { id: number }) => item.id === assigned.id,
    );
    expect(row.subagent).toEqual(seenByOwner.body.subagent);

    // An activity of the main account alone has none; another agent gets 404 and no credentials.
    const own = (await call(t.app, 'POST', '/activity', { token: owner, body: { name: '主账号活动' } })).body;
    expect((await call(t.app, 'GET', `/activity/${own.id}`, { token: owner })).body.subagent).toBeNull();
    expectError(
      await call(t.app, 'GET', `/activity/${assigned.id}`, { token: other }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );

    // A new password shows at once; a deleted sub-account leaves the activity without credentials.
    await call(t.app, 'PUT', `/agent/subagent/${sub.id}`, { token: owner, body: { password: 'hall-pass-2' } });
    const changed = await call(t.app, 'GET', `/activity/${assigned.id}`, { token: owner });
    expect(changed.body.subagent.cleartextPassword).toBe('hall-pass-2');
  });
});
