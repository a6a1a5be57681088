import { ACTIVITY_PACKAGE_ID } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createActivity, createAgent, engines, sessionFor, startApp, type TestApp } from '../harness.ts';
import { payAtSandbox, placeOrder } from '../price/pay-helpers.ts';

// The charge history on /expense: what the agent was charged, read from the ledger that the sandbox pay flow writes.

describe.each(engines)('the charge history on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  let counter = 0;
  async function agentWithToken() {
    counter += 1;
    const agent = await createAgent(t.ctx, { company: `公司${counter}` });
    return { agent, token: await sessionFor(t.ctx, agent.id) };
  }
  const newActivity = (token: string) => createActivity(t.app, token);

  it('lists the charge history from the ledger, filtered by time', async () => {
    const { token } = await agentWithToken();
    const other = await agentWithToken();
    const activityId = await newActivity(token);
    const first = await placeOrder(t.app, token, { packageId: 100001 });
    const second = await placeOrder(t.app, token, { packageId: ACTIVITY_PACKAGE_ID, activityId });
    const unpaid = await placeOrder(t.app, token, { packageId: 100002 });
    await payAtSandbox(t.app, first.url);
    await payAtSandbox(t.app, second.url);
    await payAtSandbox(t.app, (await placeOrder(t.app, other.token, { packageId: 100001 })).url);

    const history = await call(t.app, 'GET', '/agent/charge-history', { token });
    expect(history.status).toBe(200);
    expect(history.body.pager).toEqual({ page: 1, pageSize: 10, total: 2 });
    expect(history.body.totalAmount).toBe(100 + 99900);
    expect(history.body.items[0]).toMatchObject({
      orderId: second.orderId,
      kind: 'package',
      packageId: ACTIVITY_PACKAGE_ID,
      packageName: '单场活动套餐',
      activityId,
      amount: 99900,
    });
    expect(history.body.items[1]).toMatchObject({ orderId: first.orderId, amount: 100, activityId: null });
    expect(history.body.items.some((i: { orderId: number }) => i.orderId === unpaid.orderId)).toBe(false);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await call(t.app, 'GET', `/agent/charge-history?startTime=${future}`, { token })).body).toMatchObject({
      items: [],
      totalAmount: 0,
    });
    expect((await call(t.app, 'GET', `/agent/charge-history?endTime=${past}`, { token })).body.pager.total).toBe(0);
    const window = await call(t.app, 'GET', `/agent/charge-history?startTime=${past}&endTime=${future}`, { token });
    expect(window.body.pager.total).toBe(2);
    expect((await call(t.app, 'GET', '/agent/charge-history?startTime=yesterday', { token })).body.field).toBe(
      'startTime',
    );
  });
});
