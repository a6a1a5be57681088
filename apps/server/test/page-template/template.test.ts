import { DEFAULT_LIVE_TEMPLATE, ERROR_MESSAGES, PAGE_TEMPLATE_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';

const empties = (n: number) => Array<string>(n).fill('');

describe.each(engines)('live template on %s', (engine) => {
  const w = useWorld(engine);

  it('answers every field with its default before anything is saved', async () => {
    const id = await w.activity(w.aToken);
    const response = await w.call('GET', `/activity/${id}/template`, { token: w.aToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(DEFAULT_LIVE_TEMPLATE);
    expect(response.body).toMatchObject({
      positionLogo: 'hide',
      imgLogoScale: 100,
      imgLogoTransparency: 100,
      countdownPosition: 'rightTop',
      commentStyleCustomized: { template: 'default', tabsColor: '', fontColor: '' },
      isVoteFloatingEnabled: false,
      isCommentRTDisplayDisabled: false,
      prologuePaths: empties(8),
      epiloguePaths: empties(8),
      scenePaths: empties(8),
      subscribedMobileList: [],
      allowedMobiles: [],
    });
    expect(response.body.introTabs).toEqual([
      expect.objectContaining({ key: 'chatRoom', type: 'chatRoom', title: '聊天室' }),
      expect.objectContaining({ key: 'intro', type: 'richText', title: '活动简介', richText: '' }),
    ]);
  });

  it('saves a subset, merges the comment style field by field and pads the path lists', async () => {
    const id = await w.activity(w.aToken);
    const saved = await w.call('PUT', `/activity/${id}/template`, {
      token: w.aToken,
      body: {
        positionLogo: 'leftTop',
        imgLogoScale: 60,
        imgLogo: 'activity/1/logo.png',
        colorBackground: '#112233',
        commentStyleCustomized: { tabsColor: '#ff0000' },
        isVoteBannerEnabled: true,
        prologuePaths: ['activity/1/a.mp4'],
        epiloguePaths: Array.from({ length: 8 }, (_, i) => `e${i}.mp4`),
        scenePaths: [],
        allowedMobiles: ['13800138000'],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      positionLogo: 'leftTop',
      imgLogoScale: 60,
      imgLogoTransparency: 100,
      imgLogo: 'activity/1/logo.png',
      colorBackground: '#112233',
      commentStyleCustomized: { template: 'default', tabsColor: '#ff0000', backgroundColor: '' },
      isVoteBannerEnabled: true,
      countdownPosition: 'rightTop',
      prologuePaths: ['activity/1/a.mp4', ...empties(7)],
      scenePaths: empties(8),
      allowedMobiles: ['13800138000'],
    });
    // The epilogue holding 8 gets one more slot; saving it again as answered changes nothing.
    expect(saved.body.epiloguePaths).toHaveLength(9);
    const again = await w.call('PUT', `/activity/${id}/template`, { token: w.aToken, body: saved.body });
    expect(again.body).toEqual(saved.body);
    expect((await w.call('GET', `/activity/${id}/template`, { token: w.aToken })).body).toEqual(saved.body);

    const later = await w.call('PUT', `/activity/${id}/template`, {
      token: w.aToken,
      body: { countdownPosition: 'hide', commentStyleCustomized: { fontColor: '#000' } },
    });
    expect(later.body).toMatchObject({
      positionLogo: 'leftTop',
      countdownPosition: 'hide',
      commentStyleCustomized: { tabsColor: '#ff0000', fontColor: '#000' },
    });
  });

  it('refuses bad fields with 400 naming the field, and saves nothing', async () => {
    const id = await w.activity(w.aToken);
    const cases: [Record<string, unknown>, string][] = [
      [{ positionLogo: 'middle' }, 'positionLogo'],
      [{ imgLogoScale: 0 }, 'imgLogoScale'],
      [{ imgLogoTransparency: 101 }, 'imgLogoTransparency'],
      [{ countdownPosition: 'center' }, 'countdownPosition'],
      [{ colorBackground: 'red; background: url(x)' }, 'colorBackground'],
      [{ commentStyleCustomized: { inputColor: 'nope' } }, 'commentStyleCustomized.inputColor'],
      [{ isVoteDisableClose: 'yes' }, 'isVoteDisableClose'],
      [{ allowedMobiles: ['12345'] }, 'allowedMobiles.0'],
      [{ prologuePaths: Array(101).fill('x') }, 'prologuePaths'],
      [{ introTabs: [{ title: '投票', key: 'vote', type: 'vote' }] }, 'introTabs.0.type'],
      [{ introTabs: [{ title: '', key: 'x', type: 'richText' }] }, 'introTabs.0.title'],
      [
        {
          introTabs: [
            { title: 'a', key: 'k', type: 'chatRoom' },
            { title: 'b', key: 'k', type: 'rank' },
          ],
        },
        'introTabs.1.key',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await w.call('PUT', `/activity/${id}/template`, { token: w.aToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    // An epilogue of 100 filled slots would grow to 101 when padded: refused, not stored beyond the limit.
    const full = await w.call('PUT', `/activity/${id}/template`, {
      token: w.aToken,
      body: { epiloguePaths: Array.from({ length: 100 }, (_, i) => `e${i}`) },
    });
    expect(full.status).toBe(400);
    expect(full.body.field).toBe('epiloguePaths');
    expect((await w.call('GET', `/activity/${id}/template`, { token: w.aToken })).body).toEqual(DEFAULT_LIVE_TEMPLATE);
    expect((await w.call('GET', '/activity/abc/template', { token: w.aToken })).body.field).toBe('id');
    expect((await w.call('GET', `/activity/${id}/template`)).status).toBe(401);
  });

  it('keeps intro tabs of every type with their fields', async () => {
    const id = await w.activity(w.aToken);
    // The shop, photo list and products a tab names are the activity's and the agent's own (template-references).
    const products: number[] = [];
    for (const name of ['保温杯', '帆布袋']) {
      const product = await w.call('POST', '/v3/agent/product', {
        token: w.aToken,
        body: { name, pictures: ['/files/p.png'], price: 100, buyMode: 'link', buyUrl: 'https://shop.example.com/p' },
      });
      products.push(product.body.id);
    }
    const shop = await w.call('POST', `/v3/activity/${id}/product`, { token: w.aToken, body: { productIds: [] } });
    const shopId = shop.body.activityShopId as number;
    const list = await w.call('POST', `/v3/activity/${id}/photo-list`, { token: w.aToken, body: { title: '现场' } });
    const tabs = [
      { title: '聊天', key: 'chat', type: 'chatRoom' },
      { title: '商品', key: 'shop', type: 'productMessage', productList: products, productListId: shopId },
      { title: '图片', key: 'photos', type: 'photoLive', photoListId: list.body.id },
      { title: '链接', key: 'link', type: 'menuLocation', hyperLink: 'https://example.com', inlineHyperLink: true },
      { title: '榜单', key: 'rank', type: 'rank', topGift: true, topShare: true },
      {
        title: '日程',
        key: 'agenda',
        type: 'schedule',
        schedule: [{ time: '09:00', title: '开场' }],
      },
    ];
    const saved = await w.call('PUT', `/activity/${id}/template`, { token: w.aToken, body: { introTabs: tabs } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.introTabs).toHaveLength(6);
    expect(saved.body.introTabs[1]).toMatchObject({ productList: products, productListId: shopId, photoListId: null });
    expect(saved.body.introTabs[2]).toMatchObject({ photoListId: list.body.id });
    expect(saved.body.introTabs[3]).toMatchObject({ hyperLink: 'https://example.com', inlineHyperLink: true });
    expect(saved.body.introTabs[5].schedule).toEqual([{ time: '09:00', title: '开场', description: '' }]);
  });

  it('inherits the template of the most recently created other activity, or 404 when there is none', async () => {
    const agentToken = w.bToken;
    const first = await w.activity(agentToken);
    expectError(
      await w.call('POST', `/activity/${first}/inheritPrevTpl`, { token: agentToken }),
      404,
      PAGE_TEMPLATE_ERRORS.previousActivityNotFound,
    );
    await w.call('PUT', `/activity/${first}/template`, {
      token: agentToken,
      body: { imgCover: 'cover-1.png', scenePaths: ['s.mp4'] },
    });
    const second = await w.activity(agentToken);
    await w.call('PUT', `/activity/${second}/template`, { token: agentToken, body: { imgCover: 'cover-2.png' } });
    const third = await w.activity(agentToken);
    const inherited = await w.call('POST', `/activity/${third}/inheritPrevTpl`, { token: agentToken });
    expect(inherited.status).toBe(200);
    expect(inherited.body).toMatchObject({ imgCover: 'cover-2.png', scenePaths: empties(8) });
    expect((await w.call('GET', `/activity/${third}/template`, { token: agentToken })).body).toEqual(inherited.body);
    // "Previous" is the newest other activity, whichever the target is.
    const back = await w.call('POST', `/activity/${first}/inheritPrevTpl`, { token: agentToken });
    expect(back.body).toEqual(inherited.body);
    expectError(
      await w.call('POST', `/activity/${third}/inheritPrevTpl`, { token: w.aToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
  });

  it('a sub-account inherits only from its own activities', async () => {
    const own = await w.activity(w.subToken);
    const inherited = await w.call('POST', `/activity/${own}/inheritPrevTpl`, { token: w.subToken });
    expect(inherited.status).toBe(200);
    const mainOnly = await w.activity(w.aToken);
    await w.call('PUT', `/activity/${mainOnly}/template`, { token: w.aToken, body: { imgCover: 'main.png' } });
    const again = await w.call('POST', `/activity/${own}/inheritPrevTpl`, { token: w.subToken });
    expect(again.body.imgCover).not.toBe('main.png');
  });
});
