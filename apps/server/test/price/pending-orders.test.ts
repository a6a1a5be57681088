import { PRICE_ERRORS } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSubagent, engines, sessionFor, signedInAgent, startApp, type TestApp } from '../harness.ts';
import { payAtSandbox, placeOrder } from './pay-helpers.ts';

// A pending order can be paid again (继续支付) or cancelled (取消订单) from /price and /order (issue 8).

describe.each(engines)('pending orders on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  const agentToken = () => signedInAgent(t.ctx);

  it('继续支付 answers the order’s pay page again, which pays it', async () => {
    const { token } = await agentToken();
    const order = await placeOrder(t.app, token, { packageId: 100002 });
    const resumed = await call(t.app, 'GET', `/agent/order/${order.orderId}/checkout`, { token });
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body.orderId).toBe(order.orderId);
    await payAtSandbox(t.app, resumed.body.url);
    const status = await call(t.app, 'GET', `/agent/order/status?orderId=${order.orderId}`, { token });
    expect(status.body.status).toBe('paid');
    // Paid: nothing left to resume or cancel.
    const again = await call(t.app, 'GET', `/agent/order/${order.orderId}/checkout`, { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PRICE_ERRORS.orderNotPending);
    expect((await call(t.app, 'POST', `/agent/order/${order.orderId}/cancel`, { token })).status).toBe(409);
  });

  it('取消订单 fails the order; its pay page no longer pays it', async () => {
    const { agent, token } = await agentToken();
    const order = await placeOrder(t.app, token, { packageId: 100001 });
    const cancelled = await call(t.app, 'POST', `/agent/order/${order.orderId}/cancel`, { token });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ orderId: order.orderId, status: 'failed', paidAt: null });
    const list = await call(t.app, 'GET', `/agent/order?id=${order.orderId}`, { token });
    expect(list.body.items[0].status).toBe('failed');
    expect((await call(t.app, 'GET', `/agent/order/${order.orderId}/checkout`, { token })).status).toBe(409);
    // Confirming at the old pay page credits nothing.
    await payAtSandbox(t.app, order.url).catch(() => undefined);
    const holding = await t.ctx.db.selectFrom('agentPackages').selectAll().where('agentId', '=', agent.id).execute();
    expect(holding).toEqual([]);
    expect((await call(t.app, 'POST', `/agent/order/${order.orderId}/cancel`, { token })).status).toBe(409);
  });

  it('another agent’s order answers 404 and stays as it was; a sub-account may not act on orders', async () => {
    const owner = await agentToken();
    const stranger = await agentToken();
    const order = await placeOrder(t.app, owner.token, { packageId: 100001 });
    for (const [method, url] of [
      ['POST', `/agent/order/${order.orderId}/cancel`],
      ['GET', `/agent/order/${order.orderId}/checkout`],
    ] as const) {
      const response = await call(t.app, method, url, { token: stranger.token });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(PRICE_ERRORS.orderNotFound);
    }
    const sub = await createSubagent(t.ctx, { agentId: owner.agent.id });
    const subToken = await sessionFor(t.ctx, owner.agent.id, sub.id);
    expect((await call(t.app, 'POST', `/agent/order/${order.orderId}/cancel`, { token: subToken })).status).toBe(403);
    const status = await call(t.app, 'GET', `/agent/order/status?orderId=${order.orderId}`, { token: owner.token });
    expect(status.body.status).toBe('init');
  });
});
