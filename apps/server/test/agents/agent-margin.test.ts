import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createAgent, engines, nextMobile, sessionFor, startApp, type TestApp } from '../harness.ts';

// Issue 8: a 保证金 (margin) of −500 was stored as 0.00. A negative margin is refused with 400 naming the field, on
// create and on edit, and nothing is written.

describe.each(engines)('agent margin (%s)', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(engine);
    const top = await createAgent(t.ctx, { coopLevel: 3 });
    token = await sessionFor(t.ctx, top.id);
  });
  afterAll(() => t?.close());

  const create = (mobile: string, margin: unknown) =>
    call(t.app, 'POST', '/agent/agent/', {
      token,
      body: { mobile, password: 'child-pass-1', extra: { area: 330100, address: '', margin } },
    });

  test('refuses a negative margin on create, naming extra.margin, and creates nothing', async () => {
    const mobile = nextMobile();
    const refused = await create(mobile, -500);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ field: 'extra.margin', message: 'extra.margin: margin must be 0 or more' });
    expect(await t.ctx.db.selectFrom('agents').select('id').where('mobile', '=', mobile).executeTakeFirst()).toBe(
      undefined,
    );
    const created = await create(mobile, 500);
    expect(created.status, created.text).toBe(200);
    expect(created.body.extra.margin).toBe(500);
  });

  test('refuses a negative margin on edit and keeps the stored one', async () => {
    const created = await create(nextMobile(), 1200.5);
    expect(created.status, created.text).toBe(200);
    const id = created.body.id as number;
    const refused = await call(t.app, 'PUT', `/agent/agent/${id}`, { token, body: { extra: { margin: -500 } } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.field).toBe('extra.margin');
    const list = await call(t.app, 'GET', '/agent/agent', { token });
    const stored = list.body.items.find((agent: { id: number }) => agent.id === id);
    expect(stored.extra.margin).toBe(1200.5);
  });
});
