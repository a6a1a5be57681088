import { ERROR_CODES, FINANCE_ERRORS, PRICE_ERRORS } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayGatewayError } from '../../src/platform/pay/pay-provider.ts';
import {
  type CallResult,
  call,
  createAgent,
  createSubagent,
  engines,
  expectError,
  lastSmsCode,
  sessionFor,
  signedInAgent,
  signedViewerCookie,
  startApp,
  type TestApp,
} from '../harness.ts';
import { notificationBody, notify, payAtSandbox } from '../price/pay-helpers.ts';

// Money in and money out on the ledger (issue 13): paid viewing with the platform's fee, recharge, bank accounts,
// withdrawals and outflows with their review, and balances that are sums of ledger entries.

const MAIN_ONLY = 'Sub-account is not allowed to do this';

describe.each(engines)('finance money on %s', (engine) => {
  let t: TestApp;
  let parent: { id: number; token: string };
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  let subToken: string;
  let activityId: number;
  let bActivityId: number;

  beforeAll(async () => {
    t = await startApp(engine);
    const top = await createAgent(t.ctx, { company: '总代理' });
    parent = { id: top.id, token: await sessionFor(t.ctx, top.id) };
    const child = await createAgent(t.ctx, { parentId: top.id, company: '下级公司', contact: '张三' });
    a = { id: child.id, token: await sessionFor(t.ctx, child.id) };
    const other = await signedInAgent(t.ctx);
    b = { id: other.agent.id, token: other.token };
    const sub = await createSubagent(t.ctx, { agentId: a.id });
    subToken = await sessionFor(t.ctx, a.id, sub.id);
    activityId = (await call(t.app, 'POST', '/activity', { token: a.token, body: { name: '付费直播' } })).body.id;
    bActivityId = (await call(t.app, 'POST', '/activity', { token: b.token, body: { name: 'B 的直播' } })).body.id;
  }, 60_000);
  afterAll(() => t?.close());

  const balance = async (token = a.token) => {
    const response = await call(t.app, 'GET', '/agent/balance', { token });
    expect(response.status, response.text).toBe(200);
    return response.body as { balance: number; income: number; recharged: number; withdrawn: number; pending: number };
  };

  async function ledgerBalanced() {
    const row = await t.ctx.db
      .selectFrom('ledgerEntries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('sum'))
      .executeTakeFirstOrThrow();
    expect(Number(row.sum)).toBe(0);
  }

  async function recharge(amount: number, token = a.token, agentId = a.id) {
    const order = await call(t.app, 'POST', `/v3/agent/${agentId}/recharge-order`, {
      token,
      body: { amount, returnPath: '/financial/recharge-result' },
    });
    expect(order.status, order.text).toBe(200);
    return order.body as { orderId: number; payUrl: string; amount: number; status: string };
  }

  async function addCard(cardNo: string, token = a.token) {
    const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const sent = await call(t.app, 'POST', '/v3/agent/card/sms', { token, body: { mobile } });
    expect(sent.status, sent.text).toBe(200);
    const code = lastSmsCode(t.dataDir, mobile, 'verify');
    const added = await call(t.app, 'POST', '/agent/card', { token, body: { holder: '李四', cardNo, mobile, code } });
    expect(added.status, added.text).toBe(200);
    return added.body as { id: number; bank: string; cardNo: string };
  }

  it('recharges through the sandbox pay page; the result is paid and a replayed notification credits once', async () => {
    expect(await balance()).toEqual({ balance: 0, income: 0, recharged: 0, withdrawn: 0, pending: 0 });
    // Seed 001 §9: the default charge selection is 200 yuan.
    const byDefault = await call(t.app, 'POST', `/v3/agent/${a.id}/recharge-order`, { token: a.token, body: {} });
    expect(byDefault.body).toMatchObject({ amount: 20_000, status: 'init' });

    const order = await recharge(50_000);
    const pending = await call(t.app, 'GET', `/v3/agent/${a.id}/recharge-result?orderId=${order.orderId}`, {
      token: a.token,
    });
    expect(pending.body).toMatchObject({ orderId: order.orderId, status: 'init' });
    const { submitted } = await payAtSandbox(t.app, order.payUrl);
    expect(submitted.statusCode).toBe(302);
    expect(submitted.headers.location).toBe(`/financial/recharge-result?orderId=${order.orderId}`);
    const paid = await call(t.app, 'GET', `/v3/agent/${a.id}/recharge-result?orderId=${order.orderId}`, {
      token: a.token,
    });
    expect(paid.body).toMatchObject({ orderId: order.orderId, status: 'paid', amount: 50_000 });
    expect(await balance()).toMatchObject({ balance: 50_000, recharged: 50_000 });

    // The gateway notifies again (same trade), and again with another trade for the paid order: nothing more.
    const second = await recharge(10_000);
    const body = notificationBody(second.orderId, 10_000);
    expect((await notify(t.app, body)).body).toEqual({ code: 'SUCCESS', outcome: 'credited' });
    for (let i = 0; i < 3; i++) expect((await notify(t.app, body)).body.outcome).toBe('replayed');
    expect((await notify(t.app, notificationBody(second.orderId, 10_000))).body.outcome).toBe('ignored');
    expect(await balance()).toMatchObject({ balance: 60_000, recharged: 60_000 });
    const byId = await call(t.app, 'GET', `/v3/agent/${a.id}/account-balance`, { token: a.token });
    expect(byId.body).toEqual(await balance());
    expectError(
      await call(t.app, 'GET', `/v3/agent/${b.id}/account-balance`, { token: a.token }),
      404,
      'Agent Not Found',
    );
    // A wrong amount is refused and credits nothing.
    const third = await recharge(500);
    expectError(
      (await notify(t.app, notificationBody(third.orderId, 400))) as CallResult,
      400,
      PRICE_ERRORS.amountMismatch,
    );
    // A failed payment: the result says failed.
    await notify(t.app, notificationBody(third.orderId, 500, { tradeStatus: 'CLOSED' }));
    const failed = await call(t.app, 'GET', `/v3/agent/${a.id}/recharge-result?orderId=${third.orderId}`, {
      token: a.token,
    });
    expect(failed.body.status).toBe('failed');
    expect(await balance()).toMatchObject({ balance: 60_000 });
    await ledgerBalanced();
  });

  it('refuses bad recharges naming the field, another agent’s ids, and sub-accounts', async () => {
    for (const [body, field] of [
      [{ amount: 0 }, 'amount'],
      [{ amount: 1.5 }, 'amount'],
      [{ amount: '100' }, 'amount'],
      [{ amount: 100, returnPath: 'https://evil.example' }, 'returnPath'],
    ] as const) {
      const response = await call(t.app, 'POST', `/v3/agent/${a.id}/recharge-order`, { token: a.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expectError(
      await call(t.app, 'POST', `/v3/agent/${b.id}/recharge-order`, { token: a.token, body: {} }),
      404,
      'Agent Not Found',
    );
    const bOrder = await recharge(100, b.token, b.id);
    expectError(
      await call(t.app, 'GET', `/v3/agent/${a.id}/recharge-result?orderId=${bOrder.orderId}`, { token: a.token }),
      404,
      FINANCE_ERRORS.rechargeNotFound,
    );
    const missing = await call(t.app, 'GET', `/v3/agent/${a.id}/recharge-result`, { token: a.token });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('orderId');
    for (const [method, url] of [
      ['POST', `/v3/agent/${a.id}/recharge-order`],
      ['GET', `/v3/agent/${a.id}/recharge-result?orderId=1`],
      ['GET', '/agent/balance'],
      ['GET', `/v3/agent/${a.id}/account-balance`],
      ['GET', '/agent/card'],
      ['GET', '/agent/withdraw'],
      ['GET', `/agent/${a.id}/outflow`],
    ] as const) {
      expectError(
        await call(t.app, method, url, { token: subToken, body: method === 'POST' ? {} : undefined }),
        403,
        MAIN_ONLY,
        {
          code: 'SUBAGENT_FORBIDDEN',
        },
      );
    }
  });

  it('adds a bank account with its mobile confirmed by SMS, the Chinese default bank, and lists it masked', async () => {
    const card = await addCard('6222020200112233445');
    expect(card).toMatchObject({ bank: '中国工商银行', cardNo: '**** 3445', type: 'debit' });
    const list = await call(t.app, 'GET', '/agent/card', { token: a.token });
    expect(list.body.accountList).toHaveLength(1);
    expect(list.text).not.toContain('6222020200112233445');
    // The same card again, a wrong code, bad fields.
    const mobile = '13900001111';
    await call(t.app, 'POST', '/v3/agent/card/sms', { token: a.token, body: { mobile } });
    const again = await call(t.app, 'POST', '/agent/card', {
      token: a.token,
      body: { holder: '李四', cardNo: '6222020200112233445', mobile, code: lastSmsCode(t.dataDir, mobile, 'verify') },
    });
    expectError(again, 409, FINANCE_ERRORS.cardExists, { field: 'cardNo' });
    const wrong = await call(t.app, 'POST', '/agent/card', {
      token: a.token,
      body: {
        holder: '李四',
        cardNo: '6222020200112299999',
        mobile,
        code: '000000' === lastSmsCode(t.dataDir, mobile, 'verify') ? '111111' : '000000',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('code');
    for (const [body, field] of [
      [{ holder: '', cardNo: '6222020200112299999', mobile, code: '123456' }, 'holder'],
      [{ holder: '李四', cardNo: '12ab', mobile, code: '123456' }, 'cardNo'],
      [{ holder: '李四', cardNo: '6222020200112299999', mobile: '123', code: '123456' }, 'mobile'],
      [{ holder: '李四', cardNo: '6222020200112299999', mobile, code: '123456', bank: 'Bank of Nowhere' }, 'bank'],
      [{ holder: '李四', cardNo: '6222020200112299999', mobile, code: '123456', type: 'credit' }, 'type'],
    ] as const) {
      const response = await call(t.app, 'POST', '/agent/card', { token: a.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect((await call(t.app, 'GET', '/agent/card', { token: a.token })).body.accountList).toHaveLength(1);
    // B sees none of A's cards.
    expect((await call(t.app, 'GET', '/agent/card', { token: b.token })).body.accountList).toEqual([]);
  });

  it('withdraws to a card: the balance falls at once, the cash list grows, a repeated deliveryId is one withdrawal', async () => {
    const [card] = (await call(t.app, 'GET', '/agent/card', { token: a.token })).body.accountList;
    const before = await balance();
    const made = await call(t.app, 'POST', '/agent/withdraw', {
      token: a.token,
      body: { cardId: card.id, amount: 10_000, deliveryId: 'delivery-0001' },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ kind: 'withdraw', amount: 10_000, status: 'pending', bank: '中国工商银行' });
    const repeat = await call(t.app, 'POST', '/agent/withdraw', {
      token: a.token,
      body: { cardId: card.id, amount: 10_000, deliveryId: 'delivery-0001' },
    });
    expect(repeat.body.id).toBe(made.body.id);
    // Seed 001 §9: the default cash amount is 1 yuan.
    const byDefault = await call(t.app, 'POST', '/agent/withdraw', { token: a.token, body: { cardId: card.id } });
    expect(byDefault.body.amount).toBe(100);
    expect(await balance()).toMatchObject({ balance: before.balance - 10_100, pending: 10_100 });
    const list = await call(t.app, 'GET', '/agent/withdraw?page=1&pageSize=1', { token: a.token });
    expect(list.body.pager).toEqual({ page: 1, pageSize: 1, total: 2 });
    expect(list.body.cashList[0].id).toBe(byDefault.body.id);

    // Beyond the balance, another agent's card, bad fields.
    const tooMuch = await call(t.app, 'POST', '/agent/withdraw', {
      token: a.token,
      body: { cardId: card.id, amount: before.balance },
    });
    expectError(tooMuch, 400, FINANCE_ERRORS.insufficientBalance, { field: 'amount' });
    const bCard = await addCard('6217000000000000001', b.token);
    expectError(
      await call(t.app, 'POST', '/agent/withdraw', { token: a.token, body: { cardId: bCard.id, amount: 100 } }),
      404,
      FINANCE_ERRORS.cardNotFound,
    );
    for (const [body, field] of [
      [{ amount: 100 }, 'cardId'],
      [{ cardId: card.id, amount: -1 }, 'amount'],
      [{ cardId: card.id, amount: 0.5 }, 'amount'],
      [{ cardId: card.id, amount: 100, deliveryId: 'x' }, 'deliveryId'],
    ] as const) {
      const response = await call(t.app, 'POST', '/agent/withdraw', { token: a.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expectError(
      await call(t.app, 'POST', '/agent/withdraw', { token: subToken, body: { cardId: card.id, amount: 100 } }),
      403,
      MAIN_ONLY,
      { code: 'SUBAGENT_FORBIDDEN' },
    );
    expect((await balance()).balance).toBe(before.balance - 10_100);
    await ledgerBalanced();
  });

  it('asks for an outflow with a remark and lists it in the account detail, 5 a page', async () => {
    const before = await balance();
    const made = await call(t.app, 'POST', `/agent/${a.id}/outflow`, {
      token: a.token,
      body: { remark: '支付供应商', amount: 1_000 },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ kind: 'outflow', remark: '支付供应商', cardId: null, status: 'pending' });
    expect((await balance()).balance).toBe(before.balance - 1_000);
    const list = await call(t.app, 'GET', `/agent/${a.id}/outflow`, { token: a.token });
    expect(list.body.pager).toMatchObject({ page: 1, pageSize: 5, total: 3 });
    expect(list.body.items[0].id).toBe(made.body.id);
    expectError(await call(t.app, 'GET', `/agent/${b.id}/outflow`, { token: a.token }), 404, 'Agent Not Found');
    expectError(
      await call(t.app, 'POST', `/agent/${b.id}/outflow`, { token: a.token, body: { amount: 100 } }),
      404,
      'Agent Not Found',
    );
    const bad = await call(t.app, 'POST', `/agent/${a.id}/outflow`, {
      token: a.token,
      body: { amount: 100, remark: 'x'.repeat(201) },
    });
    expect(bad.body.field).toBe('remark');
    expectError(
      await call(t.app, 'POST', `/agent/${a.id}/outflow`, { token: a.token, body: { amount: 100_000_000 } }),
      400,
      FINANCE_ERRORS.insufficientBalance,
      { field: 'amount' },
    );
  });

  it('lets the agent above approve (paid, with a reference) or reject (back to the balance); no one else', async () => {
    const pending = await call(t.app, 'GET', '/v3/agent/withdraw-review?status=pending', { token: parent.token });
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body.items).toHaveLength(3);
    expect(pending.body.items[0]).toMatchObject({ agentId: a.id, company: '下级公司', contact: '张三' });
    const [outflow, byDefault, first] = pending.body.items as { id: number; amount: number }[];
    // The agent itself, another tree's agent and a sub-account may not review.
    expect((await call(t.app, 'GET', '/v3/agent/withdraw-review', { token: a.token })).body.items).toEqual([]);
    expectError(
      await call(t.app, 'POST', `/v3/agent/withdraw-review/${first?.id}/approve`, {
        token: a.token,
        body: { reference: 'R1' },
      }),
      404,
      FINANCE_ERRORS.withdrawalNotFound,
    );
    expectError(
      await call(t.app, 'POST', `/v3/agent/withdraw-review/${first?.id}/approve`, {
        token: b.token,
        body: { reference: 'R1' },
      }),
      404,
      FINANCE_ERRORS.withdrawalNotFound,
    );
    const noRef = await call(t.app, 'POST', `/v3/agent/withdraw-review/${first?.id}/approve`, {
      token: parent.token,
      body: {},
    });
    expect(noRef.status).toBe(400);
    expect(noRef.body.field).toBe('reference');

    const before = await balance();
    const approved = await call(t.app, 'POST', `/v3/agent/withdraw-review/${first?.id}/approve`, {
      token: parent.token,
      body: { reference: 'TRF20261126001' },
    });
    expect(approved.body).toMatchObject({ status: 'paid', reference: 'TRF20261126001' });
    expect(await balance()).toMatchObject({
      balance: before.balance,
      withdrawn: 10_000,
      pending: before.pending - 10_000,
    });
    const rejected = await call(t.app, 'POST', `/v3/agent/withdraw-review/${outflow?.id}/reject`, {
      token: parent.token,
      body: { reason: '资料不全' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected' });
    expect((await balance()).balance).toBe(before.balance + 1_000);
    // Reviewed once: a second decision is refused and moves nothing.
    expectError(
      await call(t.app, 'POST', `/v3/agent/withdraw-review/${outflow?.id}/approve`, {
        token: parent.token,
        body: { reference: 'X' },
      }),
      409,
      FINANCE_ERRORS.alreadyReviewed,
    );
    expect((await balance()).balance).toBe(before.balance + 1_000);
    expect(byDefault?.amount).toBe(100);
    const paidList = await call(t.app, 'GET', '/v3/agent/withdraw-review?status=paid', { token: parent.token });
    expect(paidList.body.items.map((w: { id: number }) => w.id)).toEqual([first?.id]);
    await ledgerBalanced();
  });

  it('has the platform’s own agent review the withdrawals of agents with none above them', async () => {
    const signedUp = await signedInAgent(t.ctx);
    const order = await recharge(1_000, signedUp.token, signedUp.agent.id);
    await notify(t.app, notificationBody(order.orderId, 1_000));
    const card = await addCard('6228480000000000017', signedUp.token);
    const asked = await call(t.app, 'POST', '/agent/withdraw', {
      token: signedUp.token,
      body: { cardId: card.id, amount: 300, deliveryId: 'platform-review-1' },
    });
    expect(asked.status, asked.text).toBe(200);
    const reviewIds = async (token: string) =>
      (await call(t.app, 'GET', '/v3/agent/withdraw-review?status=pending&pageSize=100', { token })).body.items.map(
        (w: { id: number }) => w.id,
      );
    // Another tree's top agent does not see it, and neither does the platform's agent before ADMIN_MOBILE names it.
    expect(await reviewIds(parent.token)).not.toContain(asked.body.id);
    const platform = await signedInAgent(t.ctx);
    expect(await reviewIds(platform.token)).not.toContain(asked.body.id);
    const config = t.ctx.config as { adminMobile: string };
    const adminMobile = config.adminMobile;
    config.adminMobile = platform.agent.mobile;
    try {
      expect(await reviewIds(platform.token)).toContain(asked.body.id);
      const paid = await call(t.app, 'POST', `/v3/agent/withdraw-review/${asked.body.id}/approve`, {
        token: platform.token,
        body: { reference: 'TRF-PLATFORM-1' },
      });
      expect(paid.body).toMatchObject({ status: 'paid', reference: 'TRF-PLATFORM-1' });
      expect(await balance(signedUp.token)).toMatchObject({ balance: 700, pending: 0, withdrawn: 300 });
      expectError(
        await call(t.app, 'POST', `/v3/agent/withdraw-review/${asked.body.id}/approve`, {
          token: signedUp.token,
          body: { reference: 'SELF' },
        }),
        404,
        FINANCE_ERRORS.withdrawalNotFound,
      );
    } finally {
      config.adminMobile = adminMobile;
    }
  });

  it('never overdraws: many withdrawals at once take at most the balance', async () => {
    const agent = await signedInAgent(t.ctx);
    const order = await recharge(1_000, agent.token, agent.agent.id);
    await notify(t.app, notificationBody(order.orderId, 1_000));
    const card = await addCard('6228480000000000009', agent.token);
    const attempts = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(t.app, 'POST', '/agent/withdraw', {
          token: agent.token,
          body: { cardId: card.id, amount: 100, deliveryId: `concurrent-${i}-x` },
        }),
      ),
    );
    const accepted = attempts.filter((r) => r.status === 200);
    const refused = attempts.filter((r) => r.status === 400);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body.message).toBe(FINANCE_ERRORS.insufficientBalance);
    expect(await balance(agent.token)).toMatchObject({ balance: 0, pending: 1_000 });
    const inLedger = await t.ctx.db
      .selectFrom('ledgerEntries')
      .select('withdrawalId')
      .where('agentId', '=', agent.agent.id)
      .where('account', '=', 'withdrawals_pending')
      .execute();
    expect(new Set(inLedger.map((e) => e.withdrawalId))).toEqual(new Set(accepted.map((r) => r.body.id)));
  });

  it('sells paid viewing on the watch page: pay, then it plays; the fee is the platform’s, the rest the agent’s', async () => {
    const config = await call(t.app, 'GET', `/activity/${activityId}/pay-config`, { token: a.token });
    expect(config.body).toEqual({ enabled: false, price: 0 });
    const set = await call(t.app, 'PUT', `/activity/${activityId}/pay-config`, {
      token: a.token,
      body: { enabled: true, price: 1_999 },
    });
    expect(set.body).toEqual({ enabled: true, price: 1_999 });
    const noPrice = await call(t.app, 'PUT', `/activity/${activityId}/pay-config`, {
      token: a.token,
      body: { enabled: true, price: 0 },
    });
    expect(noPrice.body.field).toBe('price');
    expectError(
      await call(t.app, 'PUT', `/activity/${bActivityId}/pay-config`, { token: a.token, body: { enabled: false } }),
      404,
      'Activity Not Found',
    );
    expectError(
      await call(t.app, 'GET', `/activity/${activityId}/pay-config`, { token: subToken }),
      404,
      'Activity Not Found',
    );

    const cookie = signedViewerCookie(t.ctx, 'viewer-paid-0001');
    const page = await call(t.app, 'GET', `/watch/${activityId}`, { headers: { cookie } });
    expect(page.body).toMatchObject({ paidViewGate: 'pay', playback: null });
    expect((await call(t.app, 'GET', `/watch/${activityId}/paid-view`, { headers: { cookie } })).body).toEqual({
      enabled: true,
      price: 1_999,
      paid: false,
    });
    // No viewer cookie: nobody to remember the access for.
    expectError(await call(t.app, 'POST', `/watch/${activityId}/paid-view/order`), 400, FINANCE_ERRORS.viewerRequired);
    const order = await call(t.app, 'POST', `/watch/${activityId}/paid-view/order`, { headers: { cookie } });
    expect(order.status, order.text).toBe(200);
    expect(order.body).toMatchObject({ amount: 1_999, status: 'init' });
    // Asked again before paying: the same order.
    const same = await call(t.app, 'POST', `/watch/${activityId}/paid-view/order`, { headers: { cookie } });
    expect(same.body.orderId).toBe(order.body.orderId);
    const { submitted } = await payAtSandbox(t.app, order.body.url);
    expect(submitted.headers.location).toBe(`/watch/${activityId}?viewOrder=${order.body.orderId}`);
    const status = await call(t.app, 'GET', `/watch/${activityId}/paid-view/order/${order.body.orderId}`, {
      headers: { cookie },
    });
    expect(status.body).toMatchObject({ status: 'paid' });
    const after = await call(t.app, 'GET', `/watch/${activityId}`, { headers: { cookie } });
    expect(after.body.paidViewGate).toBe('open');
    // Another viewer has not paid, and cannot see this viewer's order.
    const other = signedViewerCookie(t.ctx, 'viewer-paid-0002');
    expect((await call(t.app, 'GET', `/watch/${activityId}`, { headers: { cookie: other } })).body.paidViewGate).toBe(
      'pay',
    );
    expectError(
      await call(t.app, 'GET', `/watch/${activityId}/paid-view/order/${order.body.orderId}`, {
        headers: { cookie: other },
      }),
      404,
      FINANCE_ERRORS.viewOrderNotFound,
    );
    expectError(
      await call(t.app, 'POST', `/watch/${activityId}/paid-view/order`, { headers: { cookie } }),
      409,
      FINANCE_ERRORS.alreadyPaid,
    );

    // The free plan's rate (10%): 199 fen is the platform's, 1,800 the agent's.
    const entries = await t.ctx.db
      .selectFrom('ledgerEntries')
      .select(['account', 'amount', 'viewerId'])
      .where('viewOrderId', '=', order.body.orderId)
      .orderBy('account')
      .execute();
    expect(entries.map((e) => [e.account, Number(e.amount)])).toEqual([
      ['audience_sales', -1_800],
      ['pay_clearing', 1_999],
      ['platform_fees', -199],
    ]);
    // A replayed notification credits nothing more.
    const tradeRow = await t.ctx.db
      .selectFrom('paidViewOrders')
      .select('tradeNo')
      .where('id', '=', order.body.orderId)
      .executeTakeFirstOrThrow();
    const replay = await notify(t.app, {
      ...notificationBody(order.body.orderId, 1_999),
      tradeNo: tradeRow.tradeNo ?? '',
    });
    expect(replay.body.outcome).toBe('replayed');
    // The statistics' revenue and the agent's income read it.
    const revenue = await call(t.app, 'GET', `/v3/activity/${activityId}/revenue`, { token: a.token });
    expect(revenue.body.totals).toMatchObject({ perView: 1_800 });
    const channels = await call(t.app, 'GET', '/activity/stats', { token: a.token });
    expect(channels.body.items.find((item: { id: number }) => item.id === activityId)).toMatchObject({ income: 1_800 });
    expect((await balance()).income).toBe(1_800);
    // The gain-details download of paid viewing (seed 000 §7) lists it: the viewer, what it was, the agent's 18.00.
    const download = await call(
      t.app,
      'GET',
      `/agent/${a.id}/gain-details/download?type=per-view&activityId=${activityId}`,
      { token: a.token },
    );
    expect(download.status, download.text).toBe(200);
    const lines = download.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('viewer-paid-0001');
    expect(lines[1]).toContain('付费观看：付费直播');
    expect(lines[1]).toContain('18.00');
    // Switched off: every viewer plays.
    await call(t.app, 'PUT', `/activity/${activityId}/pay-config`, { token: a.token, body: { enabled: false } });
    expect((await call(t.app, 'GET', `/watch/${activityId}`, { headers: { cookie: other } })).body.paidViewGate).toBe(
      'open',
    );
    expect((await call(t.app, 'GET', `/activity/${activityId}/pay-config`, { token: a.token })).body).toEqual({
      enabled: false,
      price: 1_999,
    });
    expectError(
      await call(t.app, 'POST', `/watch/${activityId}/paid-view/order`, { headers: { cookie: other } }),
      409,
      FINANCE_ERRORS.paidViewOff,
    );
    await ledgerBalanced();
  });

  it('fails a view order left unpaid past its time or refused by the gateway; the viewer gets a new order', async () => {
    const paidActivity = (await call(t.app, 'POST', '/activity', { token: a.token, body: { name: '过期订单' } })).body
      .id;
    await call(t.app, 'PUT', `/activity/${paidActivity}/pay-config`, {
      token: a.token,
      body: { enabled: true, price: 500 },
    });
    const cookie = signedViewerCookie(t.ctx, 'viewer-paid-late');
    const place = () => call(t.app, 'POST', `/watch/${paidActivity}/paid-view/order`, { headers: { cookie } });
    const first = await place();
    expect(first.status, first.text).toBe(200);
    const status = async (orderId: number) =>
      (await call(t.app, 'GET', `/watch/${paidActivity}/paid-view/order/${orderId}`, { headers: { cookie } })).body
        .status;
    await t.ctx.db
      .updateTable('paidViewOrders')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', first.body.orderId)
      .execute();
    expect(await status(first.body.orderId)).toBe('failed');
    expect((await notify(t.app, notificationBody(first.body.orderId, 500))).body.outcome).toBe('ignored');
    expect((await call(t.app, 'GET', `/watch/${paidActivity}`, { headers: { cookie } })).body.paidViewGate).toBe('pay');

    vi.spyOn(t.ctx.pay, 'checkoutUrl').mockRejectedValueOnce(new PayGatewayError('SYSTEMERROR', 'unreachable'));
    const refused = await place();
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ message: 'Payment service unavailable', code: ERROR_CODES.payUnavailable });
    const again = await place();
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ amount: 500, status: 'init' });
    const orders = await t.ctx.db
      .selectFrom('paidViewOrders')
      .select(['id', 'status'])
      .where('activityId', '=', paidActivity)
      .orderBy('id')
      .execute();
    expect(orders.map((order) => order.status)).toEqual(['failed', 'failed', 'init']);
    expect(orders[2]?.id).toBe(again.body.orderId);
  });

  it('takes the same fee on a paid gift, in the one place', async () => {
    const gift = await call(t.app, 'POST', '/v3/agent/gift', {
      token: a.token,
      body: { name: '火箭', price: 1_000, icon: '/files/g.png' },
    });
    expect(gift.status, gift.text).toBe(200);
    const cookie = signedViewerCookie(t.ctx, 'viewer-gift-0001');
    const sent = await call(t.app, 'POST', `/watch/${activityId}/gift`, {
      headers: { cookie },
      body: { giftId: gift.body.id, count: 1 },
    });
    expect(sent.status, sent.text).toBe(200);
    await payAtSandbox(t.app, sent.body.url);
    const entries = await t.ctx.db
      .selectFrom('ledgerEntries')
      .select(['account', 'amount'])
      .where('giftOrderId', '=', sent.body.orderId)
      .orderBy('account')
      .execute();
    expect(entries.map((e) => [e.account, Number(e.amount)])).toEqual([
      ['audience_sales', -900],
      ['pay_clearing', 1_000],
      ['platform_fees', -100],
    ]);
  });
});
