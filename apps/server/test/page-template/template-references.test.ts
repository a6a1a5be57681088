import { ERROR_CODES, PAGE_TEMPLATE_ERRORS, PHOTO_ERRORS, PRODUCT_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld, type World } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';

// The rows a page's tabs name (seed 001 §3 "Intro tab entry"): the 商品 tab's productListId (an activity's shop), a
// photo tab's photoListId and a tab's productList. Another agent's answers 404 as its own routes do; one that does not
// exist, or a list of another activity, is 400 naming the field; nothing is saved then. What the saved page already
// names is kept as it is.

const MISSING = 2_000_000_000;

async function product(w: World, token: string) {
  const body = {
    name: '保温杯',
    pictures: ['/files/agent/1/cup.png'],
    price: 990,
    buyMode: 'link',
    buyUrl: 'https://shop.example.com/cup',
  };
  const response = await w.call('POST', '/v3/agent/product', { token, body });
  expect(response.status, response.text).toBe(200);
  return response.body.id as number;
}

async function shop(w: World, token: string, activityId: number) {
  const response = await w.call('POST', `/v3/activity/${activityId}/product`, { token, body: { productIds: [] } });
  expect(response.status, response.text).toBe(200);
  return response.body.activityShopId as number;
}

async function photoList(w: World, token: string, activityId: number) {
  const response = await w.call('POST', `/v3/activity/${activityId}/photo-list`, { token, body: { title: '现场' } });
  expect(response.status, response.text).toBe(200);
  return response.body.id as number;
}

const chat = { title: '聊天室', key: 'chat', type: 'chatRoom' };
const shopTab = (productListId: number, productList: number[] = []) => ({
  title: '商品',
  key: 'shop',
  type: 'productMessage',
  productListId,
  productList,
});
const photoTab = (photoListId: number) => ({ title: '图片直播', key: 'photos', type: 'photoLive', photoListId });

const refused = (field: string, message: string) =>
  [400, `${field}: ${message}`, { code: ERROR_CODES.validation, field }] as const;

