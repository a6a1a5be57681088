import { randomBytes } from 'node:crypto';
import { ERROR_CODES, FREE_GIFT_RATE, GIFT_ERRORS, TOP_GIFT_LIMIT, VIEWER_COOKIE } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayGatewayError } from '../../src/platform/pay/pay-provider.ts';
import { agentChannel, type RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import {
  call,
  createActivity,
  engines,
  expectError,
  signedInAgent,
  signedViewerCookie,
  startApp,
  type TestApp,
} from '../harness.ts';
import { notificationBody, notify, payAtSandbox } from '../price/pay-helpers.ts';

// Gifts viewers send on the watch page (issue 10): free ones at once, paid ones through the sandbox pay page and its
// signed notification (a replay sends nothing more), each heard in the chat and by the console, each paid one a
// balanced ledger txn, and the activity's top-gift rank.

const newViewer = () => randomBytes(16).toString('base64url');

describe.each(engines)('gifts sent on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let agentId: number;
  let otherToken: string;
  let activityId: number;
  let otherActivityId: number;
  const gifts: Record<string, number> = {};
  let otherGiftId: number;

  const addGift = async (as: string, body: Record<string, unknown>) => {
    const created = await call(t.app, 'POST', '/v3/agent/gift', { token: as, body: { icon: '/files/g.png', ...body } });
    expect(created.status, created.text).toBe(200);
    return created.body.id as number;
  };

  beforeAll(async () => {
    t = await startApp(engine);
    const signedIn = await signedInAgent(t.ctx);
    token = signedIn.token;
    agentId = signedIn.agent.id;
    const other = await signedInAgent(t.ctx);
    otherToken = other.token;
    activityId = await createActivity(t.app, token, '年会');
    otherActivityId = await createActivity(t.app, otherToken, '别家的活动');
    gifts.like = await addGift(token, { name: '点赞', price: 0, sort: 1 });
    gifts.rose = await addGift(token, { name: '玫瑰', price: 100, sort: 2 });
    gifts.rocket = await addGift(token, { name: '火箭', price: 50_000, sort: 0 });
    gifts.off = await addGift(token, { name: '下架', price: 0, enabled: false });
    otherGiftId = await addGift(otherToken, { name: '别家礼物', price: 0 });
  }, 60_000);
  afterAll(() => t?.close());

  const send = (viewer: string | null, body: unknown, activity = activityId) =>
    call(t.app, 'POST', `/watch/${activity}/gift`, {
      body,
      headers: viewer ? { cookie: signedViewerCookie(t.ctx, viewer) } : {},
    });

  const hear = () => {
    const chat: RealtimeEvent[] = [];
    const consoleEvents: RealtimeEvent[] = [];
    const stops = [
      t.ctx.realtime.subscribe(`chat:${activityId}`, (event) => chat.push(event)),
      t.ctx.realtime.subscribe(agentChannel(agentId), (event) => consoleEvents.push(event)),
    ];
    return {
      chat,
      consoleEvents,
      stop: () => {
        for (const stop of stops) stop();
      },
    };
  };

  it('offers the agent’s enabled gifts in its order, to anyone', async () => {
    const offered = await call(t.app, 'GET', `/watch/${activityId}/gift`);
    expect(offered.status, offered.text).toBe(200);
    expect(offered.body.items.map((g: { name: string }) => g.name)).toEqual(['火箭', '点赞', '玫瑰']);
    expect(Object.keys(offered.body.items[0]).sort()).toEqual(['icon', 'id', 'name', 'price']);
    expect((await call(t.app, 'GET', '/watch/999999/gift')).status).toBe(404);
  });

  it('sends a free gift at once: stored, heard in the chat and by the console, listed for the console', async () => {
    const viewer = newViewer();
    const heard = hear();
    const sent = await send(viewer, { giftId: gifts.like, count: 3, nickname: '小明' });
    heard.stop();
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'sent',
      gift: { giftId: gifts.like, name: '点赞', count: 3, price: 0, amount: 0, nickname: '小明', userId: viewer },
    });
    expect(heard.chat).toEqual([{ type: 'chat.message', message: { type: 'gift', gift: sent.body.gift } }]);
    expect(heard.consoleEvents).toEqual([{ type: 'gift', activityId, subagentId: null, gift: sent.body.gift }]);
    const listed = await call(t.app, 'GET', `/v3/activity/${activityId}/gift`, { token });
    expect(listed.body.items[0]).toEqual(sent.body.gift);
    // No money moved for a free gift.
    const entries = await t.ctx.db
      .selectFrom('ledgerEntries')
      .selectAll()
      .where('activityId', '=', activityId)
      .execute();
    expect(entries).toEqual([]);
  });

  it('sends a paid gift once paid at the sandbox page: one gift and one balanced ledger txn, a replay adds nothing', async () => {
    const viewer = newViewer();
    const ordered = await send(viewer, { giftId: gifts.rose, count: 5, nickname: '小红' });
    expect(ordered.status, ordered.text).toBe(200);
    expect(ordered.body).toMatchObject({ status: 'pay', orderId: expect.any(Number) });
    const { orderId, url } = ordered.body;
    // Nothing is sent before it is paid.
    const before = await call(t.app, 'GET', `/watch/${activityId}/gift/order/${orderId}`, {
      headers: { cookie: signedViewerCookie(t.ctx, viewer) },
    });
    expect(before.body).toEqual({ orderId, status: 'init', amount: 500 });
    expect(
      (await t.ctx.db.selectFrom('giftSends').selectAll().where('giftOrderId', '=', orderId).execute()).length,
    ).toBe(0);

    const heard = hear();
    const { submitted } = await payAtSandbox(t.app, url);
    heard.stop();
    expect(submitted.statusCode).toBe(302);
    expect(submitted.headers.location).toBe(`/watch/${activityId}?giftOrder=${orderId}`);
    const after = await call(t.app, 'GET', `/watch/${activityId}/gift/order/${orderId}`, {
      headers: { cookie: signedViewerCookie(t.ctx, viewer) },
    });
    expect(after.body.status).toBe('paid');
    expect(heard.chat).toHaveLength(1);
    expect(heard.chat[0]).toMatchObject({
      type: 'chat.message',
      message: { type: 'gift', gift: { name: '玫瑰', count: 5, amount: 500, nickname: '小红', userId: viewer } },
    });

    const entries = await t.ctx.db.selectFrom('ledgerEntries').selectAll().where('giftOrderId', '=', orderId).execute();
    // Issue 13: the platform's fee (the free plan's 10%) is kept apart from the agent's earnings.
    expect(entries.map((e) => [e.account, Number(e.amount), e.agentId, e.activityId])).toEqual(
      expect.arrayContaining([
        ['pay_clearing', 500, agentId, activityId],
        ['audience_sales', -450, agentId, activityId],
        ['platform_fees', -50, agentId, activityId],
      ]),
    );
    expect(new Set(entries.map((e) => e.txnId)).size).toBe(1);

    // The gateway's retry of the same notification, and another notification for the paid order: nothing more.
    const sends = () => t.ctx.db.selectFrom('giftSends').selectAll().where('giftOrderId', '=', orderId).execute();
    const notification = await t.ctx.db
      .selectFrom('payNotifications')
      .select('tradeNo')
      .where('giftOrderId', '=', orderId)
      .executeTakeFirstOrThrow();
    const replay = notificationBody(orderId, 500, { tradeNo: notification.tradeNo });
    expect((await notify(t.app, replay)).body).toEqual({ code: 'SUCCESS', outcome: 'replayed' });
    expect((await notify(t.app, notificationBody(orderId, 500))).body).toEqual({ code: 'SUCCESS', outcome: 'ignored' });
    expect(await sends()).toHaveLength(1);
    expect(
      await t.ctx.db.selectFrom('ledgerEntries').selectAll().where('giftOrderId', '=', orderId).execute(),
    ).toHaveLength(3);
  });

  it('sends nothing for a cancelled payment or a notification of the wrong amount', async () => {
    const viewer = newViewer();
    const cancelled = await send(viewer, { giftId: gifts.rose, nickname: '取消' });
    await payAtSandbox(t.app, cancelled.body.url, 'cancel');
    const order = await call(t.app, 'GET', `/watch/${activityId}/gift/order/${cancelled.body.orderId}`, {
      headers: { cookie: signedViewerCookie(t.ctx, viewer) },
    });
    expect(order.body.status).toBe('failed');
    const wrong = await send(viewer, { giftId: gifts.rose, nickname: '取消' });
    expect((await notify(t.app, notificationBody(wrong.body.orderId, 1))).status).toBe(400);
    const sent = await t.ctx.db.selectFrom('giftSends').selectAll().where('viewerId', '=', viewer).execute();
    expect(sent).toEqual([]);
  });

  it('fails a gift order left unpaid past its time or refused by the gateway; paid late, it sends nothing', async () => {
    const viewer = newViewer();
    const cookie = signedViewerCookie(t.ctx, viewer);
    const placed = await send(viewer, { giftId: gifts.rose, nickname: '过期' });
    expect(placed.body.status, placed.text).toBe('pay');
    const orderId = placed.body.orderId as number;
    const status = async () =>
      (await call(t.app, 'GET', `/watch/${activityId}/gift/order/${orderId}`, { headers: { cookie } })).body.status;
    expect(await status()).toBe('init');
    await t.ctx.db
      .updateTable('giftOrders')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', orderId)
      .execute();
    expect(await status()).toBe('failed');
    expect((await notify(t.app, notificationBody(orderId, 100))).body.outcome).toBe('ignored');
    expect(await status()).toBe('failed');

    vi.spyOn(t.ctx.pay, 'checkoutUrl').mockRejectedValueOnce(new PayGatewayError('SYSTEMERROR', 'unreachable'));
    const refused = await send(viewer, { giftId: gifts.rose });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ message: 'Payment service unavailable', code: ERROR_CODES.payUnavailable });
    const orders = await t.ctx.db
      .selectFrom('giftOrders')
      .select(['status', 'closedAt'])
      .where('viewerId', '=', viewer)
      .execute();
    expect(orders.map((order) => [order.status, order.closedAt !== null])).toEqual([
      ['failed', true],
      ['failed', true],
    ]);
    expect(await t.ctx.db.selectFrom('giftSends').selectAll().where('viewerId', '=', viewer).execute()).toEqual([]);
  });

  it('refuses bad input, a viewer without its cookie, a disabled gift and another agent’s gift, storing nothing', async () => {
    const viewer = newViewer();
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('giftSends')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await send(viewer, { giftId: gifts.like, count: 0 })).status).toBe(400);
    expect((await send(viewer, { giftId: gifts.like, count: 100 })).status).toBe(400);
    expect((await send(viewer, { giftId: gifts.like, count: 1.5 })).status).toBe(400);
    expect((await send(viewer, { giftId: 'x' })).status).toBe(400);
    expect((await send(viewer, { giftId: gifts.like, nickname: 'x'.repeat(31) })).status).toBe(400);
    expectError(await send(null, { giftId: gifts.like }), 400, GIFT_ERRORS.viewerRequired);
    expectError(await send('short', { giftId: gifts.like }), 400, GIFT_ERRORS.viewerRequired);
    // The bare id, unsigned (anyone could claim someone else's public id): no viewer.
    const unsigned = await call(t.app, 'POST', `/watch/${activityId}/gift`, {
      body: { giftId: gifts.like },
      headers: { cookie: `${VIEWER_COOKIE}=${viewer}` },
    });
    expectError(unsigned, 400, GIFT_ERRORS.viewerRequired);
    expectError(await send(viewer, { giftId: gifts.off }), 404, GIFT_ERRORS.giftNotFound);
    expectError(await send(viewer, { giftId: otherGiftId }), 404, GIFT_ERRORS.giftNotFound);
    expectError(await send(viewer, { giftId: 999_999 }), 404, GIFT_ERRORS.giftNotFound);
    // The other agent's gift on its own activity is fine; this agent's gift there is not.
    expectError(await send(viewer, { giftId: gifts.like }, otherActivityId), 404, GIFT_ERRORS.giftNotFound);
    expect((await send(viewer, { giftId: gifts.like }, 999_999)).status).toBe(404);
    expect(await count()).toBe(before);
    // A viewer's order is its own.
    const mine = await send(viewer, { giftId: gifts.rose });
    const theirs = await call(t.app, 'GET', `/watch/${activityId}/gift/order/${mine.body.orderId}`, {
      headers: { cookie: signedViewerCookie(t.ctx, newViewer()) },
    });
    expectError(theirs, 404, GIFT_ERRORS.giftOrderNotFound);
  });

  it('rate-limits a viewer’s free gifts', async () => {
    const viewer = newViewer();
    for (let i = 0; i < FREE_GIFT_RATE.max; i += 1) {
      expect((await send(viewer, { giftId: gifts.like })).status).toBe(200);
    }
    const refused = await send(viewer, { giftId: gifts.like });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(GIFT_ERRORS.rateLimited);
    // Another viewer is not held back.
    expect((await send(newViewer(), { giftId: gifts.like })).status).toBe(200);
  });

  it('ranks the viewers by value, then count, then who got there first; 10 by default, at most 100', async () => {
    const activity = await createActivity(t.app, token, '榜单');
    const pay = async (viewer: string, nickname: string, giftId: number, n: number) => {
      const ordered = await send(viewer, { giftId, count: n, nickname }, activity);
      expect(ordered.body.status).toBe('pay');
      await payAtSandbox(t.app, ordered.body.url);
    };
    const [a, b, c] = [newViewer(), newViewer(), newViewer()];
    await pay(a, '甲', gifts.rose, 2); // 200
    await pay(b, '乙', gifts.rocket, 1); // 50000
    await pay(a, '甲', gifts.rose, 1); // 300 in all
    await send(c, { giftId: gifts.like, count: 5, nickname: '丙' }, activity); // 0, count 5
    const d = newViewer();
    await pay(d, '丁', gifts.rose, 3); // 300, after 甲 reached 300
    const top = await call(t.app, 'GET', `/v3/activity/${activity}/top-gift`, { token });
    expect(top.status, top.text).toBe(200);
    expect(
      top.body.items.map((i: { nickname: string; amount: number; count: number; rank: number }) => [
        i.rank,
        i.nickname,
        i.amount,
        i.count,
      ]),
    ).toEqual([
      [1, '乙', 50_000, 1],
      [2, '甲', 300, 3],
      [3, '丁', 300, 3],
      [4, '丙', 0, 5],
    ]);
    // 甲 and 丁 tie on value and count: 甲 got there first.
    // The watch page's rank tab: the same order, names and totals, no viewer ids.
    const shown = await call(t.app, 'GET', `/watch/${activity}/top-gift`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.items[0]).toEqual({ rank: 1, nickname: '乙', amount: 50_000, count: 1 });
    expect(shown.body.items.map((i: { nickname: string }) => i.nickname)).toEqual(['乙', '甲', '丁', '丙']);
    expect((await call(t.app, 'GET', '/watch/999999/top-gift')).status).toBe(404);
    // More than 10 senders: the list stops at 10 unless asked for more.
    for (let i = 0; i < 11; i += 1) await send(newViewer(), { giftId: gifts.like, nickname: `观众${i}` }, activity);
    expect((await call(t.app, 'GET', `/v3/activity/${activity}/top-gift`, { token })).body.items).toHaveLength(
      TOP_GIFT_LIMIT,
    );
    expect(
      (await call(t.app, 'GET', `/v3/activity/${activity}/top-gift?limit=100`, { token })).body.items,
    ).toHaveLength(15);
    expect((await call(t.app, 'GET', `/watch/${activity}/top-gift`)).body.items).toHaveLength(TOP_GIFT_LIMIT);
    expect((await call(t.app, 'GET', `/v3/activity/${activity}/top-gift?limit=101`, { token })).status).toBe(400);
    const csv = await call(t.app, 'GET', `/activity/${activity}/stats/top/gift?format=csv`, {
      token,
      headers: { accept: 'text/csv' },
    });
    expect(csv.status, csv.text).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(16);
    expect(lines[1]).toMatch(/^1,乙,[^,]+,1,500\.00,/);
  });

  it('shows an agent only its own activities’ gifts and ranks', async () => {
    expect((await call(t.app, 'GET', `/v3/activity/${activityId}/top-gift`, { token: otherToken })).status).toBe(404);
    expect((await call(t.app, 'GET', `/v3/activity/${activityId}/gift`, { token: otherToken })).status).toBe(404);
    expect((await call(t.app, 'GET', `/activity/${activityId}/stats/top/gift`, { token: otherToken })).status).toBe(
      404,
    );
    expect((await call(t.app, 'GET', `/v3/activity/${activityId}/top-gift`)).status).toBe(401);
  });
});
