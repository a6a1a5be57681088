import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { type CallResult, createAgent, engines, sessionFor, signedViewerCookie } from '../harness.ts';
import { payAtSandbox } from '../price/pay-helpers.ts';

// The finance views of the audience's money (issue 13 "Views"): the earnings (GET /order), the income breakdown's
// three tabs (gain-details per-view and gift-reward, the account detail), the red-packet account and the board's
// earnings tile, each read off the ledger that real payments through the sandbox pay page wrote; with the fee kept
// apart, the filters, the pages of 5, tenancy and the sub-account's scope.

const newViewer = () => randomBytes(16).toString('base64url');

/** A refusal: its status, and the field or message it names. */
function refused(response: CallResult, status: number, named: { field?: string; message?: string } = {}) {
  expect(response.status, response.text).toBe(status);
  if (named.field) expect(response.body.field).toBe(named.field);
  if (named.message) expect(response.body.message).toBe(named.message);
}

describe.each(engines)('finance views of income on %s', (engine) => {
  const w = useWorld(engine);
  let act: number;
  let act2: number;
  let childId: number;
  let childToken: string;
  let giftOrder: number;
  let viewOrder: number;

  const viewerHeaders = (viewer: string) => ({ cookie: signedViewerCookie(w.t.ctx, viewer) });

  async function payGift(activityId: number, giftId: number, count: number, nickname: string) {
    const ordered = await w.call('POST', `/watch/${activityId}/gift`, {
      body: { giftId, count, nickname },
      headers: viewerHeaders(newViewer()),
    });
    expect(ordered.status, ordered.text).toBe(200);
    await payAtSandbox(w.t.app, ordered.body.url);
    return ordered.body.orderId as number;
  }

  async function payView(activityId: number) {
    const ordered = await w.call('POST', `/watch/${activityId}/paid-view/order`, {
      headers: viewerHeaders(newViewer()),
    });
    expect(ordered.status, ordered.text).toBe(200);
    await payAtSandbox(w.t.app, ordered.body.url);
    return ordered.body.orderId as number;
  }

  beforeAll(async () => {
    act = await w.activity(w.aToken, '年会直播');
    act2 = await w.activity(w.aToken, '新品发布');
    const gift = await w.call('POST', '/v3/agent/gift', {
      token: w.aToken,
      body: { name: '玫瑰', price: 100, icon: '/files/g.png' },
    });
    expect(gift.status, gift.text).toBe(200);
    const priced = await w.call('PUT', `/activity/${act}/pay-config`, {
      token: w.aToken,
      body: { enabled: true, price: 300 },
    });
    expect(priced.status, priced.text).toBe(200);
    giftOrder = await payGift(act, gift.body.id, 5, '小红');
    viewOrder = await payView(act);
    // The sub-account's activity earns a gift too: the only income the sub-account may see.
    await payGift(w.subActivityId, gift.body.id, 1, '小明');
    for (let i = 0; i < 5; i++) await payGift(act2, gift.body.id, 2, `观众${i}`);
    const child = await createAgent(w.t.ctx, { parentId: w.a.id, company: '下级公司' });
    childId = child.id;
    childToken = await sessionFor(w.t.ctx, child.id);
  }, 120_000);

  /** The ledger's own sums for a payment's txn: what the agent and the platform were credited. */
  async function ledgerOf(column: 'giftOrderId' | 'viewOrderId', orderId: number) {
    const rows = await w.t.ctx.db.selectFrom('ledgerEntries').selectAll().where(column, '=', orderId).execute();
    const sum = (account: string) =>
      -rows.filter((row) => row.account === account).reduce((total, row) => total + Number(row.amount), 0);
    return { earnings: sum('audience_sales'), fee: sum('platform_fees') };
  }

  it('lists the earnings on GET /order with the totals, the fee apart, filtered by type, activity and time', async () => {
    const all = await w.call('GET', '/order', { token: w.aToken });
    expect(all.status, all.text).toBe(200);
    expect(all.body.pager).toEqual({ page: 1, pageSize: 10, total: 8 });
    expect(all.body.totalAmount).toBe(500 + 300 + 100 + 5 * 200);
    expect(all.body.totalEarnings + all.body.totalFee).toBe(all.body.totalAmount);
    const gift = all.body.items.find((item: { orderId: number }) => item.orderId === giftOrder);
    const ledger = await ledgerOf('giftOrderId', giftOrder);
    expect(gift).toMatchObject({
      type: 'gift-reward',
      activityId: act,
      activityName: '年会直播',
      payer: '小红',
      description: '玫瑰 × 5',
      amount: 500,
      earnings: ledger.earnings,
      fee: ledger.fee,
    });
    expect(ledger.earnings + ledger.fee).toBe(500);
    const view = all.body.items.find((item: { orderId: number }) => item.orderId === viewOrder);
    expect(view).toMatchObject({ type: 'per-view', activityId: act, amount: 300 });
    expect(view.earnings).toBe((await ledgerOf('viewOrderId', viewOrder)).earnings);

    const views = await w.call('GET', '/order?type=per-view', { token: w.aToken });
    expect(views.body.pager.total).toBe(1);
    const ofAct = await w.call('GET', `/order?activityId=${act}`, { token: w.aToken });
    expect(ofAct.body.items.map((item: { orderId: number }) => item.orderId).sort()).toEqual(
      [giftOrder, viewOrder].sort(),
    );
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await w.call('GET', `/order?startTime=${future}`, { token: w.aToken })).body).toMatchObject({
      items: [],
      totalEarnings: 0,
    });
    refused(await w.call('GET', '/order?startTime=soon', { token: w.aToken }), 400, { field: 'startTime' });
    refused(await w.call('GET', '/order?type=tips', { token: w.aToken }), 400, { field: 'type' });
    // Another agent's activity finds nothing; another agent sees none of A's earnings.
    const theirs = await w.activity(w.bToken);
    expect((await w.call('GET', `/order?activityId=${theirs}`, { token: w.aToken })).body.pager.total).toBe(0);
    expect((await w.call('GET', '/order', { token: w.bToken })).body).toMatchObject({ items: [], totalAmount: 0 });
    // The sub-account sees its own activity's gift only.
    const sub = await w.call('GET', '/order', { token: w.subToken });
    expect(sub.body.pager.total).toBe(1);
    expect(sub.body.items[0]).toMatchObject({ activityId: w.subActivityId, payer: '小明' });
  });

  it('answers each gain-details tab 5 a page, id desc, for the agent and its lower agents only', async () => {
    const gifts = await w.call('GET', `/agent/${w.a.id}/gain-details?type=gift-reward`, { token: w.aToken });
    expect(gifts.status, gifts.text).toBe(200);
    expect(gifts.body.pager).toEqual({ page: 1, pageSize: 5, total: 7 });
    const ids = gifts.body.items.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await w.call('GET', `/agent/${w.a.id}/gain-details?type=gift-reward&page=2&order=id desc`, {
      token: w.aToken,
    });
    expect(second.body.items).toHaveLength(2);
    expect(second.body.items[0].id).toBeLessThan(ids[4]);
    const perView = await w.call('GET', `/agent/${w.a.id}/gain-details?type=per-view`, { token: w.aToken });
    expect(perView.body.items).toHaveLength(1);
    expect(perView.body.items[0]).toMatchObject({ type: 'per-view', orderId: viewOrder });
    expect(perView.body.totalEarnings).toBe(perView.body.items[0].earnings);
    const ofAct2 = await w.call('GET', `/agent/${w.a.id}/gain-details?activityId=${act2}`, { token: w.aToken });
    expect(ofAct2.body.pager.total).toBe(5);

    refused(await w.call('GET', `/agent/${w.a.id}/gain-details?order=id asc`, { token: w.aToken }), 400, {
      field: 'order',
    });
    refused(await w.call('GET', `/agent/${w.a.id}/gain-details?pageSize=0`, { token: w.aToken }), 400, {
      field: 'pageSize',
    });
    // A lower agent's income (agent administration, seed 000 §3): none yet, but the upper agent may look.
    const child = await w.call('GET', `/agent/${childId}/gain-details`, { token: w.aToken });
    expect(child.status).toBe(200);
    expect(child.body.pager.total).toBe(0);
    // Not the other way round, and never another tree.
    refused(await w.call('GET', `/agent/${w.a.id}/gain-details`, { token: childToken }), 404, {
      message: 'Agent Not Found',
    });
    refused(await w.call('GET', `/agent/${w.a.id}/gain-details`, { token: w.bToken }), 404, {
      message: 'Agent Not Found',
    });
    refused(await w.call('GET', `/agent/${w.b.id}/gain-details`, { token: w.aToken }), 404);
    // The sub-account: its own activity's income, and no other agent's.
    const sub = await w.call('GET', `/agent/${w.a.id}/gain-details`, { token: w.subToken });
    expect(sub.body.pager.total).toBe(1);
    refused(await w.call('GET', `/agent/${childId}/gain-details`, { token: w.subToken }), 404);
  });

  it('lists the account detail with the balance after each entry, as the account balance says', async () => {
    const recharge = await w.call('POST', `/v3/agent/${w.a.id}/recharge-order`, {
      token: w.aToken,
      body: { amount: 1000 },
    });
    expect(recharge.status, recharge.text).toBe(200);
    await payAtSandbox(w.t.app, recharge.body.payUrl);
    const outflow = await w.call('POST', `/agent/${w.a.id}/outflow`, {
      token: w.aToken,
      body: { remark: '结算', amount: 250 },
    });
    expect(outflow.status, outflow.text).toBe(200);

    const detail = await w.call('GET', `/v3/agent/${w.a.id}/transaction`, { token: w.aToken });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.pager).toMatchObject({ page: 1, pageSize: 5, total: 10 });
    const [latest, previous] = detail.body.items;
    expect(latest).toMatchObject({ kind: 'outflow', account: 'agent_balance', amount: -250 });
    expect(previous).toMatchObject({ kind: 'recharge', amount: 1000 });
    expect(latest.balance).toBe(previous.balance - 250);
    const balance = await w.call('GET', `/v3/agent/${w.a.id}/account-balance`, { token: w.aToken });
    expect(balance.status, balance.text).toBe(200);
    expect(JSON.stringify(balance.body)).toContain(String(latest.balance));
    // Every page's balances come from the same running sum: the last entry's balance is its own amount.
    const last = await w.call('GET', `/v3/agent/${w.a.id}/transaction?page=2`, { token: w.aToken });
    const oldest = last.body.items.at(-1);
    expect(oldest.balance).toBe(oldest.amount);
    expect(oldest.kind).toBe('gift-reward');

    refused(await w.call('GET', `/v3/agent/${w.a.id}/transaction?page=x`, { token: w.aToken }), 400, {
      field: 'page',
    });
    refused(await w.call('GET', `/v3/agent/${w.b.id}/transaction`, { token: w.aToken }), 404);
    refused(await w.call('GET', `/v3/agent/${w.a.id}/transaction`, { token: w.subToken }), 403);
    expect((await w.call('GET', `/v3/agent/${childId}/transaction`, { token: w.aToken })).body.pager.total).toBe(0);
  });

  it('shows the red-packet account: its figures and its entries, each a sum of the ledger', async () => {
    const recharge = await w.call('POST', '/v3/agent/red-pack/recharge', { token: w.aToken, body: { amount: 5000 } });
    expect(recharge.status, recharge.text).toBe(200);
    await payAtSandbox(w.t.app, recharge.body.payUrl);
    const sent = await w.call('POST', `/v3/activity/${act}/red-packets`, {
      token: w.aToken,
      body: { mode: 'fixed', totalAmount: 1200, count: 3, greeting: '新年快乐' },
    });
    expect(sent.status, sent.text).toBe(200);
    // A viewer the watch page knows (its visit) grabs one share.
    const visit = await w.call('POST', `/watch/${act}/visit`, { body: {} });
    expect(visit.status, visit.text).toBe(200);
    const grab = await w.call('POST', `/watch/${act}/red-packets/${sent.body.id}/grab`, {
      headers: { cookie: String(visit.headers['set-cookie']).split(';')[0] as string },
    });
    expect(grab.status, grab.text).toBe(200);

    const summary = await w.call('GET', `/v3/agent/${w.a.id}/hb-transaction`, { token: w.aToken });
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body).toEqual({ balance: 3800, recharged: 5000, sent: 1200, refunded: 0, grabbed: 400, held: 800 });
    const balance = await w.call('GET', '/v3/agent/red-pack/balance', { token: w.aToken });
    expect(balance.body.balance).toBe(summary.body.balance);

    const list = await w.call('GET', `/v3/agent/${w.a.id}/hb-transaction-list`, { token: w.aToken });
    expect(list.status, list.text).toBe(200);
    expect(list.body.items).toMatchObject([
      { kind: 'sent', activityId: act, activityName: '年会直播', amount: -1200, balance: 3800 },
      { kind: 'recharge', activityId: null, amount: 5000, balance: 5000 },
    ]);
    refused(await w.call('GET', `/v3/agent/${w.a.id}/hb-transaction-list?pageSize=1000`, { token: w.aToken }), 400, {
      field: 'pageSize',
    });
    refused(await w.call('GET', `/v3/agent/${w.b.id}/hb-transaction`, { token: w.aToken }), 404);
    refused(await w.call('GET', `/v3/agent/${w.b.id}/hb-transaction-list`, { token: w.aToken }), 404);
    refused(await w.call('GET', `/v3/agent/${w.a.id}/hb-transaction`, { token: w.subToken }), 403);
    expect((await w.call('GET', `/v3/agent/${w.b.id}/hb-transaction`, { token: w.bToken })).body.balance).toBe(0);
  });

  it('gives the board its earnings tile per activity, for activities the caller may see', async () => {
    const tile = await w.call('GET', `/v3/activity/${act}/earnings`, { token: w.aToken });
    expect(tile.status, tile.text).toBe(200);
    const gift = await ledgerOf('giftOrderId', giftOrder);
    const view = await ledgerOf('viewOrderId', viewOrder);
    expect(tile.body).toEqual({
      activityId: act,
      giftReward: gift.earnings,
      perView: view.earnings,
      fee: gift.fee + view.fee,
      totalEarnings: gift.earnings + view.earnings,
      payments: 2,
    });
    const sub = await w.call('GET', `/v3/activity/${w.subActivityId}/earnings`, { token: w.subToken });
    expect(sub.body.payments).toBe(1);
    refused(await w.call('GET', `/v3/activity/${act}/earnings`, { token: w.subToken }), 404, {
      message: 'Activity Not Found',
    });
    refused(await w.call('GET', `/v3/activity/${act}/earnings`, { token: w.bToken }), 404);
    refused(await w.call('GET', '/v3/activity/abc/earnings', { token: w.aToken }), 400, { field: 'id' });
  });
});
