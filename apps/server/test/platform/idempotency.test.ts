import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSubagent, engines, sessionFor, signedInAgent, startApp, type TestApp } from '../harness.ts';

// Idempotency-Key (issue 8: 提交订单 twice made two orders 35 ms apart; 创建 twice showed 创建成功 and 活动名称已存在).

describe.each(engines)('Idempotency-Key on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  let counter = 0;
  const agentToken = () => signedInAgent(t.ctx);
  const create = (token: string, name: string, key?: string) =>
    call(t.app, 'POST', '/activity', {
      token,
      body: { name },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const activityCount = async (agentId: number) =>
    (await t.ctx.db.selectFrom('activities').select('id').where('agentId', '=', agentId).execute()).length;

  it('a double click creates one activity and both clicks get the first answer', async () => {
    const { agent, token } = await agentToken();
    counter += 1;
    const key = `k-${counter}-${Date.now()}`;
    const [first, second] = await Promise.all([create(token, '双击活动', key), create(token, '双击活动', key)]);
    expect(first.status, first.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(await activityCount(agent.id)).toBe(1);
    // Later repeats too, marked as replayed.
    const later = await create(token, '双击活动', key);
    expect(later.body.id).toBe(first.body.id);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(await activityCount(agent.id)).toBe(1);
  });

  it('without the header a repeat is a new request, as before', async () => {
    const { token } = await agentToken();
    expect((await create(token, '无标识活动')).status).toBe(200);
    const again = await create(token, '无标识活动');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ERROR_MESSAGES.activityNameExists);
  });

  it('two orders submitted twice with one key make one order', async () => {
    const { agent, token } = await agentToken();
    const submit = () =>
      call(t.app, 'POST', '/agent/order', {
        token,
        body: { packageId: 100001 },
        headers: { 'idempotency-key': 'order-click-1' },
      });
    const [a, b] = await Promise.all([submit(), submit()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.orderId).toBe(a.body.orderId);
    const orders = await t.ctx.db.selectFrom('packageOrders').select('id').where('agentId', '=', agent.id).execute();
    expect(orders).toHaveLength(1);
  });

  it('the same key with a different body is refused with 422 and does nothing', async () => {
    const { agent, token } = await agentToken();
    expect((await create(token, '第一个', 'same-key')).status).toBe(200);
    const other = await create(token, '第二个', 'same-key');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      message: ERROR_MESSAGES.idempotencyKeyReused,
      code: ERROR_CODES.idempotencyKeyReused,
      field: 'Idempotency-Key',
    });
    expect(await activityCount(agent.id)).toBe(1);
  });

  it('keys are per agent, and a sub-account is not its agent', async () => {
    const one = await agentToken();
    const two = await agentToken();
    const a = await create(one.token, '甲的活动', 'shared-key');
    const b = await create(two.token, '乙的活动', 'shared-key');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.id).not.toBe(a.body.id);
    const sub = await createSubagent(t.ctx, { agentId: one.agent.id });
    const subToken = await sessionFor(t.ctx, one.agent.id, sub.id);
    expect((await create(subToken, '甲的活动', 'shared-key')).status).toBe(422);
  });

  it('an answer of 4xx is kept too; a key older than 24 hours is forgotten', async () => {
    const { agent, token } = await agentToken();
    expect((await create(token, '已有活动')).status).toBe(200);
    const refused = await create(token, '已有活动', 'old-key');
    expect(refused.status).toBe(400);
    expect((await create(token, '已有活动', 'old-key')).headers['idempotent-replayed']).toBe('true');
    await t.ctx.db
      .updateTable('idempotencyKeys')
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where('agentId', '=', agent.id)
      .execute();
    const fresh = await create(token, '已有活动', 'old-key');
    expect(fresh.status).toBe(400);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a malformed key is 400 naming the header', async () => {
    const { token } = await agentToken();
    const response = await create(token, '坏标识', 'x'.repeat(256));
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('Idempotency-Key');
  });
});
