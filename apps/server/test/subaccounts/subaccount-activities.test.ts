import { ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createAgent, engines, expectError, login, sessionFor, startApp, type TestApp } from '../harness.ts';

// A sub-account works on its own activities only (seed 001 §1, §6): it creates activities that are its own, and its
// sibling's or its parent's other activities answer 404 Activity Not Found. The activity list carries each
// activity's sub-account credentials (seed 001 §3), the password for the main account only.

describe.each(engines)('sub-accounts and their activities (%s)', (engine) => {
  let t: TestApp;
  let ownerToken: string;
  let otherToken: string;
  let sub: { id: number; username: string };
  let sibling: { id: number; username: string };
  let subToken: string;
  let siblingToken: string;
  let parentActivity: { id: number };
  let siblingActivity: { id: number };
  let subActivity: { id: number; subagentId: number };

  const createActivity = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/activity', { token, body });

  beforeAll(async () => {
    t = await startApp(engine);
    const agent = await createAgent(t.ctx);
    ownerToken = await sessionFor(t.ctx, agent.id);
    otherToken = await sessionFor(t.ctx, (await createAgent(t.ctx)).id);
    const make = async (name: string, password: string) =>
      (await call(t.app, 'POST', '/agent/subagent', { token: ownerToken, body: { username: name, password } })).body;
    sub = await make(`room-a-${engine}`, 'room-a-pass-1');
    sibling = await make(`room-b-${engine}`, 'room-b-pass-1');
    subToken = await login(t.app, sub.username, 'room-a-pass-1');
    siblingToken = await login(t.app, sibling.username, 'room-b-pass-1');
    parentActivity = (await createActivity(ownerToken, { name: `主账号的活动-${engine}` })).body;
    siblingActivity = (await createActivity(siblingToken, { name: `兄弟的活动-${engine}` })).body;
    // Even naming another sub-account, a sub-account's new activity is its own.
    subActivity = (await createActivity(subToken, { name: `自己的活动-${engine}`, subagentId: sibling.id })).body;
  });
  afterAll(() => t?.close());

  test('a sub-account creates activities that are its own and lists only those', async () => {
    expect(subActivity.subagentId).toBe(sub.id);
    const listed = await call(t.app, 'GET', '/activity?pageSize=100', { token: subToken });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: { id: number }) => item.id)).toEqual([subActivity.id]);
    // Filters cannot widen it.
    for (const query of [`subagentId=${sibling.id}`, 'subagentId=-1', `activityId=${siblingActivity.id}`]) {
      const response = await call(t.app, 'GET', `/activity?${query}`, { token: subToken });
      expect(response.body.items.map((item: { id: number }) => item.id)).not.toContain(siblingActivity.id);
      expect(response.body.items.map((item: { id: number }) => item.id)).not.toContain(parentActivity.id);
    }
  });

  test('its sibling’s and its parent’s activities answer 404 Activity Not Found and stay as they were', async () => {
    for (const target of [siblingActivity, parentActivity]) {
      const before = (await call(t.app, 'GET', `/activity/${target.id}`, { token: ownerToken })).body;
      for (const response of [
        await call(t.app, 'GET', `/activity/${target.id}`, { token: subToken }),
        await call(t.app, 'PUT', `/activity/${target.id}`, { token: subToken, body: { name: 'taken over' } }),
        await call(t.app, 'DELETE', `/activity/${target.id}`, { token: subToken }),
      ]) {
        expectError(response, 404, ERROR_MESSAGES.activityNotFound);
      }
      expect((await call(t.app, 'GET', `/activity/${target.id}`, { token: ownerToken })).body).toEqual(before);
    }
    expect((await call(t.app, 'GET', `/activity/${subActivity.id}`, { token: subToken })).status).toBe(200);
  });

  test('the list shows each activity’s sub-account credentials, the password to the main account only', async () => {
    const owner = await call(t.app, 'GET', '/activity?pageSize=100', { token: ownerToken });
    const byId = new Map(owner.body.items.map((item: { id: number }) => [item.id, item]));
    expect(byId.get(subActivity.id)).toMatchObject({
      subagentId: sub.id,
      subagent: { id: sub.id, username: sub.username, cleartextPassword: 'room-a-pass-1' },
    });
    expect(byId.get(siblingActivity.id)).toMatchObject({
      subagent: { id: sibling.id, username: sibling.username, cleartextPassword: 'room-b-pass-1' },
    });
    expect(byId.get(parentActivity.id)).toMatchObject({ subagentId: null, subagent: null });

    const own = await call(t.app, 'GET', '/activity', { token: subToken });
    expect(own.body.items).toEqual([
      expect.objectContaining({ subagent: { id: sub.id, username: sub.username, cleartextPassword: null } }),
    ]);
    expect(JSON.stringify(own.body)).not.toContain('room-a-pass-1');

    // A changed password shows at once; a deleted sub-account's activities show no credentials.
    await call(t.app, 'PUT', `/agent/subagent/${sibling.id}`, {
      token: ownerToken,
      body: { password: 'room-b-pass-2' },
    });
    const changed = await call(t.app, 'GET', `/activity?subagentId=${sibling.id}`, { token: ownerToken });
    expect(changed.body.items[0].subagent.cleartextPassword).toBe('room-b-pass-2');
    await call(t.app, 'DELETE', `/agent/subagent/${sibling.id}`, { token: ownerToken });
    const gone = await call(t.app, 'GET', `/activity?subagentId=${sibling.id}`, { token: ownerToken });
    expect(gone.body.items).toEqual([expect.objectContaining({ id: siblingActivity.id, subagent: null })]);
    // Another agent sees none of it.
    expect((await call(t.app, 'GET', '/activity', { token: otherToken })).body.items).toEqual([]);
  });
});
