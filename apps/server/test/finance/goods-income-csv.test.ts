import { randomBytes } from 'node:crypto';
import { ERROR_MESSAGES, EXPORT_FIELDS } from '@yanbo/contracts';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { readDownload } from '../exports/read-csv.ts';
import { engines, expectError, signedViewerCookie } from '../harness.ts';
import { payAtSandbox } from '../price/pay-helpers.ts';

// The income breakdown's 商品 tab (goods: the shop's sales paid on the watch page) downloads as a CSV like the paid-view
// and gift-reward tabs: GET /agent/{id}/gain-details/download?type=goods, one row a paid order, newest first, with what
// the buyer paid and what the agent earned after the platform's fee, as the ledger says.

const labels = EXPORT_FIELDS.goods.map((field) => field.label);

describe.each(engines)('goods income CSV on %s', (engine) => {
  const w = useWorld(engine);
  let activity: number;
  let other: number;
  const viewer = randomBytes(16).toString('base64url');
  /** The paid orders, oldest first. */
  const paid: { orderId: number; activityId: number; product: string; count: number; amount: number }[] = [];

  async function sell(activityId: number, name: string, price: number, count: number, buyerName: string) {
    const product = await w.call('POST', '/v3/agent/product', {
      token: w.aToken,
      body: { name, pictures: ['/files/agent/1/p.png'], price, stock: 10, buyMode: 'platform', buyUrl: '' },
    });
    expect(product.status, product.text).toBe(200);
    // Each activity here sells one product: its shop opens with it.
    const shop = await w.call('POST', `/v3/activity/${activityId}/product`, {
      token: w.aToken,
      body: { productIds: [product.body.id] },
    });
    expect(shop.status, shop.text).toBe(200);
    const placed = await w.call('POST', `/watch/${activityId}/product/${product.body.id}/order`, {
      body: { count, buyerName, buyerMobile: '13800138000', buyerAddress: '杭州市西湖区文三路 90 号' },
      headers: { cookie: signedViewerCookie(w.t.ctx, viewer) },
    });
    expect(placed.status, placed.text).toBe(200);
    await payAtSandbox(w.t.app, placed.body.url);
    paid.push({ orderId: placed.body.orderId, activityId, product: name, count, amount: price * count });
  }

  beforeAll(async () => {
    activity = await w.activity(w.aToken, '好物直播间');
    other = await w.activity(w.aToken, '第二场');
    await sell(activity, '星河保温杯', 990, 2, '林小姐');
    await sell(other, '=帆布袋', 1500, 1, '+王先生');
    // A paid gift on the same activity: gift-reward income, not the shop's.
    const gift = await w.call('POST', '/v3/agent/gift', {
      token: w.aToken,
      body: { name: '玫瑰', price: 100, icon: '/files/g.png', sort: 1 },
    });
    const ordered = await w.call('POST', `/watch/${activity}/gift`, {
      body: { giftId: gift.body.id, count: 1, nickname: '小红' },
      headers: { cookie: signedViewerCookie(w.t.ctx, viewer) },
    });
    expect(ordered.status, ordered.text).toBe(200);
    await payAtSandbox(w.t.app, ordered.body.url);
  }, 60_000);

  /** The agent's credit of each paid order as the ledger holds it: when, and how many fen. */
  async function credits() {
    const rows = await w.t.ctx.db
      .selectFrom('ledgerEntries')
      .select(['shopOrderId', 'amount', 'createdAt'])
      .where('agentId', '=', w.a.id)
      .where('account', '=', 'audience_sales')
      .where('shopOrderId', 'is not', null)
      .execute();
    return new Map(rows.map((row) => [row.shopOrderId, { earned: -Number(row.amount), at: row.createdAt }]));
  }

  const download = async (query: string, token = w.aToken) => {
    const response = await w.call('GET', `/agent/${w.a.id}/gain-details/download?${query}`, { token });
    expect(response.status, response.text).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/csv');
    return readDownload(response.text);
  };

  it('lists every paid order, newest first, with the buyer, the product and the agent’s earnings', async () => {
    const file = await download('type=goods');
    expect(file.headings).toEqual(labels);
    const ledger = await credits();
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    const row = (order: (typeof paid)[number], buyer: string, product: string) => {
      const credit = ledger.get(order.orderId);
      expect(credit, `the ledger's credit of order ${order.orderId}`).toBeDefined();
      return [
        formatBeijingTime(credit?.at as Date),
        String(order.orderId),
        buyer,
        viewer,
        product,
        String(order.count),
        yuan(order.amount),
        yuan(credit?.earned ?? 0),
      ];
    };
    const [cup, bag] = paid as [(typeof paid)[number], (typeof paid)[number]];
    // A buyer's or product's text that Excel would take for a formula is kept as text.
    expect(file.rows).toEqual([row(bag, "'+王先生", "'=帆布袋"), row(cup, '林小姐', '星河保温杯')]);
    // The free plan's fee is the platform's: the agent earned less than the buyer paid.
    expect(Number(file.rows[1]?.[7])).toBeLessThan(Number(file.rows[1]?.[6]));
    // The on-screen tab holds the same orders.
    const tab = await w.call('GET', `/agent/${w.a.id}/gain-details?type=goods`, { token: w.aToken });
    expect(tab.body.items.map((item: { orderId: number }) => item.orderId)).toEqual([bag.orderId, cup.orderId]);
  });

  it('narrows to one activity and a range, picks fields, and keeps the gift rewards apart', async () => {
    const one = await download(`type=goods&activityId=${activity}&fields=product,amount`);
    expect(one.headings).toEqual(['商品', '实得收入（元）']);
    expect(one.rows.map((row) => row[0])).toEqual(['星河保温杯']);
    const past = await download('type=goods&startTime=2020-01-01&endTime=2020-01-31');
    expect(past.rows).toEqual([]);
    const gifts = await download(`type=gift-reward&activityId=${activity}`);
    expect(gifts.rows.map((row) => row[4])).toEqual(['玫瑰']);
  });

  it('holds a sub-account’s own activities only, and is no one else’s', async () => {
    expect((await download('type=goods', w.subToken)).rows).toEqual([]);
    expectError(
      await w.call('GET', `/agent/${w.a.id}/gain-details/download?type=goods`, { token: w.bToken }),
      404,
      ERROR_MESSAGES.agentNotFound,
    );
  });
});
