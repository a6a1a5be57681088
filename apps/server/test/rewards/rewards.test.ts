import { randomBytes } from 'node:crypto';
import {
  type ChatServerMessage,
  defaultViewerNickname,
  ERROR_MESSAGES,
  REWARD_ERRORS,
  VIEWER_COOKIE,
} from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileViewerId } from '../../src/features/watch/index.ts';
import type { RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import {
  type CallResult,
  call,
  chatUserId,
  createSubagent,
  engines,
  expectError,
  sessionFor,
  signedInAgent,
  signedMobileCookie,
  signedViewerCookie,
  startApp,
  type TestApp,
} from '../harness.ts';
import { notificationBody, notify, payAtSandbox } from '../price/pay-helpers.ts';

// Lottery draws and red packets (issue 10): the console's calls, the viewers' grabs, the money in the ledger and what
// the chat channel carries to the viewers.

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

describe.each(engines)('lottery and red packets on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let agentId: number;
  let bToken: string;
  let activityId: number;
  let bActivityId: number;
  const heard: ChatServerMessage[] = [];

  beforeAll(async () => {
    t = await startApp(engine);
    const a = await signedInAgent(t.ctx);
    token = a.token;
    agentId = a.agent.id;
    bToken = (await signedInAgent(t.ctx)).token;
    activityId = await newActivity(token);
    bActivityId = await newActivity(bToken);
    t.ctx.realtime.subscribe(`chat:${activityId}`, (event: RealtimeEvent) => {
      const hub = event as { type: string; message?: ChatServerMessage };
      if (hub.type === 'chat.message' && hub.message) heard.push(hub.message);
    });
  }, 60_000);
  afterAll(() => t?.close());

  let activities = 0;
  async function newActivity(as: string): Promise<number> {
    activities += 1;
    const created = await call(t.app, 'POST', '/activity', { token: as, body: { name: `年会 ${activities}` } });
    expect(created.status, created.text).toBe(200);
    return created.body.id;
  }

  /** A viewer's visit: its cookie. */
  async function viewer(id = activityId): Promise<{ cookie: string; viewerId: string }> {
    const visit = await call(t.app, 'POST', `/watch/${id}/visit`, { body: {}, headers: { 'user-agent': PHONE_UA } });
    expect(visit.status, visit.text).toBe(200);
    const cookie = String(visit.headers['set-cookie']).split(';')[0] as string;
    return { cookie, viewerId: visit.body.viewerId };
  }

  const balance = async (as = token) =>
    (await call(t.app, 'GET', '/v3/agent/red-pack/balance', { token: as })).body.balance as number;

  async function recharge(amount: number, as = token) {
    const order = await call(t.app, 'POST', '/v3/agent/red-pack/recharge', {
      token: as,
      body: { amount, returnPath: `/board/${activityId}/rewards` },
    });
    expect(order.status, order.text).toBe(200);
    return order.body as { orderId: number; payUrl: string; amount: number; status: string };
  }

  const enableLottery = async (settings: Record<string, unknown>, id = activityId) => {
    const saved = await call(t.app, 'POST', `/v3/activity/${id}/extension/lottery`, { token, body: settings });
    expect(saved.status, saved.text).toBe(200);
    await call(t.app, 'POST', `/v3/activity/${id}/extension/lottery/enable`, { token });
  };

  const draw = (id = activityId, as = token) => call(t.app, 'POST', `/v3/activity/${id}/lottery/draw`, { token: as });
  const send = (body: unknown, id = activityId, as = token) =>
    call(t.app, 'POST', `/v3/activity/${id}/red-packets`, { token: as, body });
  const grab = (packetId: number, cookie?: string, id = activityId): Promise<CallResult> =>
    call(t.app, 'POST', `/watch/${id}/red-packets/${packetId}/grab`, cookie ? { headers: { cookie } } : {});

  async function ledgerSum(account: string, viewerId?: string) {
    let query = t.ctx.db
      .selectFrom('ledgerEntries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('sum'))
      .where('agentId', '=', agentId)
      .where('account', '=', account as 'red_pack_held');
    if (viewerId) query = query.where('viewerId', '=', viewerId);
    return Number((await query.executeTakeFirstOrThrow()).sum);
  }

  it('recharges the red-packet account through the sandbox pay page, once however often the gateway notifies', async () => {
    expect(await balance()).toBe(0);
    const order = await recharge(50_000);
    expect(order).toMatchObject({ amount: 50_000, status: 'init' });
    expect(order.orderId).toBeGreaterThan(1_000_000_000);
    const { submitted } = await payAtSandbox(t.app, order.payUrl);
    expect(submitted.statusCode, submitted.body).toBe(302);
    expect(submitted.headers.location).toBe(`/board/${activityId}/rewards`);
    expect(await balance()).toBe(50_000);
    const status = await call(t.app, 'GET', `/v3/agent/red-pack/recharge/${order.orderId}`, { token });
    expect(status.body).toMatchObject({ orderId: order.orderId, status: 'paid' });

    // A second order: its notification twice (the gateway retries), and a different trade for the paid order.
    const second = await recharge(10_000);
    const body = notificationBody(second.orderId, 10_000);
    expect((await notify(t.app, body)).body).toEqual({ code: 'SUCCESS', outcome: 'credited' });
    expect((await notify(t.app, body)).body).toEqual({ code: 'SUCCESS', outcome: 'replayed' });
    expect((await notify(t.app, notificationBody(second.orderId, 10_000))).body.outcome).toBe('ignored');
    expect(await balance()).toBe(60_000);
    // A wrong amount or a bad signature credits nothing.
    const third = await recharge(10_000);
    expect((await notify(t.app, notificationBody(third.orderId, 1))).status).toBe(400);
    expect((await notify(t.app, notificationBody(third.orderId, 10_000), { secret: 'wrong' })).status).toBe(401);
    expect(await balance()).toBe(60_000);
    expect(await ledgerSum('red_pack_balance')).toBe(-60_000);
  });

  it('refuses a bad recharge, another agent’s recharge, and a sub-account’s', async () => {
    for (const amount of [0, 99, 5_000_001, 1.5, '100']) {
      const response = await call(t.app, 'POST', '/v3/agent/red-pack/recharge', { token, body: { amount } });
      expect(response.status, response.text).toBe(400);
      expect(response.body.field).toBe('amount');
    }
    const external = await call(t.app, 'POST', '/v3/agent/red-pack/recharge', {
      token,
      body: { amount: 100, returnPath: '//evil.example.com' },
    });
    expect(external.status).toBe(400);
    const order = await recharge(100);
    expectError(
      await call(t.app, 'GET', `/v3/agent/red-pack/recharge/${order.orderId}`, { token: bToken }),
      404,
      REWARD_ERRORS.rechargeNotFound,
    );
    const sub = await createSubagent(t.ctx, { agentId });
    const subToken = await sessionFor(t.ctx, agentId, sub.id);
    const refused = await call(t.app, 'POST', '/v3/agent/red-pack/recharge', {
      token: subToken,
      body: { amount: 100 },
    });
    expect(refused.status).toBe(403);
    expect(await balance(subToken)).toBe(60_000);
  });

  it('draws among the real viewers online now, stores the draw and announces the winners', async () => {
    const online = [await viewer(), await viewer(), await viewer()];
    const gone = await viewer();
    await t.ctx.db
      .updateTable('visits')
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where('viewerId', '=', gone.viewerId)
      .execute();
    expectError(await draw(), 409, REWARD_ERRORS.lotteryDisabled);
    await enableLottery({ rule: 'online', prizeName: '扫地机器人', winnerCount: 2 });

    const drawn = await draw();
    expect(drawn.status, drawn.text).toBe(200);
    expect(drawn.body).toMatchObject({ rule: 'online', prizeName: '扫地机器人', winnerCount: 2, poolSize: 3 });
    expect(drawn.body.winners).toHaveLength(2);
    const onlineIds = online.map((v) => v.viewerId);
    for (const winner of drawn.body.winners) {
      expect(onlineIds).toContain(winner.userId);
      expect(winner.nickname).toBe(defaultViewerNickname(winner.userId));
    }
    const announced = heard.find((m) => m.type === 'lotteryDrawn' && m.draw.id === drawn.body.id);
    expect(announced).toMatchObject({ draw: { prizeName: '扫地机器人', winners: drawn.body.winners } });

    // Earlier winners are out of the next draw (repeat winners not allowed): only one viewer is left.
    const next = await draw();
    expect(next.body.poolSize).toBe(1);
    expect(next.body.winners).toHaveLength(1);
    expect(drawn.body.winners.map((w: { userId: string }) => w.userId)).not.toContain(next.body.winners[0].userId);
    expectError(await draw(), 409, REWARD_ERRORS.noEligibleViewers);

    const list = await call(t.app, 'GET', `/v3/activity/${activityId}/lottery/draws`, { token });
    expect(list.body.pager.total).toBe(2);
    expect(list.body.items[0]).toMatchObject({ id: next.body.id, winners: next.body.winners });
    expect(list.body.items[1].winners).toHaveLength(2);
  });

  it('draws among the viewers who commented, never a robot nor the blacklisted', async () => {
    const id = await newActivity(token);
    const talker = await viewer(id);
    const blocked = await viewer(id);
    const quiet = await viewer(id);
    const comment = (viewerId: string | null, isRobot = false) => ({
      activityId: id,
      agentId,
      viewerId,
      isRobot,
      nickname: isRobot ? '机器人' : '小明',
      text: '好',
      status: 'passed' as const,
    });
    await t.ctx.db
      .insertInto('comments')
      .values([comment(talker.viewerId), comment(blocked.viewerId), comment(null, true)])
      .execute();
    await t.ctx.db
      .insertInto('chatRestrictions')
      .values({ activityId: id, viewerId: blocked.viewerId, kind: 'blacklist', agentId })
      .execute();
    await enableLottery({ rule: 'commented', prizeName: '', winnerCount: 5, allowRepeatWinners: true }, id);
    for (let round = 0; round < 2; round += 1) {
      const drawn = await draw(id);
      expect(drawn.status, drawn.text).toBe(200);
      expect(drawn.body).toMatchObject({ poolSize: 1, prizeName: '幸运奖' });
      expect(drawn.body.winners).toEqual([{ userId: talker.viewerId, nickname: '小明' }]);
    }
    expect(quiet.viewerId).not.toBe(talker.viewerId);
  });

  it('answers 404 for another agent’s activity and a sub-account’s unassigned one', async () => {
    expectError(await draw(bActivityId), 404, ERROR_MESSAGES.activityNotFound);
    expectError(
      await call(t.app, 'GET', `/v3/activity/${bActivityId}/lottery/draws`, { token }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await send({ mode: 'fixed', totalAmount: 100, count: 1 }, bActivityId),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await call(t.app, 'GET', `/v3/activity/${bActivityId}/red-packets`, { token }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const sub = await createSubagent(t.ctx, { agentId });
    const subToken = await sessionFor(t.ctx, agentId, sub.id);
    expectError(await draw(activityId, subToken), 404, ERROR_MESSAGES.activityNotFound);
    expectError(await draw(999_999), 404, ERROR_MESSAGES.activityNotFound);
  });

  it('sends a red packet from the balance into one held txn, refusing more than the balance', async () => {
    const before = await balance();
    expectError(
      await send({ mode: 'random', totalAmount: before + 1, count: 2 }),
      409,
      REWARD_ERRORS.insufficientBalance,
      { field: 'totalAmount' },
    );
    expect(await balance()).toBe(before);
    const sent = await send({ mode: 'random', totalAmount: 1_000, count: 3, greeting: '新年快乐' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({
      mode: 'random',
      totalAmount: 1_000,
      remainingAmount: 1_000,
      remainingCount: 3,
      status: 'active',
      greeting: '新年快乐',
    });
    expect(await balance()).toBe(before - 1_000);
    expect(heard.find((m) => m.type === 'redPacket' && m.redPacket.id === sent.body.id)).toMatchObject({
      redPacket: { greeting: '新年快乐', count: 3, mode: 'random' },
    });
    const held = await t.ctx.db
      .selectFrom('ledgerEntries')
      .select(['txnId', 'account', 'amount'])
      .where('memo', '=', `red packet ${sent.body.id}`)
      .execute();
    expect(held.map((e) => [e.account, Number(e.amount)]).sort()).toEqual([
      ['red_pack_balance', 1_000],
      ['red_pack_held', -1_000],
    ]);
    expect(new Set(held.map((e) => e.txnId)).size).toBe(1);
  });

  it('refuses bad red packets naming the field, writing nothing', async () => {
    const before = await balance();
    const cases: [unknown, string][] = [
      [{ mode: 'random', totalAmount: 2, count: 3 }, 'count'],
      [{ mode: 'fixed', totalAmount: 100, count: 3 }, 'totalAmount'],
      [{ mode: 'lucky', totalAmount: 100, count: 1 }, 'mode'],
      [{ mode: 'random', totalAmount: 0, count: 1 }, 'totalAmount'],
      [{ mode: 'random', totalAmount: 100, count: 1_001 }, 'count'],
      [{ mode: 'random', totalAmount: 2_000_001, count: 1 }, 'totalAmount'],
      [{ mode: 'random', totalAmount: 100, count: 1, greeting: '长'.repeat(31) }, 'greeting'],
    ];
    for (const [body, field] of cases) {
      const response = await send(body);
      expect(response.status, response.text).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect(await balance()).toBe(before);
  });

  it('lets each viewer grab once; the shares add up and every grab is a ledger entry to the viewer', async () => {
    const sent = (await send({ mode: 'random', totalAmount: 500, count: 3 })).body;
    const viewers = [await viewer(), await viewer(), await viewer(), await viewer()];
    const amounts: number[] = [];
    for (const v of viewers.slice(0, 3)) {
      const grabbed = await grab(sent.id, v.cookie);
      expect(grabbed.status, grabbed.text).toBe(200);
      expect(grabbed.body.amount).toBeGreaterThanOrEqual(1);
      amounts.push(grabbed.body.amount);
      expect(await ledgerSum('audience_balance', v.viewerId)).toBe(-grabbed.body.amount);
    }
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(500);
    expectError(await grab(sent.id, viewers[0]?.cookie), 409, REWARD_ERRORS.alreadyGrabbed);
    expectError(await grab(sent.id, viewers[3]?.cookie), 409, REWARD_ERRORS.redPacketEmpty);

    const grabs = await call(t.app, 'GET', `/v3/activity/${activityId}/red-packets/${sent.id}/grabs`, { token });
    expect(grabs.body.items.map((g: { amount: number }) => g.amount)).toEqual(amounts);
    const listed = (await call(t.app, 'GET', `/v3/activity/${activityId}/red-packets`, { token })).body.items;
    expect(listed.find((p: { id: number }) => p.id === sent.id)).toMatchObject({
      status: 'finished',
      remainingAmount: 0,
      remainingCount: 0,
    });
  });

  it('two viewers grabbing the last share at once: one wins, one finds it empty', async () => {
    const sent = (await send({ mode: 'fixed', totalAmount: 300, count: 1 })).body;
    const [a, b] = [await viewer(), await viewer()];
    const answers = await Promise.all([grab(sent.id, a.cookie), grab(sent.id, b.cookie)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 200)?.body.amount).toBe(300);
    const rows = await t.ctx.db.selectFrom('redPacketGrabs').select('amount').where('packetId', '=', sent.id).execute();
    expect(rows).toHaveLength(1);
    expect(await ledgerSum('red_pack_held')).toBe(
      -(
        await t.ctx.db
          .selectFrom('redPackets')
          .select((eb) => eb.fn.sum<string>('remainingAmount').as('left'))
          .where('agentId', '=', agentId)
          .executeTakeFirstOrThrow()
      ).left * 1,
    );
  });

  it('refuses a grab without a viewer, of an unknown packet or another activity’s', async () => {
    const sent = (await send({ mode: 'fixed', totalAmount: 200, count: 2 })).body;
    expectError(await grab(sent.id), 403, REWARD_ERRORS.viewerUnknown);
    const stranger = 'yanbo_viewer=abcdefghijklmnopqrstuvwx';
    expectError(await grab(sent.id, stranger), 403, REWARD_ERRORS.viewerUnknown);
    const v = await viewer();
    // Another viewer's public id in a cookie of one's own making is no viewer: it grabs nothing in its name.
    expectError(await grab(sent.id, `${VIEWER_COOKIE}=${v.viewerId}`), 403, REWARD_ERRORS.viewerUnknown);
    expectError(await grab(999_999, v.cookie), 404, REWARD_ERRORS.redPacketNotFound);
    const elsewhere = await viewer(bActivityId);
    expectError(await grab(sent.id, elsewhere.cookie, bActivityId), 404, REWARD_ERRORS.redPacketNotFound);
    expectError(await grab(sent.id, v.cookie, 999_999), 404, ERROR_MESSAGES.activityNotFound);
    expectError(
      await call(t.app, 'GET', `/v3/activity/${bActivityId}/red-packets/${sent.id}/grabs`, { token: bToken }),
      404,
      REWARD_ERRORS.redPacketNotFound,
    );
    expect((await call(t.app, 'POST', `/watch/${activityId}/red-packets/abc/grab`)).status).toBe(400);

    // The watch page's list: open packets, with this viewer's own share once grabbed.
    expect((await grab(sent.id, v.cookie)).body.amount).toBe(100);
    const mine = await call(t.app, 'GET', `/watch/${activityId}/red-packets`, { headers: { cookie: v.cookie } });
    expect(mine.body.items.find((p: { id: number }) => p.id === sent.id)).toMatchObject({ grabbed: 100, open: true });
  });

  it('returns what is left of an expired packet to the balance, once', async () => {
    const sent = (await send({ mode: 'random', totalAmount: 1_000, count: 4 })).body;
    const v = await viewer();
    const share = (await grab(sent.id, v.cookie)).body.amount as number;
    const before = await balance();
    await t.ctx.db
      .updateTable('redPackets')
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where('id', '=', sent.id)
      .execute();
    expectError(await grab(sent.id, (await viewer()).cookie), 409, REWARD_ERRORS.redPacketExpired);
    expect(await balance()).toBe(before + 1_000 - share);
    const listed = (await call(t.app, 'GET', `/v3/activity/${activityId}/red-packets`, { token })).body.items;
    expect(listed.find((p: { id: number }) => p.id === sent.id)).toMatchObject({
      status: 'expired',
      refundedAmount: 1_000 - share,
    });
    expect(await balance()).toBe(before + 1_000 - share);
  });
  describe('viewers signed in by SMS', () => {
    // A signed-in viewer is its mobile's id (audience-viewer.ts) on its visits, comments, grabs and in the chat, so a
    // draw names it as the chat knows it, 仅限手机号登录的观众 can tell it from anonymous viewers, and it grabs once.
    let mobiles = 0;
    const nextPerson = () => {
      mobiles += 1;
      const mobile = `1381111${String(mobiles).padStart(4, '0')}`;
      return { mobile, userId: mobileViewerId(t.ctx.secretKey, mobile) };
    };
    /** A fresh browser of the person: its own anonymous id and the person's sign-in. */
    const browserOf = (mobile: string) =>
      `${signedViewerCookie(t.ctx, randomBytes(16).toString('base64url'))}; ${signedMobileCookie(t.ctx, agentId, mobile)}`;
    async function visitAs(cookie: string, id: number) {
      const visit = await call(t.app, 'POST', `/watch/${id}/visit`, {
        body: {},
        headers: { cookie, 'user-agent': PHONE_UA },
      });
      expect(visit.status, visit.text).toBe(200);
      return visit.body.viewerId as string;
    }
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });

    it('draws a signed-in viewer online under the id its chat welcomed it by', async () => {
      const id = await newActivity(token);
      const { mobile, userId } = nextPerson();
      const cookie = browserOf(mobile);
      expect(await visitAs(cookie, id)).toBe(userId);
      expect(await chatUserId(`http://127.0.0.1:${port}`, id, cookie)).toBe(userId);
      await enableLottery({ rule: 'online', prizeName: '耳机', winnerCount: 1 }, id);
      const drawn = await draw(id);
      expect(drawn.status, drawn.text).toBe(200);
      expect(drawn.body.winners).toEqual([{ userId, nickname: defaultViewerNickname(userId) }]);
    });

    it('draws only signed-in viewers with 仅限手机号登录的观众, and refuses when none qualifies', async () => {
      const id = await newActivity(token);
      const people = [nextPerson(), nextPerson()];
      for (const person of people) await visitAs(browserOf(person.mobile), id);
      const anonymous = [await viewer(id), await viewer(id)];
      await enableLottery({ rule: 'online', winnerCount: 10, allowRepeatWinners: true, requireMobile: true }, id);
      const drawn = await draw(id);
      expect(drawn.status, drawn.text).toBe(200);
      expect(drawn.body.poolSize).toBe(2);
      expect(drawn.body.winners.map((w: { userId: string }) => w.userId).sort()).toEqual(
        people.map((p) => p.userId).sort(),
      );
      // The same activity without the setting draws everyone online.
      await enableLottery({ requireMobile: false }, id);
      expect((await draw(id)).body.poolSize).toBe(4);

      // Among those who commented: the anonymous commenter is out.
      const talked = await newActivity(token);
      const talker = nextPerson();
      await visitAs(browserOf(talker.mobile), talked);
      const comment = (viewerId: string) => ({
        activityId: talked,
        agentId,
        viewerId,
        isRobot: false,
        nickname: '小红',
        text: '好',
        status: 'passed' as const,
      });
      await t.ctx.db
        .insertInto('comments')
        .values([comment(talker.userId), comment(anonymous[0]?.viewerId as string)])
        .execute();
      await enableLottery({ rule: 'commented', winnerCount: 5, requireMobile: true }, talked);
      expect((await draw(talked)).body).toMatchObject({ poolSize: 1, winners: [{ userId: talker.userId }] });

      // Only anonymous viewers online: nobody qualifies.
      const nobody = await newActivity(token);
      await viewer(nobody);
      await enableLottery({ rule: 'online', requireMobile: true }, nobody);
      expectError(await draw(nobody), 409, REWARD_ERRORS.noEligibleViewers);
    });

    it('lets a signed-in person grab once from any browser, under its mobile’s id, and not once blacklisted', async () => {
      const id = await newActivity(token);
      const { mobile, userId } = nextPerson();
      await visitAs(browserOf(mobile), id);
      const sent = await send({ mode: 'fixed', totalAmount: 200, count: 2 }, id);
      expect(sent.status, sent.text).toBe(200);
      // Another browser of the person, which never opened the page itself: the person has.
      const grabbed = await grab(sent.body.id, browserOf(mobile), id);
      expect(grabbed.status, grabbed.text).toBe(200);
      expectError(await grab(sent.body.id, browserOf(mobile), id), 409, REWARD_ERRORS.alreadyGrabbed);
      const grabs = await t.ctx.db
        .selectFrom('redPacketGrabs')
        .select('viewerId')
        .where('packetId', '=', sent.body.id)
        .execute();
      expect(grabs.map((g) => g.viewerId)).toEqual([userId]);
      expect(await ledgerSum('audience_balance', userId)).toBe(-100);
      const listed = await call(t.app, 'GET', `/watch/${id}/red-packets`, { headers: { cookie: browserOf(mobile) } });
      expect(listed.body.items.find((p: { id: number }) => p.id === sent.body.id)).toMatchObject({ grabbed: 100 });

      // A browser that grabbed before signing in has grabbed the share of the person it signs in as.
      const before = await viewer(id);
      expect((await grab(sent.body.id, before.cookie, id)).status).toBe(200);
      const third = await send({ mode: 'fixed', totalAmount: 200, count: 2 }, id);
      expect((await grab(third.body.id, before.cookie, id)).status).toBe(200);
      const someone = nextPerson();
      const signedInThere = `${before.cookie}; ${signedMobileCookie(t.ctx, agentId, someone.mobile)}`;
      expect(await visitAs(signedInThere, id)).toBe(someone.userId);
      expectError(await grab(third.body.id, signedInThere, id), 409, REWARD_ERRORS.alreadyGrabbed);

      // Blacklisted: no grab from a fresh browser either.
      expect((await call(t.app, 'POST', `/activity/${id}/blacklist`, { token, body: { userId } })).status).toBe(200);
      const next = await send({ mode: 'fixed', totalAmount: 100, count: 1 }, id);
      expectError(await grab(next.body.id, browserOf(mobile), id), 403, REWARD_ERRORS.blacklisted);
      expect((await grab(next.body.id, (await viewer(id)).cookie, id)).status).toBe(200);
    });
  });
});
