import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, engines, sessionFor, startApp, type TestApp } from '../harness.ts';

// Issue 8: the order list shows Beijing time, so the CSV people open in Excel says the same, as YYYY-MM-DD HH:mm:ss
// in Asia/Shanghai, never the wire's UTC ISO.

describe.each(engines)('order CSV times on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  it('writes the order and pay times in Beijing time', async () => {
    const agent = await createAgent(t.ctx, { company: 'CSV 时间' });
    const token = await sessionFor(t.ctx, agent.id);
    // Orders as the pay flow leaves them, at known instants, one across Beijing's midnight.
    const order = (values: { status: 'paid' | 'init'; createdAt: string; paidAt: string | null }) =>
      t.ctx.db
        .insertInto('packageOrders')
        .values({
          agentId: agent.id,
          subagentId: null,
          packageId: 100001,
          activityId: null,
          listPrice: 100,
          amount: 100,
          payProvider: 'sandbox',
          tradeNo: null,
          status: values.status,
          createdAt: new Date(values.createdAt),
          expiresAt: new Date(Date.parse(values.createdAt) + 30 * 60_000),
          paidAt: values.paidAt ? new Date(values.paidAt) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const paid = await order({ status: 'paid', createdAt: '2026-03-01T16:30:05Z', paidAt: '2026-03-01T16:31:09Z' });
    const open = await order({ status: 'init', createdAt: '2026-03-02T01:02:03Z', paidAt: null });

    const csv = await call(t.app, 'GET', '/agent/order/download', { token });
    expect(csv.status).toBe(200);
    const rows = csv.text.trim().split('\r\n');
    const paidRow = rows.find((row) => row.startsWith(`${paid.id},`));
    const openRow = rows.find((row) => row.startsWith(`${open.id},`));
    expect(paidRow?.endsWith(',2026-03-02 00:30:05,2026-03-02 00:31:09')).toBe(true);
    expect(openRow?.endsWith(',2026-03-02 09:02:03,')).toBe(true);
    expect(csv.text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  });
});
