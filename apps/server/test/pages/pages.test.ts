import { CATALOG_ERRORS, ERROR_MESSAGES, IDEMPOTENCY_HEADER, PAGE_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';

let counter = 0;
const uniqueName = () => `页面 ${++counter}`;

describe.each(engines)('pages on %s', (engine) => {
  const w = useWorld(engine);
  const create = async (token: string, body: Record<string, unknown> = {}) => {
    const response = await w.call('POST', '/page', { token, body: { name: uniqueName(), ...body } });
    expect(response.status, response.text).toBe(200);
    return response.body as { id: number; name: string };
  };

  it('creates a draft page, lists it newest first, reads, renames and deletes it', async () => {
    const first = await w.call('POST', '/page', { token: w.aToken, body: { name: '  首页  ' } });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      name: '首页',
      isHomepage: false,
      publishedAt: null,
      hasUnpublishedChanges: false,
      link: `/watch/page/${first.body.id}`,
      data: { config: { carouselType: 'slide', icon: '', share: { title: '', description: '', imgUrl: '' } } },
      bottomNav: { enabled: false, items: [] },
    });
    expect(first.body.data.components).toEqual([]);
    const second = await create(w.aToken, { name: '专题页' });
    const list = await w.call('GET', '/page?page=1&pageSize=10', { token: w.aToken });
    expect(list.status).toBe(200);
    const ids = list.body.items.map((item: { id: number }) => item.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(list.body.items[0]).not.toHaveProperty('data');
    const found = await w.call('GET', `/page?name=${encodeURIComponent('专题')}`, { token: w.aToken });
    expect(found.body.items.map((item: { id: number }) => item.id)).toEqual([second.id]);

    const renamed = await w.call('PUT', `/page/${first.body.id}`, { token: w.aToken, body: { name: '新首页' } });
    expect(renamed.body).toMatchObject({ id: first.body.id, name: '新首页' });
    expect((await w.call('DELETE', `/page/${first.body.id}`, { token: w.aToken })).body).toEqual({ ok: true });
    expectError(await w.call('GET', `/page/${first.body.id}`, { token: w.aToken }), 404, PAGE_ERRORS.pageNotFound);
    expectError(await w.call('DELETE', `/page/${first.body.id}`, { token: w.aToken }), 404, PAGE_ERRORS.pageNotFound);
  });

  it('saves components in order, with their defaults (banner autoTimer 3000)', async () => {
    const page = await create(w.aToken);
    const activity = await w.activity(w.aToken);
    const data = {
      config: { carouselType: 'fade', share: { title: '分享标题' } },
      components: [
        {
          id: 'b1',
          type: 'banner',
          menuArr: [{ image: '/files/a.png', link: { kind: 'activity', activityId: activity } }],
        },
        { id: 'a1', type: 'activity', title: '最新活动', source: { kind: 'new' }, num: 4 },
        { id: 'e1', type: 'elevator', anchors: [{ title: '活动', componentId: 'a1' }] },
      ],
    };
    const saved = await w.call('PUT', `/page/${page.id}`, { token: w.aToken, body: { data } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.components.map((c: { id: string }) => c.id)).toEqual(['b1', 'a1', 'e1']);
    expect(saved.body.data.components[0]).toMatchObject({ autoTimer: 3000, paginationStyle: 'default' });
    expect(saved.body.data.config).toMatchObject({ carouselType: 'fade', share: { title: '分享标题', imgUrl: '' } });
    const read = await w.call('GET', `/page/${page.id}`, { token: w.aToken });
    expect(read.body.data).toEqual(saved.body.data);
  });

  it('publishes: the public copy changes only when published again, and publish: false takes it offline', async () => {
    const page = await create(w.aToken);
    const slogan = (text: string) => ({ components: [{ id: 's1', type: 'slogan', text }] });
    const published = await w.call('PUT', `/page/${page.id}`, {
      token: w.aToken,
      body: { data: slogan('第一版'), publish: true },
    });
    expect(published.body.publishedAt).not.toBeNull();
    expect(published.body.hasUnpublishedChanges).toBe(false);
    const stored = () =>
      w.t.ctx.db
        .selectFrom('pages')
        .select(['publishedData', 'publishedAt'])
        .where('id', '=', page.id)
        .executeTakeFirstOrThrow();
    expect(((await stored()).publishedData as { components: { text: string }[] }).components[0]?.text).toBe('第一版');

    const edited = await w.call('PUT', `/page/${page.id}`, { token: w.aToken, body: { data: slogan('第二版') } });
    expect(edited.body.hasUnpublishedChanges).toBe(true);
    expect(edited.body.publishedAt).toBe(published.body.publishedAt);
    expect(((await stored()).publishedData as { components: { text: string }[] }).components[0]?.text).toBe('第一版');

    const again = await w.call('PUT', `/page/${page.id}`, { token: w.aToken, body: { publish: true } });
    expect(again.body.hasUnpublishedChanges).toBe(false);
    expect(((await stored()).publishedData as { components: { text: string }[] }).components[0]?.text).toBe('第二版');

    const offline = await w.call('PUT', `/page/${page.id}`, { token: w.aToken, body: { publish: false } });
    expect(offline.body).toMatchObject({ publishedAt: null, hasUnpublishedChanges: false });
    expect(await stored()).toEqual({ publishedData: null, publishedAt: null });
  });

  it('converts a legacy page on read (seed 001 §4), and publishes the converted form', async () => {
    const page = await create(w.aToken);
    await w.t.ctx.db
      .updateTable('pages')
      .set({
        data: JSON.stringify({
          mobilesNav: [{ title: '直播', icon: '/files/i.png', type: 'group', groupId: null }],
          banner: [{ img: '/files/b.png', link: 'https://example.com/x' }],
        }),
      })
      .where('id', '=', page.id)
      .execute();
    const read = await w.call('GET', `/page/${page.id}`, { token: w.aToken });
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.components).toEqual([
      {
        id: 'legacy-nav',
        type: 'mobilesNav',
        navStyle: 'graphic',
        borderStyle: 'round',
        showType: 'oneLine&4',
        menuArr: [
          { title: '直播', icon: '/files/i.png', type: 'group', groupId: null, activities: [], num: 6, url: '' },
        ],
      },
      {
        id: 'legacy-banner',
        type: 'banner',
        paginationStyle: 'default',
        autoTimer: 3000,
        showType: 'default',
        menuArr: [{ image: '/files/b.png', title: '', link: { kind: 'url', url: 'https://example.com/x' } }],
      },
    ]);
    await w.call('PUT', `/page/${page.id}`, { token: w.aToken, body: { publish: true } });
    const stored = await w.t.ctx.db
      .selectFrom('pages')
      .select('publishedData')
      .where('id', '=', page.id)
      .executeTakeFirstOrThrow();
    expect(stored.publishedData).toEqual(read.body.data);

    // The old componentArr form is read too.
    await w.t.ctx.db
      .updateTable('pages')
      .set({ data: JSON.stringify({ config: {}, componentArr: [{ type: 'slogan', text: '旧标语' }] }) })
      .where('id', '=', page.id)
      .execute();
    const old = await w.call('GET', `/page/${page.id}`, { token: w.aToken });
    expect(old.body.data.components).toMatchObject([{ id: 'legacy-1', type: 'slogan', text: '旧标语' }]);
  });

  it('a create sent twice with one Idempotency-Key makes one page', async () => {
    const before = await w.call('GET', '/page?pageSize=100', { token: w.aToken });
    const send = () =>
      w.call('POST', '/page', {
        token: w.aToken,
        headers: { [IDEMPOTENCY_HEADER]: `page-create-${engine}` },
        body: { name: '只建一次' },
      });
    const [one, two] = await Promise.all([send(), send()]);
    expect(one.status, one.text).toBe(200);
    expect(two.status, two.text).toBe(200);
    expect(two.body.id).toBe(one.body.id);
    const after = await w.call('GET', '/page?pageSize=100', { token: w.aToken });
    expect(after.body.pager.total).toBe(before.body.pager.total + 1);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const page = await create(w.aToken);
    const bad = async (body: unknown, field: string) => {
      const response = await w.call('PUT', `/page/${page.id}`, { token: w.aToken, body });
      expect(response.status, response.text).toBe(400);
      expect(response.body.field).toBe(field);
    };
    await bad({ name: '' }, 'name');
    await bad({ name: 'x'.repeat(61) }, 'name');
    await bad({ data: { components: [{ id: 'x', type: 'nope' }] } }, 'data.components.0.type');
    await bad({ data: { components: [{ id: 'x', type: 'slogan', text: 'x'.repeat(201) }] } }, 'data.components.0.text');
    await bad(
      {
        data: {
          components: [
            {
              id: 'b',
              type: 'banner',
              menuArr: [{ image: '/a.png', link: { kind: 'url', url: 'javascript:alert(1)' } }],
            },
          ],
        },
      },
      'data.components.0.menuArr.0.link.url',
    );
    await bad(
      {
        data: {
          components: [
            { id: 'a', type: 'slogan' },
            { id: 'a', type: 'search' },
          ],
        },
      },
      'data.components.1.id',
    );
    const many = Array.from({ length: 101 }, (_, i) => ({ id: `s${i}`, type: 'slogan' }));
    await bad({ data: { components: many } }, 'data.components');
    const create400 = await w.call('POST', '/page', { token: w.aToken, body: { name: '  ' } });
    expect(create400.body).toMatchObject({
      statusCode: 400,
      field: 'name',
      message: `name: ${PAGE_ERRORS.nameRequired}`,
    });
    const read = await w.call('GET', `/page/${page.id}`, { token: w.aToken });
    expect(read.body.data.components).toEqual([]);
    expect(read.body.name).toBe(page.name);
  });

  it('refuses another agent’s activity, group, catalog, page or a column of another page named in the data (404)', async () => {
    const page = await create(w.aToken);
    const bActivity = await w.activity(w.bToken);
    const bGroup = (await w.call('POST', '/agent/activity-group', { token: w.bToken, body: { name: `B组${engine}` } }))
      .body.id;
    const bCatalog = (await w.call('POST', '/v3/catalog', { token: w.bToken, body: { name: `B合辑${engine}` } })).body
      .id;
    const bPage = await create(w.bToken);
    const put = (components: unknown[]) =>
      w.call('PUT', `/page/${page.id}`, { token: w.aToken, body: { data: { components } } });
    expectError(await put([{ id: 'v', type: 'video', activityId: bActivity }]), 404, ERROR_MESSAGES.activityNotFound);
    expectError(
      await put([{ id: 'a', type: 'activity', source: { kind: 'chosen', activityIds: [bActivity] } }]),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await put([{ id: 'a', type: 'activity', source: { kind: 'group', groupId: bGroup } }]),
      404,
      PAGE_ERRORS.groupNotFound,
    );
    expectError(
      await put([{ id: 'n', type: 'mobilesNav', menuArr: [{ title: 'x', type: 'group', groupId: bGroup }] }]),
      404,
      PAGE_ERRORS.groupNotFound,
    );
    expectError(await put([{ id: 'c', type: 'catalog', catalogIds: [bCatalog] }]), 404, CATALOG_ERRORS.catalogNotFound);
    expectError(
      await put([{ id: 'c', type: 'card', items: [{ link: { kind: 'page', pageId: bPage.id } }] }]),
      404,
      PAGE_ERRORS.pageNotFound,
    );
    const otherPage = await create(w.aToken);
    const column = await w.call('POST', `/page/${otherPage.id}/list`, {
      token: w.aToken,
      body: { title: '栏目', source: { kind: 'chosen', activityIds: [] } },
    });
    expectError(
      await put([{ id: 'a', type: 'activity', source: { kind: 'column', listId: column.body.id } }]),
      404,
      PAGE_ERRORS.listNotFound,
    );
    expectError(
      await w.call('POST', '/page', {
        token: w.aToken,
        body: { name: uniqueName(), data: { components: [{ id: 'p', type: 'player', activityId: bActivity }] } },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await w.call('GET', `/page/${page.id}`, { token: w.aToken })).body.data.components).toEqual([]);
  });

  it('keeps pages to their agent, and a sub-account to the pages it made', async () => {
    const aPage = await create(w.aToken);
    const subPage = await create(w.subToken);
    for (const [method, url] of [
      ['GET', `/page/${aPage.id}`],
      ['PUT', `/page/${aPage.id}`],
      ['DELETE', `/page/${aPage.id}`],
    ] as const) {
      expectError(
        await w.call(method, url, { token: w.bToken, body: method === 'PUT' ? { name: 'x' } : undefined }),
        404,
        PAGE_ERRORS.pageNotFound,
      );
      expectError(
        await w.call(method, url, { token: w.subToken, body: method === 'PUT' ? { name: 'x' } : undefined }),
        404,
        PAGE_ERRORS.pageNotFound,
      );
    }
    const subList = await w.call('GET', '/page?pageSize=100', { token: w.subToken });
    expect(subList.body.items.map((item: { id: number }) => item.id)).toEqual([subPage.id]);
    const bList = await w.call('GET', '/page?pageSize=100', { token: w.bToken });
    expect(bList.body.items.map((item: { id: number }) => item.id)).not.toContain(aPage.id);
    // The main account sees its sub-account's pages; a sub-account's page names only the sub-account's activities.
    expect((await w.call('GET', `/page/${subPage.id}`, { token: w.aToken })).status).toBe(200);
    const mainActivity = await w.activity(w.aToken);
    expectError(
      await w.call('PUT', `/page/${subPage.id}`, {
        token: w.aToken,
        body: { data: { components: [{ id: 'v', type: 'video', activityId: mainActivity }] } },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const own = await w.call('PUT', `/page/${subPage.id}`, {
      token: w.subToken,
      body: { data: { components: [{ id: 'v', type: 'video', activityId: w.subActivityId }] } },
    });
    expect(own.status, own.text).toBe(200);
  });
});
