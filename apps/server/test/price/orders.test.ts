import { ACTIVITY_PACKAGE_ID, ERROR_CODES, ERROR_MESSAGES, ORDER_TTL_MINUTES, PRICE_ERRORS } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSandboxNotification } from '../../src/platform/pay/sandbox-pay-provider.ts';
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
import { notificationBody, notify, payAtSandbox, placeOrder, TEST_SECRET } from './pay-helpers.ts';

// Packages, orders and the sandbox pay flow, end to end through the API and the simulated pay page.

describe.each(engines)('packages and orders on %s', (engine) => {
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
  const ledgerOf = (orderId: number) =>
    t.ctx.db.selectFrom('ledgerEntries').selectAll().where('orderId', '=', orderId).execute();

  it('lists the catalogue and the buy flow configuration, defaulting to the trail tab', async () => {
    const { token } = await agentWithToken();
    const list = await call(t.app, 'GET', '/agent/package', { token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((p: { id: number }) => p.id)).toEqual([100001, 100002, 100003, 100004, 100005]);
    expect(list.body.items[0]).toMatchObject({ type: 'trail', price: 100, validityDays: 7, forActivity: false });
    expect(list.body.items.find((p: { id: number }) => p.id === 100004)).toMatchObject({ isUltimatePackage: true });
    expect(list.body.items.find((p: { id: number }) => p.id === ACTIVITY_PACKAGE_ID)).toMatchObject({
      type: 'activity',
      forActivity: true,
      isUltimatePackage: false,
    });
    const config = await call(t.app, 'GET', '/agent/packageConfig', { token });
    expect(config.body).toMatchObject({
      types: ['trail', 'annual', 'activity'],
      defaultType: 'trail',
      activityPackageId: ACTIVITY_PACKAGE_ID,
      orderTtlMinutes: ORDER_TTL_MINUTES,
      payProvider: 'sandbox',
      current: { packageId: null, packageName: null, expiresAt: null, subagentQuota: 5, hasContract: false },
    });
    expect((await call(t.app, 'GET', '/agent/package')).status).toBe(401);
  });

  it('buys a package through the sandbox pay page: init, paid, quotas and hasContract take effect', async () => {
    const { agent, token } = await agentWithToken();
    expect((await call(t.app, 'GET', '/agent/me', { token })).body.hasContract).toBe(false);
    const order = await placeOrder(t.app, token, { packageId: 100004 });
    expect(order).toMatchObject({ status: 'init', amount: 9980000, listPrice: 9980000, discount: 0 });
    expect(order.url).toMatch(/^\/sandbox\/pay\/checkout\?t=/);
    const before = await call(t.app, 'GET', `/agent/order/status?orderId=${order.orderId}`, { token });
    expect(before.body).toEqual({
      orderId: order.orderId,
      packageId: 100004,
      activityId: null,
      amount: 9980000,
      status: 'init',
      paidAt: null,
    });

    const { page, submitted } = await payAtSandbox(t.app, order.url);
    expect(page.body).toContain('旗舰版');
    expect(page.body).toContain('¥99800.00');
    expect(submitted.statusCode).toBe(302);
    expect(submitted.headers.location).toBe(`/price?orderId=${order.orderId}`);

    const after = await call(t.app, 'GET', `/agent/order/status?orderId=${order.orderId}`, { token });
    expect(after.body.status).toBe('paid');
    expect(Date.parse(after.body.paidAt)).toBeGreaterThan(Date.now() - 60_000);
    // isUltimatePackage is copied to hasContract, visible in the user info.
    expect((await call(t.app, 'GET', '/agent/me', { token })).body.hasContract).toBe(true);
    const config = await call(t.app, 'GET', '/agent/packageConfig', { token });
    expect(config.body.current).toMatchObject({
      packageId: 100004,
      packageName: '旗舰版',
      activityQuota: 1000,
      subagentQuota: 100,
      fluxGb: 20000,
      storageGb: 2000,
      hasContract: true,
    });
    expect(Date.parse(config.body.current.expiresAt)).toBeGreaterThan(Date.now() + 364 * 86_400_000);
    // The sub-account quota is the one sub-account creation enforces.
    const subs = await call(t.app, 'GET', '/agent/subagent', { token });
    expect(subs.body).toMatchObject({ quota: 100, remainingCount: 100 });
    // The ledger txn: the gateway holds the money, the agent's purchase is the credit; it balances.
    const entries = await ledgerOf(order.orderId);
    expect(entries.map((e) => [e.account, Number(e.amount), e.agentId])).toEqual(
      expect.arrayContaining([
        ['pay_clearing', 9980000, agent.id],
        ['package_sales', -9980000, agent.id],
      ]),
    );
    expect(entries).toHaveLength(2);
    expect(new Set(entries.map((e) => e.txnId)).size).toBe(1);
  });

  it('stacks a second package on the running one and raises the sub-account quota that creation enforces', async () => {
    const { token } = await agentWithToken();
    const sub = async (n: number) =>
      call(t.app, 'POST', '/agent/subagent', {
        token,
        body: { username: `pkg-sub-${counter}-${n}`, password: 'pass-1234' },
      });
    for (let i = 0; i < 5; i++) expect((await sub(i)).status).toBe(200);
    expectError(await sub(5), 403, ERROR_MESSAGES.subaccountQuotaExceeded, {
      code: ERROR_CODES.subaccountQuotaExceeded,
    });
    const trial = await placeOrder(t.app, token, { packageId: 100001 });
    await payAtSandbox(t.app, trial.url);
    const afterTrial = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body.current;
    expect(afterTrial).toMatchObject({ packageId: 100001, activityQuota: 30, subagentQuota: 5, fluxGb: 20 });
    const pro = await placeOrder(t.app, token, { packageId: 100003 });
    await payAtSandbox(t.app, pro.url);
    const afterPro = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body.current;
    expect(afterPro).toMatchObject({
      packageId: 100003,
      activityQuota: 200,
      subagentQuota: 30,
      fluxGb: 5020,
      hasContract: false,
      startedAt: afterTrial.startedAt,
    });
    // Validity extends from the running package's end: 7 + 365 days.
    const days = (Date.parse(afterPro.expiresAt) - Date.parse(afterPro.startedAt)) / 86_400_000;
    expect(Math.round(days)).toBe(372);
    expect((await sub(5)).status).toBe(200);
  });

  it('caps activities at the free plan’s quota without a package, and at the package’s once it holds one', async () => {
    const { token } = await agentWithToken();
    const { freePlan } = (await call(t.app, 'GET', '/agent/packageConfig', { token })).body;
    // Issue 8: without a package activities were not capped at all.
    for (let i = 0; i < freePlan.activityQuota; i++) await newActivity(token);
    const refused = await call(t.app, 'POST', '/activity', { token, body: { name: '超出配额的活动' } });
    expectError(refused, 403, ERROR_MESSAGES.activityQuotaExceeded, { code: ERROR_CODES.activityQuotaExceeded });
    // The trial grants more than the free plan, as its card says.
    const trial = await placeOrder(t.app, token, { packageId: 100001 });
    await payAtSandbox(t.app, trial.url);
    expect((await call(t.app, 'POST', '/activity', { token, body: { name: '试用后的活动' } })).status).toBe(200);
    const catalogue = await call(t.app, 'GET', '/error-codes');
    expect(catalogue.body[ERROR_CODES.activityQuotaExceeded]['zh-CN']).toBe('活动数量已达套餐上限，请升级套餐后再创建');
  });

  it('prices promotion codes and refuses unknown, expired or misapplied ones naming promotionCode', async () => {
    const { token } = await agentWithToken();
    const activityId = await newActivity(token);
    const welcome = await placeOrder(t.app, token, { packageId: 100002, promotionCode: 'welcome10' });
    expect(welcome).toMatchObject({ listPrice: 1980000, discount: 198000, amount: 1782000 });
    const live = await placeOrder(t.app, token, {
      packageId: ACTIVITY_PACKAGE_ID,
      promotionCode: 'LIVE100',
      activityId,
    });
    expect(live).toMatchObject({ listPrice: 99900, discount: 10000, amount: 89900 });
    for (const promotionCode of ['NOPE', 'SPRING2020']) {
      expectError(
        await call(t.app, 'POST', '/agent/order', { token, body: { packageId: 100002, promotionCode } }),
        400,
        `promotionCode: ${PRICE_ERRORS.promotionCodeInvalid}`,
        { code: ERROR_CODES.validation, field: 'promotionCode' },
      );
    }
    // LIVE100 is for package 100005 only.
    const wrong = await call(t.app, 'POST', '/agent/order', {
      token,
      body: { packageId: 100002, promotionCode: 'LIVE100' },
    });
    expect(wrong.body.field).toBe('promotionCode');
    const bad = await call(t.app, 'POST', '/agent/order', { token, body: { packageId: 100002, promotionCode: 'a b' } });
    expect(bad.body.field).toBe('promotionCode');
    expect(
      await t.ctx.db.selectFrom('packageOrders').select('id').where('promotionCode', '=', 'NOPE').execute(),
    ).toEqual([]);
  });

  it('refuses bad orders: unknown package, missing or foreign activityId, sub-accounts', async () => {
    const { agent, token } = await agentWithToken();
    const other = await agentWithToken();
    const otherActivity = await newActivity(other.token);
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('packageOrders')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('agentId', '=', agent.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expectError(
      await call(t.app, 'POST', '/agent/order', { token, body: { packageId: 999 } }),
      404,
      PRICE_ERRORS.packageNotFound,
    );
    expect((await call(t.app, 'POST', '/agent/order', { token, body: { packageId: 'x' } })).body.field).toBe(
      'packageId',
    );
    expect((await call(t.app, 'POST', '/agent/order', { token, body: {} })).body.field).toBe('packageId');
    // Package 100005 without its activity: 400 naming activityId (seed 000 §9).
    expectError(
      await call(t.app, 'POST', '/agent/order', { token, body: { packageId: ACTIVITY_PACKAGE_ID } }),
      400,
      `activityId: ${PRICE_ERRORS.activityIdRequired}`,
      { code: ERROR_CODES.validation, field: 'activityId' },
    );
    expect(
      (await call(t.app, 'POST', '/agent/order', { token, body: { packageId: ACTIVITY_PACKAGE_ID, activityId: null } }))
        .body.field,
    ).toBe('activityId');
    // Another agent's activity answers as a missing one.
    expectError(
      await call(t.app, 'POST', '/agent/order', {
        token,
        body: { packageId: ACTIVITY_PACKAGE_ID, activityId: otherActivity },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const own = await newActivity(token);
    expect(
      (await call(t.app, 'POST', '/agent/order', { token, body: { packageId: 100002, activityId: own } })).body.field,
    ).toBe('activityId');
    const sub = await createSubagent(t.ctx, { agentId: agent.id });
    const subToken = await sessionFor(t.ctx, agent.id, sub.id);
    expectError(
      await call(t.app, 'POST', '/agent/order', { token: subToken, body: { packageId: 100001 } }),
      403,
      'Sub-account is not allowed to do this',
      { code: ERROR_CODES.subAgentForbidden },
    );
    expect(await count()).toBe(0);
  });

  it('refuses a notification with a bad signature, a wrong amount or an unknown order, and changes nothing', async () => {
    const { agent, token } = await agentWithToken();
    const order = await placeOrder(t.app, token, { packageId: 100003 });
    const body = notificationBody(order.orderId, order.amount);
    expectError(await notify(t.app, body, { secret: 'not-the-secret' }), 401, PRICE_ERRORS.invalidSignature, {
      code: ERROR_CODES.unauthorized,
    });
    expect((await notify(t.app, body, { signature: '' })).status).toBe(401);
    // The signature covers the raw body: the same fields re-serialised differently do not verify.
    const signedRaw = JSON.stringify(body);
    const tampered = JSON.stringify({ ...body, totalFee: 1 });
    expect((await notify(t.app, tampered, { signature: signSandboxNotification(TEST_SECRET, signedRaw) })).status).toBe(
      401,
    );
    expect((await notify(t.app, '{"outTradeNo":"1"}')).status).toBe(401);
    expect((await notify(t.app, notificationBody(order.orderId, 1))).status).toBe(400);
    expect((await notify(t.app, notificationBody(999_999, order.amount))).status).toBe(404);
    expect((await call(t.app, 'GET', `/agent/order/status?orderId=${order.orderId}`, { token })).body.status).toBe(
      'init',
    );
    expect(await ledgerOf(order.orderId)).toEqual([]);
    expect((await call(t.app, 'GET', '/agent/packageConfig', { token })).body.current.packageId).toBeNull();
    expect(agent.id).toBeGreaterThan(0);
  });

  it('credits a replayed notification once, and concurrent notifications once', async () => {
    const { token } = await agentWithToken();
    const order = await placeOrder(t.app, token, { packageId: 100002 });
    const body = notificationBody(order.orderId, order.amount);
    expect((await notify(t.app, body)).body).toEqual({ code: 'SUCCESS', outcome: 'credited' });
    expect((await notify(t.app, body)).body).toEqual({ code: 'SUCCESS', outcome: 'replayed' });
    // A second payment of a paid order (another gateway transaction) is recorded but credits nothing.
    expect((await notify(t.app, notificationBody(order.orderId, order.amount))).body.outcome).toBe('ignored');
    expect(await ledgerOf(order.orderId)).toHaveLength(2);
    expect((await call(t.app, 'GET', '/agent/packageConfig', { token })).body.current.fluxGb).toBe(1000);

    // Many at once, the same transaction and different ones: exactly one credits.
    const second = await placeOrder(t.app, token, { packageId: 100002 });
    const same = notificationBody(second.orderId, second.amount);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => notify(t.app, same)),
      ...Array.from({ length: 3 }, () => notify(t.app, notificationBody(second.orderId, second.amount))),
    ]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.outcome === 'credited')).toHaveLength(1);
    expect(await ledgerOf(second.orderId)).toHaveLength(2);
    expect((await call(t.app, 'GET', '/agent/packageConfig', { token })).body.current.fluxGb).toBe(2000);
    const balance = await t.ctx.db
      .selectFrom('ledgerEntries')
      .select((eb) => eb.fn.sum<string>('amount').as('sum'))
      .executeTakeFirstOrThrow();
    expect(Number(balance.sum)).toBe(0);
  });

  it('refuses to commit a ledger txn that does not balance', async () => {
    const { agent } = await agentWithToken();
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('ledgerEntries')
          .values({
            txnId: 'unbalanced-1',
            account: 'pay_clearing',
            agentId: agent.id,
            activityId: null,
            orderId: null,
            amount: 100,
          })
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    expect(
      await t.ctx.db.selectFrom('ledgerEntries').select('id').where('txnId', '=', 'unbalanced-1').execute(),
    ).toEqual([]);
    // Entries are append-only: a paid order's entries can be neither changed nor removed.
    const { token } = await agentWithToken();
    const order = await placeOrder(t.app, token, { packageId: 100001 });
    await payAtSandbox(t.app, order.url);
    await expect(
      t.ctx.db.updateTable('ledgerEntries').set({ memo: 'x' }).where('orderId', '=', order.orderId).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.deleteFrom('ledgerEntries').where('orderId', '=', order.orderId).execute()).rejects.toThrow(
      /append-only/,
    );
    expect(await ledgerOf(order.orderId)).toHaveLength(2);
  });

  it('fails an order cancelled at the pay page, or left unpaid past its time', async () => {
    const { token } = await agentWithToken();
    const order = await placeOrder(t.app, token, { packageId: 100001 });
    const { submitted } = await payAtSandbox(t.app, order.url, 'cancel');
    expect(submitted.statusCode).toBe(302);
    expect((await call(t.app, 'GET', `/agent/order/status?orderId=${order.orderId}`, { token })).body.status).toBe(
      'failed',
    );
    // Paying it afterwards changes nothing.
    expect((await notify(t.app, notificationBody(order.orderId, order.amount))).body.outcome).toBe('ignored');
    expect((await call(t.app, 'GET', `/agent/order/status?orderId=${order.orderId}`, { token })).body.status).toBe(
      'failed',
    );

    const stale = await placeOrder(t.app, token, { packageId: 100001 });
    await t.ctx.db
      .updateTable('packageOrders')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', stale.orderId)
      .execute();
    expect((await call(t.app, 'GET', `/agent/order/status?orderId=${stale.orderId}`, { token })).body.status).toBe(
      'failed',
    );
    // The pay page of an order past its time is refused, like a forged or broken link.
    const expiredUrl = await t.ctx.pay.checkoutUrl({
      orderId: stale.orderId,
      amount: stale.amount,
      subject: '试用套餐',
      returnPath: `/price?orderId=${stale.orderId}`,
      expiresAt: new Date(Date.now() - 1000),
    });
    const expiredPage = await t.app.inject({ method: 'GET', url: expiredUrl });
    expect(expiredPage.statusCode).toBe(400);
    expect(expiredPage.body).toContain('支付链接无效或已过期');
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/pay/checkout?t=forged.link' })).statusCode).toBe(400);
  });

  it('keeps order status to its agent and validates the order id', async () => {
    const a = await agentWithToken();
    const b = await agentWithToken();
    const order = await placeOrder(t.app, a.token, { packageId: 100001 });
    expectError(
      await call(t.app, 'GET', `/agent/order/status?orderId=${order.orderId}`, { token: b.token }),
      404,
      PRICE_ERRORS.orderNotFound,
    );
    expect((await call(t.app, 'GET', '/agent/order/status', { token: a.token })).body.field).toBe('orderId');
    expect((await call(t.app, 'GET', '/agent/order/status?orderId=abc', { token: a.token })).body.field).toBe(
      'orderId',
    );
  });
});