describe.each(engines)('page template references on %s', (engine) => {
  const w = useWorld(engine);

  it('takes the activity’s own shop, photo list and products, and refuses another agent’s, missing ones and another activity’s', async () => {
    const id = await w.activity(w.aToken, '带货直播');
    const ownShop = await shop(w, w.aToken, id);
    const ownList = await photoList(w, w.aToken, id);
    const ownProduct = await product(w, w.aToken);
    const otherActivity = await w.activity(w.aToken);
    const otherShop = await shop(w, w.aToken, otherActivity);
    const otherList = await photoList(w, w.aToken, otherActivity);
    const bActivity = await w.activity(w.bToken);
    const bShop = await shop(w, w.bToken, bActivity);
    const bList = await photoList(w, w.bToken, bActivity);
    const bProduct = await product(w, w.bToken);
    const deleted = await product(w, w.aToken);
    expect((await w.call('DELETE', `/v3/agent/product/${deleted}`, { token: w.aToken })).status).toBe(200);

    const save = (introTabs: unknown[]) =>
      w.call('PUT', `/activity/${id}/template`, { token: w.aToken, body: { introTabs } });
    const cases: [unknown[], Parameters<typeof expectError>[1], string, { code?: string; field?: string }?][] = [
      [[chat, shopTab(bShop)], 404, PRODUCT_ERRORS.shopNotFound],
      [[chat, shopTab(MISSING)], ...refused('introTabs.1.productListId', PAGE_TEMPLATE_ERRORS.unknownProductList)],
      [
        [chat, shopTab(otherShop)],
        ...refused('introTabs.1.productListId', PAGE_TEMPLATE_ERRORS.productListOfOtherActivity),
      ],
      [[photoTab(bList)], 404, PHOTO_ERRORS.listNotFound],
      [[photoTab(MISSING)], ...refused('introTabs.0.photoListId', PAGE_TEMPLATE_ERRORS.unknownPhotoList)],
      [[photoTab(otherList)], ...refused('introTabs.0.photoListId', PAGE_TEMPLATE_ERRORS.photoListOfOtherActivity)],
      [[shopTab(ownShop, [ownProduct, bProduct])], 404, PRODUCT_ERRORS.productNotFound],
      [
        [shopTab(ownShop, [ownProduct, MISSING])],
        ...refused('introTabs.0.productList.1', PAGE_TEMPLATE_ERRORS.unknownProduct),
      ],
      [[shopTab(ownShop, [deleted])], ...refused('introTabs.0.productList.0', PAGE_TEMPLATE_ERRORS.unknownProduct)],
    ];
    for (const [tabs, status, message, extra] of cases) expectError(await save(tabs), status, message, extra);
    // Nothing of the refused saves was kept.
    const before = await w.call('GET', `/activity/${id}/template`, { token: w.aToken });
    expect(before.body.introTabs.map((tab: { key: string }) => tab.key)).toEqual(['chatRoom', 'intro']);

    const saved = await save([chat, shopTab(ownShop, [ownProduct]), photoTab(ownList)]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.introTabs).toEqual([
      expect.objectContaining({ key: 'chat' }),
      expect.objectContaining({ key: 'shop', productListId: ownShop, productList: [ownProduct] }),
      expect.objectContaining({ key: 'photos', photoListId: ownList }),
    ]);
  });

  it('checks the menu’s tabs the same way, naming its items', async () => {
    const id = await w.activity(w.aToken);
    const bShop = await shop(w, w.bToken, await w.activity(w.bToken));
    const save = (items: unknown[]) => w.call('PUT', `/activity/${id}/menu`, { token: w.aToken, body: { items } });
    expectError(await save([chat, shopTab(bShop)]), 404, PRODUCT_ERRORS.shopNotFound);
    expectError(
      await save([shopTab(MISSING)]),
      ...refused('items.0.productListId', PAGE_TEMPLATE_ERRORS.unknownProductList),
    );
    const ownShop = await shop(w, w.aToken, id);
    const saved = await save([chat, shopTab(ownShop)]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.items[1]).toMatchObject({ productListId: ownShop });
  });

  it('treats the agent’s activity not assigned to a sub-account as another agent’s', async () => {
    const notAssigned = await w.activity(w.aToken);
    const agentShop = await shop(w, w.aToken, notAssigned);
    const agentList = await photoList(w, w.aToken, notAssigned);
    const save = (introTabs: unknown[]) =>
      w.call('PUT', `/activity/${w.subActivityId}/template`, { token: w.subToken, body: { introTabs } });
    expectError(await save([shopTab(agentShop)]), 404, PRODUCT_ERRORS.shopNotFound);
    expectError(await save([photoTab(agentList)]), 404, PHOTO_ERRORS.listNotFound);
  });

  it('keeps what the saved page already names: a closed shop, a copy’s lists of the original', async () => {
    const id = await w.activity(w.aToken, '原活动');
    const ownShop = await shop(w, w.aToken, id);
    const ownList = await photoList(w, w.aToken, id);
    const tabs = [chat, shopTab(ownShop), photoTab(ownList)];
    expect(
      (await w.call('PUT', `/activity/${id}/template`, { token: w.aToken, body: { introTabs: tabs } })).status,
    ).toBe(200);

    // The shop closes; the page still saves with the tab as it was.
    expect((await w.call('DELETE', `/v3/activity/${id}/product/${ownShop}`, { token: w.aToken })).status).toBe(200);
    const again = await w.call('PUT', `/activity/${id}/template`, {
      token: w.aToken,
      body: { imgCover: '/files/cover.png', introTabs: tabs },
    });
    expect(again.status, again.text).toBe(200);

    // A copy's page names the original's photo list: it saves, and a newly named one of the original is refused.
    const copy = await w.call('POST', `/activity/${id}/copy`, { token: w.aToken });
    expect(copy.status, copy.text).toBe(200);
    const copyId = copy.body.id as number;
    const copied = await w.call('GET', `/activity/${copyId}/template`, { token: w.aToken });
    expect(copied.body.introTabs[2]).toMatchObject({ photoListId: ownList });
    const copySave = (introTabs: unknown[]) =>
      w.call('PUT', `/activity/${copyId}/template`, { token: w.aToken, body: { introTabs } });
    expect((await copySave([...copied.body.introTabs, { ...chat, key: 'chat2' }])).status).toBe(200);
    const secondList = await photoList(w, w.aToken, id);
    expectError(
      await copySave([photoTab(secondList)]),
      ...refused('introTabs.0.photoListId', PAGE_TEMPLATE_ERRORS.photoListOfOtherActivity),
    );
  });
});
