import { ERROR_CODES, GIFT_ERRORS } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createAgent,
  createSubagent,
  engines,
  expectError,
  sessionFor,
  signedInAgent,
  startApp,
  type TestApp,
} from '../harness.ts';

const BASE = '/v3/agent/gift';
const ROSE = { name: '玫瑰', icon: '/files/gifts/rose.png', price: 100 };

describe.each(engines)('gifts on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let agentId: number;

  beforeAll(async () => {
    t = await startApp(engine);
    const signedIn = await signedInAgent(t.ctx);
    agentId = signedIn.agent.id;
    token = signedIn.token;
  }, 60_000);
  afterAll(() => t?.close());

  const list = async (as = token) => (await call(t.app, 'GET', BASE, { token: as })).body;

  it('adds gifts and lists them in their order, free ones included', async () => {
    const rose = await call(t.app, 'POST', BASE, { token, body: ROSE });
    expect(rose.status, rose.text).toBe(200);
    expect(rose.body).toMatchObject({ ...ROSE, enabled: true, sort: 0 });
    await call(t.app, 'POST', BASE, {
      token,
      body: { name: '点赞', icon: 'https://cdn.example.com/like.png', price: 0, sort: 0 },
    });
    await call(t.app, 'POST', BASE, {
      token,
      body: { name: '火箭', icon: '/files/gifts/rocket.png', price: 99_900, sort: 9 },
    });
    await call(t.app, 'POST', BASE, {
      token,
      body: { name: '跑车', icon: '/files/gifts/car.png', price: 52_000, sort: 5 },
    });
    const all = await list();
    expect(all.pager.total).toBe(4);
    expect(all.items.map((g: { name: string }) => g.name)).toEqual(['玫瑰', '点赞', '跑车', '火箭']);
  });

  it('edits a gift, switches it off, deletes it and frees its name', async () => {
    const rocket = (await list()).items.find((g: { name: string }) => g.name === '火箭');
    const edited = await call(t.app, 'PUT', `${BASE}/${rocket.id}`, { token, body: { price: 199_900, sort: 1 } });
    expect(edited.body).toMatchObject({ id: rocket.id, name: '火箭', price: 199_900, sort: 1 });
    const off = await call(t.app, 'PUT', `${BASE}/${rocket.id}`, { token, body: { enabled: false } });
    expect(off.body.enabled).toBe(false);

    const deleted = await call(t.app, 'DELETE', `${BASE}/${rocket.id}`, { token });
    expect(deleted.body).toEqual({ ok: true });
    expect((await list()).items.map((g: { name: string }) => g.name)).not.toContain('火箭');
    expectError(
      await call(t.app, 'PUT', `${BASE}/${rocket.id}`, { token, body: { sort: 2 } }),
      404,
      GIFT_ERRORS.giftNotFound,
    );
    expectError(await call(t.app, 'DELETE', `${BASE}/${rocket.id}`, { token }), 404, GIFT_ERRORS.giftNotFound);
    // The row stays for the gifts already sent; the name is free again.
    const stored = await t.ctx.db
      .selectFrom('gifts')
      .select(['name', 'deletedAt'])
      .where('id', '=', rocket.id)
      .executeTakeFirstOrThrow();
    expect(stored.deletedAt).not.toBeNull();
    expect((await call(t.app, 'POST', BASE, { token, body: { ...ROSE, name: '火箭' } })).status).toBe(200);
  });

  it('refuses a taken name and bad input naming the field, changing nothing', async () => {
    const before = await list();
    expectError(await call(t.app, 'POST', BASE, { token, body: ROSE }), 409, GIFT_ERRORS.nameTaken, { field: 'name' });
    const cases: [unknown, string][] = [
      [{ ...ROSE, name: '' }, 'name'],
      [{ ...ROSE, name: '一'.repeat(21) }, 'name'],
      [{ ...ROSE, icon: '' }, 'icon'],
      [{ ...ROSE, icon: 'javascript:alert(1)' }, 'icon'],
      [{ ...ROSE, price: -1 }, 'price'],
      [{ ...ROSE, price: 1.5 }, 'price'],
      [{ ...ROSE, price: 10_000_001 }, 'price'],
      [{ ...ROSE, name: '新礼物', sort: -1 }, 'sort'],
    ];
    for (const [body, field] of cases) {
      const response = await call(t.app, 'POST', BASE, { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    const rose = before.items.find((g: { name: string }) => g.name === '玫瑰');
    const taken = await call(t.app, 'PUT', `${BASE}/${rose.id}`, { token, body: { name: '点赞' } });
    expectError(taken, 409, GIFT_ERRORS.nameTaken, { field: 'name' });
    expect(await list()).toEqual(before);
  });

  it('keeps gifts to their agent, and edits to the main account', async () => {
    const other = await createAgent(t.ctx);
    const otherToken = await sessionFor(t.ctx, other.id);
    const rose = (await list()).items.find((g: { name: string }) => g.name === '玫瑰');
    expect((await list(otherToken)).items).toEqual([]);
    expectError(
      await call(t.app, 'PUT', `${BASE}/${rose.id}`, { token: otherToken, body: { price: 1 } }),
      404,
      GIFT_ERRORS.giftNotFound,
    );
    expectError(
      await call(t.app, 'DELETE', `${BASE}/${rose.id}`, { token: otherToken }),
      404,
      GIFT_ERRORS.giftNotFound,
    );

    const sub = await createSubagent(t.ctx, { agentId });
    const subToken = await sessionFor(t.ctx, agentId, sub.id);
    expect((await list(subToken)).pager.total).toBe((await list()).pager.total);
    for (const response of [
      await call(t.app, 'POST', BASE, { token: subToken, body: { ...ROSE, name: '子账号' } }),
      await call(t.app, 'DELETE', `${BASE}/${rose.id}`, { token: subToken }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe(ERROR_CODES.subAgentForbidden);
    }
    expect((await list()).items.find((g: { name: string }) => g.name === '玫瑰')).toMatchObject({ price: 100 });
  });
});
