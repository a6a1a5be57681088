import { ACTIVITY_PACKAGE_ID, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createActivity,
  createAgent,
  createSubagent,
  engines,
  expectError,
  sessionFor,
  startApp,
  type TestApp,
} from '../harness.ts';
import { payAtSandbox, placeOrder } from '../price/pay-helpers.ts';

// The order list on /order: the orders of the agent and the agents below it, their CSV download, and the payments
// made for one activity, with orders placed and paid through the sandbox pay flow.

describe.each(engines)('the order list on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  let counter = 0;
  async function agentWithToken(options: { company?: string; parentId?: number } = {}) {
    counter += 1;
    const agent = await createAgent(t.ctx, {
      company: options.company ?? `公司${counter}`,
      parentId: options.parentId,
    });
    return { agent, token: await sessionFor(t.ctx, agent.id) };
  }
  const newActivity = (token: string) => createActivity(t.app, token);

  it('lists orders of the agent and the agents below it, with id and company filters, never others', async () => {
    const parent = await agentWithToken({ company: '上级传媒' });
    const child = await agentWithToken({ company: '下级文化', parentId: parent.agent.id });
    const grandchild = await agentWithToken({ company: '孙级影视', parentId: child.agent.id });
    const stranger = await agentWithToken({ company: '无关公司' });
    const own = await placeOrder(t.app, parent.token, { packageId: 100001 });
    const childOrder = await placeOrder(t.app, child.token, { packageId: 100002 });
    const grandOrder = await placeOrder(t.app, grandchild.token, { packageId: 100003 });
    const strangerOrder = await placeOrder(t.app, stranger.token, { packageId: 100001 });
    await payAtSandbox(t.app, childOrder.url);

    const list = await call(t.app, 'GET', '/agent/order', { token: parent.token });
    expect(list.status).toBe(200);
    expect(list.body.pager).toEqual({ page: 1, pageSize: 10, total: 3 });
    expect(list.body.items.map((o: { id: number }) => o.id)).toEqual([
      grandOrder.orderId,
      childOrder.orderId,
      own.orderId,
    ]);
    expect(list.body.items[1]).toMatchObject({
      agentId: child.agent.id,
      company: '下级文化',
      packageName: '标准版',
      status: 'paid',
      amount: 1980000,
    });
    const byCompany = await call(t.app, 'GET', `/agent/order?company=${encodeURIComponent('下级')}`, {
      token: parent.token,
    });
    expect(byCompany.body.items.map((o: { id: number }) => o.id)).toEqual([childOrder.orderId]);
    const byId = await call(t.app, 'GET', `/agent/order?id=${own.orderId}`, { token: parent.token });
    expect(byId.body.pager.total).toBe(1);
    // Another tree's order is not found through the filter either.
    expect(
      (await call(t.app, 'GET', `/agent/order?id=${strangerOrder.orderId}`, { token: parent.token })).body.pager.total,
    ).toBe(0);
    // A lower agent does not see its upper agent's orders.
    const childList = await call(t.app, 'GET', '/agent/order', { token: child.token });
    expect(childList.body.items.map((o: { id: number }) => o.id)).toEqual([grandOrder.orderId, childOrder.orderId]);
    const page2 = await call(t.app, 'GET', '/agent/order?page=2&pageSize=2', { token: parent.token });
    expect(page2.body.items.map((o: { id: number }) => o.id)).toEqual([own.orderId]);
    expect((await call(t.app, 'GET', '/agent/order?pageSize=0', { token: parent.token })).body.field).toBe('pageSize');
    const sub = await createSubagent(t.ctx, { agentId: parent.agent.id });
    expect(
      (await call(t.app, 'GET', '/agent/order', { token: await sessionFor(t.ctx, parent.agent.id, sub.id) })).status,
    ).toBe(403);
  });

  it('downloads orders as CSV with a BOM; admin adds the lower agents', async () => {
    const parent = await agentWithToken({ company: '下载上级' });
    const child = await agentWithToken({ company: '下载, "下级"', parentId: parent.agent.id });
    const own = await placeOrder(t.app, parent.token, { packageId: 100001, promotionCode: 'WELCOME10' });
    const childOrder = await placeOrder(t.app, child.token, { packageId: 100002 });
    await payAtSandbox(t.app, own.url);

    const mine = await call(t.app, 'GET', '/agent/order/download', { token: parent.token });
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(mine.headers['content-disposition'])).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''%E5%A5%97%E9%A4%90%E8%AE%A2%E5%8D%95-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(mine.text.startsWith('\uFEFF订单号,代理编号,公司')).toBe(true);
    const rows = mine.text.trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`${own.orderId},${parent.agent.id},下载上级`);
    expect(rows[1]).toContain('WELCOME10,1.00,0.10,0.90,已支付');

    const all = await call(t.app, 'GET', '/agent/order/download?admin=1', { token: parent.token });
    const allRows = all.text.trim().split('\r\n');
    expect(allRows).toHaveLength(3);
    expect(allRows[1]).toContain(`${childOrder.orderId},${child.agent.id},"下载, ""下级"""`);
    expect(
      (await call(t.app, 'GET', '/agent/order/download?admin=false', { token: parent.token })).text
        .trim()
        .split('\r\n'),
    ).toHaveLength(2);
    // The lower agent's download never has the upper agent's orders.
    const childAll = await call(t.app, 'GET', '/agent/order/download?admin=true', { token: child.token });
    expect(childAll.text).not.toContain('下载上级');
    expect((await call(t.app, 'GET', '/agent/order/download?admin=maybe', { token: parent.token })).body.field).toBe(
      'admin',
    );
    expect((await call(t.app, 'GET', '/agent/order/download')).status).toBe(401);
  });

  it('lists an activity’s payments, adds them to its spend, and keeps them to its agent and sub-account', async () => {
    const { agent, token } = await agentWithToken({ company: '活动付款方' });
    const other = await agentWithToken();
    const sub = await createSubagent(t.ctx, { agentId: agent.id });
    const subToken = await sessionFor(t.ctx, agent.id, sub.id);
    const activityId = await newActivity(token);
    const subActivity = await newActivity(subToken);
    const order = await placeOrder(t.app, token, {
      packageId: ACTIVITY_PACKAGE_ID,
      activityId,
      promotionCode: 'LIVE100',
    });
    await payAtSandbox(t.app, order.url);

    const pay = await call(t.app, 'GET', `/activity/${activityId}/pay`, { token });
    expect(pay.status).toBe(200);
    expect(pay.body).toMatchObject({
      pager: { page: 1, pageSize: 10, total: 1 },
      totalAmount: 89900,
      items: [
        { kind: 'package', orderId: order.orderId, payer: '活动付款方', description: '单场活动套餐', amount: 89900 },
      ],
    });
    expect((await call(t.app, 'GET', `/activity/${activityId}`, { token })).body.spend).toBe(899);
    // Buying for an activity does not change the agent's package.
    expect((await call(t.app, 'GET', '/agent/packageConfig', { token })).body.current.packageId).toBeNull();
    expect((await call(t.app, 'GET', `/activity/${subActivity}/pay`, { token: subToken })).body.pager.total).toBe(0);
    for (const [token_, id] of [
      [other.token, activityId],
      [subToken, activityId],
    ] as const) {
      expectError(
        await call(t.app, 'GET', `/activity/${id}/pay`, { token: token_ }),
        404,
        ERROR_MESSAGES.activityNotFound,
      );
    }
    expect((await call(t.app, 'GET', `/activity/${activityId}/pay?pageSize=1000`, { token })).body.field).toBe(
      'pageSize',
    );
  });
});
