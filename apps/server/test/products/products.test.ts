import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  IDEMPOTENCY_HEADER,
  PRODUCT_ERRORS,
  SHOP_CALLS_PER_ADDRESS,
} from '@yanbo/contracts';
import { describe, expect, it, vi } from 'vitest';
import { PayGatewayError } from '../../src/platform/pay/pay-provider.ts';
import type { RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import { useWorld } from '../activity-world.ts';
import { engines, expectError, signedViewerCookie } from '../harness.ts';
import { notificationBody, notify, payAtSandbox } from '../price/pay-helpers.ts';

// Products and the shop: the library (search, validation naming the field, batch delete all or nothing), each
// activity's shop, the product presented to the viewers (讲解中), and the viewers' orders paid at the sandbox pay page
// with the stock going down in the payment's transaction and never below zero.

let counter = 0;
const newViewer = () => randomBytes(16).toString('base64url');
const linkProduct = (overrides: Record<string, unknown> = {}) => ({
  name: `商品 ${++counter}`,
  pictures: ['/files/agent/1/cover.png', '/files/agent/1/side.jpg'],
  price: 1990,
  originalPrice: 2990,
  stock: null,
  description: '<p>好物</p>',
  buyMode: 'link',
  buyUrl: 'https://shop.example.com/item/1',
  status: 'on',
  ...overrides,
});
const platformProduct = (overrides: Record<string, unknown> = {}) =>
  linkProduct({ buyMode: 'platform', buyUrl: '', price: 1000, stock: 5, ...overrides });
const buyer = { buyerName: '张三', buyerMobile: '13800138000', buyerAddress: '上海市浦东新区世纪大道 1 号' };

describe.each(engines)('products on %s', (engine) => {
  const w = useWorld(engine);
  const create = async (body: Record<string, unknown>, token = w.aToken) => {
    const response = await w.call('POST', '/v3/agent/product', { token, body });
    expect(response.status, response.text).toBe(200);
    return response.body as { id: number; name: string; stock: number | null };
  };
  const openShop = async (activityId: number, productIds: number[], token = w.aToken) => {
    const response = await w.call('POST', `/v3/activity/${activityId}/product`, { token, body: { productIds } });
    expect(response.status, response.text).toBe(200);
    return response.body.activityShopId as number;
  };
  const hear = (activityId: number) => {
    const heard: RealtimeEvent[] = [];
    const stop = w.t.ctx.realtime.subscribe(`chat:${activityId}`, (event) => heard.push(event));
    return { heard, stop };
  };
  const order = (activityId: number, productId: number, viewer: string | null, body: Record<string, unknown> = {}) =>
    w.call('POST', `/watch/${activityId}/product/${productId}/order`, {
      body: { ...buyer, ...body },
      headers: viewer ? { cookie: signedViewerCookie(w.t.ctx, viewer) } : {},
    });

  it('adds, lists with a name search, reads, changes and deletes a product', async () => {
    const created = await w.call('POST', '/v3/agent/product', {
      token: w.aToken,
      body: linkProduct({ name: '  保温杯  ', description: '<p onclick="x()">好杯<script>alert(1)</script></p>' }),
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      name: '保温杯',
      cover: '/files/agent/1/cover.png',
      price: 1990,
      originalPrice: 2990,
      stock: null,
      sold: 0,
      buyMode: 'link',
      status: 'on',
    });
    // The description is shown to viewers as HTML: what could run is gone.
    expect(created.body.description).toBe('<p>好杯</p>');
    const id = created.body.id as number;
    await create(linkProduct({ name: '保温壶' }));
    const listed = await w.call('GET', '/v3/agent/product?name=保温', { token: w.aToken });
    expect(listed.body.pager).toMatchObject({ page: 1, pageSize: 10, total: 2 });
    expect(listed.body.items.map((item: { name: string }) => item.name)).toEqual(['保温壶', '保温杯']);

    const changed = await w.call('PUT', `/v3/agent/product/${id}`, {
      token: w.aToken,
      body: platformProduct({ name: '保温杯 Pro', stock: 3, status: 'off', buyUrl: 'https://left.example.com' }),
    });
    expect(changed.status, changed.text).toBe(200);
    // A platform product keeps no link.
    expect(changed.body).toMatchObject({
      name: '保温杯 Pro',
      stock: 3,
      status: 'off',
      buyMode: 'platform',
      buyUrl: '',
    });
    expect((await w.call('GET', `/v3/agent/product/${id}`, { token: w.aToken })).body.name).toBe('保温杯 Pro');
    expect((await w.call('GET', '/v3/agent/product?status=off', { token: w.aToken })).body.items).toHaveLength(1);

    expect((await w.call('DELETE', `/v3/agent/product/${id}`, { token: w.aToken })).body).toEqual({ ok: true });
    expectError(
      await w.call('GET', `/v3/agent/product/${id}`, { token: w.aToken }),
      404,
      PRODUCT_ERRORS.productNotFound,
    );
    expectError(
      await w.call('DELETE', `/v3/agent/product/${id}`, { token: w.aToken }),
      404,
      PRODUCT_ERRORS.productNotFound,
    );
  });

  it('makes one product and one shop of a create sent twice with one Idempotency-Key', async () => {
    const body = linkProduct({ name: '只建一次' });
    const headers = { [IDEMPOTENCY_HEADER]: `product-${counter}` };
    const [first, second] = await Promise.all([
      w.call('POST', '/v3/agent/product', { token: w.aToken, body, headers }),
      w.call('POST', '/v3/agent/product', { token: w.aToken, body, headers }),
    ]);
    expect(first.status, first.text).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect((await w.call('GET', '/v3/agent/product?name=只建一次', { token: w.aToken })).body.pager.total).toBe(1);

    const activityId = await w.activity(w.aToken);
    const shopHeaders = { [IDEMPOTENCY_HEADER]: `shop-${activityId}` };
    const shopBody = { productIds: [first.body.id] };
    const opened = await w.call('POST', `/v3/activity/${activityId}/product`, {
      token: w.aToken,
      body: shopBody,
      headers: shopHeaders,
    });
    const again = await w.call('POST', `/v3/activity/${activityId}/product`, {
      token: w.aToken,
      body: shopBody,
      headers: shopHeaders,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.activityShopId).toBe(opened.body.activityShopId);
  });

  it('names the field of a bad product and writes nothing', async () => {
    const before = await w.call('GET', '/v3/agent/product?pageSize=100', { token: w.aToken });
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const response = await w.call('POST', '/v3/agent/product', { token: w.aToken, body });
      expectError(response, 400, `${field}: ${message}`, { code: ERROR_CODES.validation, field });
    };
    await refused(linkProduct({ name: ' ' }), 'name', PRODUCT_ERRORS.nameRequired);
    await refused(linkProduct({ name: '长'.repeat(61) }), 'name', PRODUCT_ERRORS.nameTooLong);
    await refused(linkProduct({ pictures: [] }), 'pictures', PRODUCT_ERRORS.picturesRequired);
    await refused(
      linkProduct({ pictures: Array(10).fill('/files/a.png') }),
      'pictures',
      PRODUCT_ERRORS.tooManyPictures,
    );
    // Only pictures this site stores, as images: no outside address, no page, no path out of the files.
    await refused(
      linkProduct({ pictures: ['https://evil.example.com/a.png'] }),
      'pictures.0',
      PRODUCT_ERRORS.notUploadedPicture,
    );
    await refused(linkProduct({ pictures: ['/files/a.html'] }), 'pictures.0', PRODUCT_ERRORS.notUploadedPicture);
    await refused(linkProduct({ pictures: ['/files/../etc/a.png'] }), 'pictures.0', PRODUCT_ERRORS.notUploadedPicture);
    await refused(linkProduct({ buyUrl: '' }), 'buyUrl', PRODUCT_ERRORS.buyUrlRequired);
    await refused(linkProduct({ buyUrl: 'javascript:alert(1)' }), 'buyUrl', PRODUCT_ERRORS.invalidBuyUrl);
    await refused(platformProduct({ price: 0 }), 'price', PRODUCT_ERRORS.platformPriceRequired);
    const negative = await w.call('POST', '/v3/agent/product', { token: w.aToken, body: linkProduct({ stock: -1 }) });
    expect(negative.body).toMatchObject({ statusCode: 400, field: 'stock' });
    expect(negative.status).toBe(400);
    expect(
      (await w.call('POST', '/v3/agent/product', { token: w.aToken, body: linkProduct({ price: 1e9 }) })).body.field,
    ).toBe('price');
    expect(
      (await w.call('POST', '/v3/agent/product', { token: w.aToken, body: linkProduct({ buyMode: 'free' }) })).body
        .field,
    ).toBe('buyMode');
    const after = await w.call('GET', '/v3/agent/product?pageSize=100', { token: w.aToken });
    expect(after.body.pager.total).toBe(before.body.pager.total);
    // A free link product is allowed: the price only has to be paid in the platform.
    expect((await create(linkProduct({ price: 0 }))).id).toEqual(expect.any(Number));
  });

  it('keeps each agent’s products apart: another agent’s id answers 404 to every call', async () => {
    const theirs = await create(linkProduct(), w.bToken);
    const path = `/v3/agent/product/${theirs.id}`;
    expectError(await w.call('GET', path, { token: w.aToken }), 404, PRODUCT_ERRORS.productNotFound);
    expectError(
      await w.call('PUT', path, { token: w.aToken, body: linkProduct() }),
      404,
      PRODUCT_ERRORS.productNotFound,
    );
    expectError(await w.call('DELETE', path, { token: w.aToken }), 404, PRODUCT_ERRORS.productNotFound);
    const mine = await w.call('GET', '/v3/agent/product?pageSize=100', { token: w.aToken });
    expect(mine.body.items.map((item: { id: number }) => item.id)).not.toContain(theirs.id);
    // The sub-account works on its agent's library.
    expect((await w.call('GET', '/v3/agent/product?pageSize=100', { token: w.subToken })).body.pager.total).toBe(
      mine.body.pager.total,
    );
    expect((await w.call('GET', path, { token: w.bToken })).status).toBe(200);
  });

  it('deletes several products at once, all of them or none', async () => {
    const one = await create(linkProduct());
    const two = await create(linkProduct());
    const theirs = await create(linkProduct(), w.bToken);
    expectError(
      await w.call('DELETE', '/v3/agent/product', { token: w.aToken, body: { ids: [one.id, theirs.id] } }),
      404,
      PRODUCT_ERRORS.productNotFound,
    );
    expect((await w.call('GET', `/v3/agent/product/${one.id}`, { token: w.aToken })).status).toBe(200);
    expect((await w.call('GET', `/v3/agent/product/${theirs.id}`, { token: w.bToken })).status).toBe(200);
    expect((await w.call('DELETE', '/v3/agent/product', { token: w.aToken, body: { ids: [] } })).body.field).toBe(
      'ids',
    );
    const deleted = await w.call('DELETE', '/v3/agent/product', {
      token: w.aToken,
      body: { ids: [one.id, two.id, one.id] },
    });
    expect(deleted.body).toEqual({ ok: true, deleted: 2 });
    expect((await w.call('GET', `/v3/agent/product/${two.id}`, { token: w.aToken })).status).toBe(404);
  });

  it('opens, reads, reorders and closes an activity’s shop', async () => {
    const activityId = await w.activity(w.aToken);
    const [p1, p2, p3] = [await create(linkProduct()), await create(platformProduct()), await create(linkProduct())];
    const opened = await w.call('POST', `/v3/activity/${activityId}/product`, {
      token: w.aToken,
      body: { productIds: [p2.id, p1.id] },
    });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body).toMatchObject({ activityId, productIds: [p2.id, p1.id] });
    expect(opened.body.products.map((p: { id: number }) => p.id)).toEqual([p2.id, p1.id]);
    const shopId = opened.body.activityShopId as number;
    // One shop per activity.
    expectError(
      await w.call('POST', `/v3/activity/${activityId}/product`, { token: w.aToken, body: { productIds: [] } }),
      409,
      PRODUCT_ERRORS.shopExists,
    );
    const path = `/v3/activity/${activityId}/product/${shopId}`;
    expect((await w.call('GET', path, { token: w.aToken })).body.productIds).toEqual([p2.id, p1.id]);
    const reordered = await w.call('PUT', path, { token: w.aToken, body: { productIds: [p3.id, p1.id, p2.id] } });
    expect(reordered.body.productIds).toEqual([p3.id, p1.id, p2.id]);
    expectError(
      await w.call('PUT', path, { token: w.aToken, body: { productIds: [p1.id, p1.id] } }),
      400,
      PRODUCT_ERRORS.productTwice,
      { field: 'productIds' },
    );
    const theirs = await create(linkProduct(), w.bToken);
    expectError(
      await w.call('PUT', path, { token: w.aToken, body: { productIds: [p1.id, theirs.id] } }),
      404,
      PRODUCT_ERRORS.productNotFound,
    );
    expect((await w.call('GET', path, { token: w.aToken })).body.productIds).toEqual([p3.id, p1.id, p2.id]);
    // A deleted product leaves the shop.
    await w.call('DELETE', `/v3/agent/product/${p3.id}`, { token: w.aToken });
    expect((await w.call('GET', path, { token: w.aToken })).body.productIds).toEqual([p1.id, p2.id]);
    const listed = await w.call('GET', `/v3/activity-shop?activityId=${activityId}`, { token: w.aToken });
    expect(listed.body.items).toEqual([expect.objectContaining({ activityShopId: shopId, productCount: 2 })]);

    expect((await w.call('DELETE', path, { token: w.aToken })).body).toEqual({ ok: true });
    expectError(await w.call('GET', path, { token: w.aToken }), 404, PRODUCT_ERRORS.shopNotFound);
    // Open again after closing.
    expect(await openShop(activityId, [p1.id])).toEqual(expect.any(Number));
  });

  it('keeps shops apart: another agent’s or sub-account’s activity, and a shop of another activity, answer 404', async () => {
    const mine = await w.activity(w.aToken);
    const other = await w.activity(w.aToken);
    const product = await create(linkProduct());
    const shopId = await openShop(mine, [product.id]);
    const theirActivity = await w.activity(w.bToken);
    expectError(
      await w.call('POST', `/v3/activity/${theirActivity}/product`, { token: w.aToken, body: { productIds: [] } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await w.call('GET', `/v3/activity/${mine}/product/${shopId}`, { token: w.bToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await w.call('GET', `/v3/activity/${other}/product/${shopId}`, { token: w.aToken }),
      404,
      PRODUCT_ERRORS.shopNotFound,
    );
    // The sub-account reaches only its own activities.
    expectError(
      await w.call('GET', `/v3/activity/${mine}/product/${shopId}`, { token: w.subToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await w.call('GET', '/v3/activity-shop', { token: w.bToken })).body.items).toEqual([]);
    const subShop = await openShop(w.subActivityId, [product.id], w.subToken);
    const subList = await w.call('GET', '/v3/activity-shop', { token: w.subToken });
    expect(subList.body.items.map((s: { activityShopId: number }) => s.activityShopId)).toEqual([subShop]);
  });

  it('presents a product to the viewers (讲解中), to those who join later, and withdraws it', async () => {
    const activityId = await w.activity(w.aToken);
    const shown = await create(platformProduct({ name: '讲解中的杯子' }));
    const outside = await create(linkProduct());
    const off = await create(linkProduct({ status: 'off' }));
    const shopId = await openShop(activityId, [shown.id, off.id]);
    const pushPath = `/v3/activity/${activityId}/product-push`;
    expectError(
      await w.call('POST', pushPath, { token: w.aToken, body: { productId: outside.id } }),
      400,
      PRODUCT_ERRORS.notInShop,
      { field: 'productId' },
    );
    expectError(
      await w.call('POST', pushPath, { token: w.aToken, body: { productId: off.id } }),
      400,
      PRODUCT_ERRORS.notOnShelf,
      { field: 'productId' },
    );
    expectError(
      await w.call('POST', pushPath, { token: w.bToken, body: { productId: shown.id } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await w.call('GET', `/watch/${activityId}/product-push`)).body).toEqual({ product: null, pushedAt: null });

    const { heard, stop } = hear(activityId);
    const pushed = await w.call('POST', pushPath, { token: w.aToken, body: { productId: shown.id } });
    expect(pushed.status, pushed.text).toBe(200);
    expect(pushed.body.product).toMatchObject({ id: shown.id, name: '讲解中的杯子', price: 1000, stock: 5 });
    expect(heard).toEqual([{ type: 'chat.message', message: { type: 'productPushed', product: pushed.body.product } }]);
    // A viewer who opens the page now sees it.
    const later = await w.call('GET', `/watch/${activityId}/product-push`);
    expect(later.body.product).toEqual(pushed.body.product);
    expect((await w.call('GET', pushPath, { token: w.aToken })).body.product.id).toBe(shown.id);

    expect((await w.call('DELETE', pushPath, { token: w.aToken })).body).toEqual({ ok: true });
    expect(heard[1]).toEqual({ type: 'chat.message', message: { type: 'productWithdrawn', productId: shown.id } });
    expect((await w.call('GET', `/watch/${activityId}/product-push`)).body.product).toBeNull();

    // Taken out of the shop while presented: withdrawn from the viewers too.
    await w.call('POST', pushPath, { token: w.aToken, body: { productId: shown.id } });
    await w.call('PUT', `/v3/activity/${activityId}/product/${shopId}`, {
      token: w.aToken,
      body: { productIds: [off.id] },
    });
    stop();
    expect(heard.at(-1)).toEqual({ type: 'chat.message', message: { type: 'productWithdrawn', productId: shown.id } });
    expect((await w.call('GET', `/watch/${activityId}/product-push`)).body.product).toBeNull();
  });

  it('shows viewers the shop’s products on the shelf, in order; an unknown productListId shows nothing', async () => {
    const activityId = await w.activity(w.aToken);
    const a = await create(linkProduct({ name: '甲' }));
    const b = await create(platformProduct({ name: '乙' }));
    const off = await create(linkProduct({ name: '下架', status: 'off' }));
    expect((await w.call('GET', `/watch/${activityId}/shop`)).body).toEqual({ activityShopId: null, items: [] });
    const shopId = await openShop(activityId, [b.id, off.id, a.id]);
    const shop = await w.call('GET', `/watch/${activityId}/shop?shopId=${shopId}`);
    expect(shop.body.activityShopId).toBe(shopId);
    expect(shop.body.items.map((p: { name: string }) => p.name)).toEqual(['乙', '甲']);
    expect(Object.keys(shop.body.items[0]).sort()).toEqual(
      ['buyMode', 'buyUrl', 'cover', 'description', 'id', 'name', 'originalPrice', 'pictures', 'price', 'stock'].sort(),
    );
    expect((await w.call('GET', `/watch/${activityId}/shop`)).body.items).toHaveLength(2);
    expect((await w.call('GET', `/watch/${activityId}/shop?shopId=${shopId + 1000}`)).body.items).toEqual([]);
    expect((await w.call('GET', '/watch/999999/shop')).status).toBe(404);
  });

  it('answers one address at most SHOP_CALLS_PER_ADDRESS shop calls a minute; another address is not held back', async () => {
    const activityId = await w.activity(w.aToken);
    const ip = '198.51.100.77';
    for (let n = 0; n < SHOP_CALLS_PER_ADDRESS.max; n++) {
      expect((await w.call('GET', `/watch/${activityId}/product-push`, { ip })).status).toBe(200);
    }
    const refused = await w.call('GET', `/watch/${activityId}/shop`, { ip });
    expectError(refused, 429, PRODUCT_ERRORS.callLimit, { code: ERROR_CODES.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await w.call('GET', `/watch/${activityId}/shop`, { ip: '198.51.100.78' })).status).toBe(200);
  });

  it('sells a product through the sandbox pay page: stock down, a balanced ledger txn, a replay changes nothing', async () => {
    const activityId = await w.activity(w.aToken);
    const product = await create(platformProduct({ name: '礼盒', price: 1000, stock: 5 }));
    const link = await create(linkProduct());
    const theirs = await create(platformProduct(), w.bToken);
    const shopId = await openShop(activityId, [product.id, link.id]);
    const viewer = newViewer();

    expectError(await order(activityId, product.id, null), 400, PRODUCT_ERRORS.viewerRequired);
    expectError(await order(activityId, link.id, viewer), 400, PRODUCT_ERRORS.notForPlatform, { field: 'productId' });
    expectError(await order(activityId, theirs.id, viewer), 404, PRODUCT_ERRORS.productNotFound);
    expectError(await order(activityId, product.id, viewer, { count: 6 }), 400, PRODUCT_ERRORS.notEnoughStock, {
      field: 'count',
    });
    const dear = await create(platformProduct({ price: 100_000_000, stock: null }));
    await w.call('PUT', `/v3/activity/${activityId}/product/${shopId}`, {
      token: w.aToken,
      body: { productIds: [product.id, link.id, dear.id] },
    });
    expectError(await order(activityId, dear.id, viewer, { count: 2 }), 400, PRODUCT_ERRORS.amountTooLarge, {
      field: 'count',
    });
    expect((await order(activityId, product.id, viewer, { buyerMobile: '123' })).body.field).toBe('buyerMobile');
    expect((await order(activityId, product.id, viewer, { buyerAddress: '' })).body.field).toBe('buyerAddress');

    const placed = await order(activityId, product.id, viewer, { count: 2 });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ orderId: expect.any(Number), amount: 2000 });
    const { orderId, url } = placed.body;
    const status = () =>
      w.call('GET', `/watch/${activityId}/product-order/${orderId}`, {
        headers: { cookie: signedViewerCookie(w.t.ctx, viewer) },
      });
    expect((await status()).body).toEqual({ orderId, status: 'init', amount: 2000, productName: '礼盒' });
    // Someone else's order is not there.
    expect(
      (
        await w.call('GET', `/watch/${activityId}/product-order/${orderId}`, {
          headers: { cookie: signedViewerCookie(w.t.ctx, newViewer()) },
        })
      ).status,
    ).toBe(404);

    const { submitted } = await payAtSandbox(w.t.app, url);
    expect(submitted.statusCode).toBe(302);
    expect(submitted.headers.location).toBe(`/watch/${activityId}?shopOrder=${orderId}`);
    expect((await status()).body.status).toBe('paid');
    const after = await w.call('GET', `/v3/agent/product/${product.id}`, { token: w.aToken });
    expect(after.body).toMatchObject({ stock: 3, sold: 2 });

    const entries = () =>
      w.t.ctx.db.selectFrom('ledgerEntries').selectAll().where('shopOrderId', '=', orderId).execute();
    const written = await entries();
    expect(written.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(0);
    expect(new Set(written.map((e) => e.txnId)).size).toBe(1);
    // The free plan's 10% fee is the platform's; the rest is the agent's audience income.
    expect(written.map((e) => [e.account, Number(e.amount), e.agentId])).toEqual(
      expect.arrayContaining([
        ['pay_clearing', 2000, w.a.id],
        ['audience_sales', -1800, w.a.id],
        ['platform_fees', -200, w.a.id],
      ]),
    );

    const row = await w.t.ctx.db
      .selectFrom('shopOrders')
      .select('tradeNo')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect((await notify(w.t.app, notificationBody(orderId, 2000, { tradeNo: row.tradeNo ?? '' }))).body).toEqual({
      code: 'SUCCESS',
      outcome: 'replayed',
    });
    expect((await notify(w.t.app, notificationBody(orderId, 2000))).body.outcome).toBe('ignored');
    expect((await notify(w.t.app, notificationBody(orderId, 1))).status).toBe(400);
    expect(await entries()).toHaveLength(3);
    expect((await w.call('GET', `/v3/agent/product/${product.id}`, { token: w.aToken })).body.stock).toBe(3);

    // The finance centre's income lists the sale as goods, with its buyer, and the account detail names it.
    const income = await w.call('GET', '/order?type=goods', { token: w.aToken });
    expect(income.status, income.text).toBe(200);
    expect(income.body.items).toEqual([
      expect.objectContaining({
        type: 'goods',
        orderId,
        payer: '张三',
        description: '礼盒 × 2',
        amount: 2000,
        fee: 200,
        earnings: 1800,
      }),
    ]);
    expect(income.body.totalEarnings).toBe(1800);
    const gifts = await w.call('GET', '/order?type=gift-reward', { token: w.aToken });
    expect(gifts.body.items.map((item: { orderId: number }) => item.orderId)).not.toContain(orderId);
    const details = await w.call('GET', `/agent/${w.a.id}/gain-details?type=goods`, { token: w.aToken });
    expect(details.body.items[0]).toMatchObject({ type: 'goods', orderId });
    const detail = await w.call('GET', `/v3/agent/${w.a.id}/transaction`, { token: w.aToken });
    expect(detail.body.items.find((item: { kind: string }) => item.kind === 'goods')).toBeTruthy();

    // The agent sees the order, with its delivery, and ships it.
    const listed = await w.call('GET', `/v3/activity/${activityId}/product-order`, { token: w.aToken });
    expect(listed.body.items[0]).toMatchObject({
      id: orderId,
      productName: '礼盒',
      count: 2,
      amount: 2000,
      status: 'paid',
      shippedAt: null,
      ...buyer,
    });
    expectError(
      await w.call('GET', `/v3/activity/${activityId}/product-order`, { token: w.bToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await w.call('PUT', `/v3/activity/${activityId}/product-order/${orderId}/ship`, { token: w.bToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const shipped = await w.call('PUT', `/v3/activity/${activityId}/product-order/${orderId}/ship`, {
      token: w.aToken,
    });
    expect(shipped.body.shippedAt).toEqual(expect.any(String));
    const unpaid = await order(activityId, product.id, viewer);
    expectError(
      await w.call('PUT', `/v3/activity/${activityId}/product-order/${unpaid.body.orderId}/ship`, { token: w.aToken }),
      400,
      PRODUCT_ERRORS.notPaid,
      { field: 'orderId' },
    );
    const otherActivity = await w.activity(w.aToken);
    expectError(
      await w.call('PUT', `/v3/activity/${otherActivity}/product-order/${orderId}/ship`, { token: w.aToken }),
      404,
      PRODUCT_ERRORS.orderNotFound,
    );
  });

  it('fails an order left unpaid past its time or refused by the gateway; paid late, the stock stays', async () => {
    const activityId = await w.activity(w.aToken);
    const product = await create(platformProduct({ price: 500, stock: 3 }));
    await openShop(activityId, [product.id]);
    const viewer = newViewer();
    const placed = await order(activityId, product.id, viewer, { count: 2 });
    expect(placed.status, placed.text).toBe(200);
    const { orderId } = placed.body;
    const status = async () =>
      (
        await w.call('GET', `/watch/${activityId}/product-order/${orderId}`, {
          headers: { cookie: signedViewerCookie(w.t.ctx, viewer) },
        })
      ).body.status;
    await w.t.ctx.db
      .updateTable('shopOrders')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', orderId)
      .execute();
    expect(await status()).toBe('failed');
    expect((await notify(w.t.app, notificationBody(orderId, 1000))).body.outcome).toBe('ignored');
    expect(await status()).toBe('failed');

    vi.spyOn(w.t.ctx.pay, 'checkoutUrl').mockRejectedValueOnce(new PayGatewayError('SYSTEMERROR', 'unreachable'));
    const refused = await order(activityId, product.id, viewer);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ message: 'Payment service unavailable', code: ERROR_CODES.payUnavailable });
    const orders = await w.t.ctx.db.selectFrom('shopOrders').select('status').where('viewerId', '=', viewer).execute();
    expect(orders.map((row) => row.status)).toEqual(['failed', 'failed']);
    expect((await w.call('GET', `/v3/agent/product/${product.id}`, { token: w.aToken })).body).toMatchObject({
      stock: 3,
      sold: 0,
    });
    const entries = await w.t.ctx.db
      .selectFrom('ledgerEntries')
      .select('id')
      .where('shopOrderId', '=', orderId)
      .execute();
    expect(entries).toEqual([]);
  });

  it('sells the last one once: two buyers paying at the same time, one sale and the other’s money kept for it', async () => {
    const activityId = await w.activity(w.aToken);
    const product = await create(platformProduct({ name: '限量款', price: 5000, stock: 1 }));
    await openShop(activityId, [product.id]);
    const [first, second] = [newViewer(), newViewer()];
    const orders = [await order(activityId, product.id, first), await order(activityId, product.id, second)];
    for (const placed of orders) expect(placed.status, placed.text).toBe(200);
    const outcomes = await Promise.all(
      orders.map((placed) => notify(w.t.app, notificationBody(placed.body.orderId, 5000))),
    );
    expect(outcomes.map((outcome) => outcome.body.outcome)).toEqual(['credited', 'credited']);
    const rows = await w.t.ctx.db
      .selectFrom('shopOrders')
      .select(['id', 'status'])
      .where('productId', '=', product.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.status).sort()).toEqual(['paid', 'soldOut']);
    const after = await w.call('GET', `/v3/agent/product/${product.id}`, { token: w.aToken });
    expect(after.body).toMatchObject({ stock: 0, sold: 1 });
    // Only one sale reaches the agent; the other payment is the buyer's balance.
    const soldOut = rows.find((row) => row.status === 'soldOut')?.id ?? 0;
    const kept = await w.t.ctx.db.selectFrom('ledgerEntries').selectAll().where('shopOrderId', '=', soldOut).execute();
    expect(kept.map((e) => [e.account, Number(e.amount)])).toEqual(
      expect.arrayContaining([
        ['pay_clearing', 5000],
        ['audience_balance', -5000],
      ]),
    );
    const sales = await w.t.ctx.db
      .selectFrom('ledgerEntries')
      .select('amount')
      .where(
        'shopOrderId',
        'in',
        orders.map((placed) => placed.body.orderId as number),
      )
      .where('account', '=', 'audience_sales')
      .execute();
    expect(sales).toHaveLength(1);
    // The ledger check reconciles both: the sale with the paid orders, the kept payment with the buyer's balance.
    const check = await w.call('GET', '/v3/agent/ledger-check', { token: w.aToken });
    expect(check.body.problems).toEqual([]);
    expect(check.body.ok).toBe(true);
    // Sold out: nobody may order it any more.
    expectError(await order(activityId, product.id, newViewer()), 400, PRODUCT_ERRORS.soldOut, { field: 'count' });
  });
});
