import { ERROR_MESSAGES, MAX_PAGE_LISTS, PAGE_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { createAgent, engines, expectError, sessionFor } from '../harness.ts';

let counter = 0;

describe.each(engines)('page columns, cards, groups, home page and bottom navigation on %s', (engine) => {
  const w = useWorld(engine);
  const createPage = async (token: string) => {
    const response = await w.call('POST', '/page', { token, body: { name: `栏目页 ${++counter}` } });
    expect(response.status, response.text).toBe(200);
    return response.body.id as number;
  };
  const createGroup = async (token: string) => {
    const response = await w.call('POST', '/agent/activity-group', {
      token,
      body: { name: `分组 ${engine} ${++counter}` },
    });
    expect(response.status, response.text).toBe(200);
    return response.body.id as number;
  };
  const setActivity = (id: number, values: { isPushing?: boolean; startedAt?: Date; groupId?: number }) =>
    w.t.ctx.db.updateTable('activities').set(values).where('id', '=', id).execute();
  const setVisits = (activityId: number, visits: number) =>
    w.t.ctx.db
      .insertInto('activityVisitStats')
      .values({ activityId, visits, uniqueViewers: 0 })
      .onConflict((oc) => oc.column('activityId').doUpdateSet({ visits }))
      .execute();

  it('adds, lists by sort order, edits and deletes columns; deleting the page deletes its columns', async () => {
    const page = await createPage(w.aToken);
    const [a1, a2] = [await w.activity(w.aToken), await w.activity(w.aToken)];
    const group = await createGroup(w.aToken);
    const add = (body: unknown) => w.call('POST', `/page/${page}/list`, { token: w.aToken, body });
    const second = await add({ title: '精选', source: { kind: 'chosen', activityIds: [a2, a1] }, sortOrder: 2 });
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({ pageId: page, title: '精选', sortOrder: 2 });
    const first = await add({ title: '分组', source: { kind: 'group', groupId: group }, sortOrder: 1 });
    const list = await w.call('GET', `/page/${page}/list?page=1&pageSize=9999`, { token: w.aToken });
    expect(list.body.pager).toEqual({ page: 1, pageSize: 9999, total: 2 });
    expect(list.body.items.map((c: { id: number }) => c.id)).toEqual([first.body.id, second.body.id]);
    expect(list.body.items[1].source).toEqual({ kind: 'chosen', activityIds: [a2, a1] });

    const edited = await w.call('PUT', `/page/${page}/list/${second.body.id}`, {
      token: w.aToken,
      body: { title: '精选活动', source: { kind: 'chosen', activityIds: [a1] }, sortOrder: 0 },
    });
    expect(edited.body).toMatchObject({ id: second.body.id, title: '精选活动', sortOrder: 0 });
    const reloaded = await w.call('GET', `/page/${page}/list`, { token: w.aToken });
    expect(reloaded.body.items.map((c: { id: number }) => c.id)).toEqual([second.body.id, first.body.id]);

    expect((await w.call('DELETE', `/page/${page}/list/${first.body.id}`, { token: w.aToken })).body).toEqual({
      ok: true,
    });
    expectError(
      await w.call('DELETE', `/page/${page}/list/${first.body.id}`, { token: w.aToken }),
      404,
      PAGE_ERRORS.listNotFound,
    );
    await w.call('DELETE', `/page/${page}`, { token: w.aToken });
    const left = await w.t.ctx.db.selectFrom('pageLists').select('id').where('pageId', '=', page).execute();
    expect(left).toEqual([]);
  });

  it('refuses a column of another page, another agent’s page, group or activity, bad input, and more than 50', async () => {
    const page = await createPage(w.aToken);
    const other = await createPage(w.aToken);
    const column = (
      await w.call('POST', `/page/${other}/list`, {
        token: w.aToken,
        body: { title: '别的', source: { kind: 'chosen', activityIds: [] } },
      })
    ).body;
    const body = { title: 'x', source: { kind: 'chosen', activityIds: [] } };
    expectError(
      await w.call('PUT', `/page/${page}/list/${column.id}`, { token: w.aToken, body }),
      404,
      PAGE_ERRORS.listNotFound,
    );
    expectError(await w.call('GET', `/page/${page}/list`, { token: w.bToken }), 404, PAGE_ERRORS.pageNotFound);
    expectError(await w.call('POST', `/page/${page}/list`, { token: w.bToken, body }), 404, PAGE_ERRORS.pageNotFound);
    const bGroup = await createGroup(w.bToken);
    const bActivity = await w.activity(w.bToken);
    expectError(
      await w.call('POST', `/page/${page}/list`, {
        token: w.aToken,
        body: { title: 'x', source: { kind: 'group', groupId: bGroup } },
      }),
      404,
      PAGE_ERRORS.groupNotFound,
    );
    expectError(
      await w.call('POST', `/page/${page}/list`, {
        token: w.aToken,
        body: { title: 'x', source: { kind: 'chosen', activityIds: [bActivity] } },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const noTitle = await w.call('POST', `/page/${page}/list`, { token: w.aToken, body: { ...body, title: '' } });
    expect(noTitle.body).toMatchObject({ statusCode: 400, field: 'title' });
    const badSource = await w.call('POST', `/page/${page}/list`, {
      token: w.aToken,
      body: { title: 'x', source: { kind: 'live' } },
    });
    expect(badSource.body).toMatchObject({ statusCode: 400, field: 'source.kind' });
    expect((await w.call('GET', `/page/${page}/list`, { token: w.aToken })).body.items).toEqual([]);

    for (let i = 0; i < MAX_PAGE_LISTS; i++) {
      expect((await w.call('POST', `/page/${page}/list`, { token: w.aToken, body })).status).toBe(200);
    }
    expectError(await w.call('POST', `/page/${page}/list`, { token: w.aToken, body }), 400, PAGE_ERRORS.tooManyLists, {
      field: 'title',
    });
  });

  it('answers the page agent’s live, hot and new activities as cards', async () => {
    // An agent of its own, so the lists hold only this test's activities.
    const token = await sessionFor(w.t.ctx, (await createAgent(w.t.ctx)).id);
    const page = await createPage(token);
    const [old, recent, live] = [await w.activity(token, '旧'), await w.activity(token, '新'), await w.activity(token)];
    await setActivity(old, { startedAt: new Date('2026-01-01T00:00:00Z') });
    await setActivity(recent, { startedAt: new Date('2026-06-01T00:00:00Z') });
    await setActivity(live, { isPushing: true, startedAt: new Date('2026-03-01T00:00:00Z') });
    await setVisits(old, 50);
    await setVisits(live, 10);
    const deleted = await w.activity(token);
    await w.t.ctx.db.updateTable('activities').set({ deletedAt: new Date() }).where('id', '=', deleted).execute();

    const liveList = await w.call('GET', `/page/${page}/activity/live?pageSize=99`, { token });
    expect(liveList.status, liveList.text).toBe(200);
    expect(liveList.body.pager).toEqual({ page: 1, pageSize: 99, total: 1 });
    expect(liveList.body.items[0]).toMatchObject({
      id: live,
      isPushing: true,
      pv: 10,
      watchUrl: `/watch/${live}`,
      progress: 'OnGoing',
      status: 'enabled',
    });
    const hot = await w.call('GET', `/page/${page}/activities?orderBy=popular`, { token });
    expect(hot.body.items.map((a: { id: number }) => a.id)).toEqual([old, live, recent]);
    expect(hot.body.pager.pageSize).toBe(99);
    const latest = await w.call('GET', `/page/${page}/activities?orderBy=latest`, { token });
    expect(latest.body.items.map((a: { id: number }) => a.id)).toEqual([recent, live, old]);
    expect((await w.call('GET', `/page/${page}/activities?orderBy=random`, { token })).body).toMatchObject({
      statusCode: 400,
      field: 'orderBy',
    });
    expect((await w.call('GET', `/page/${page}/activity/live?pageSize=100`, { token })).body).toMatchObject({
      statusCode: 400,
      field: 'pageSize',
    });
    expectError(await w.call('GET', `/page/${page}/activity/live`, { token: w.aToken }), 404, PAGE_ERRORS.pageNotFound);
  });

  it('answers chosen activities and catalogs in the order given, skipping what is not the page agent’s', async () => {
    const page = await createPage(w.aToken);
    const [a1, a2] = [await w.activity(w.aToken, '甲'), await w.activity(w.aToken, '乙')];
    const bActivity = await w.activity(w.bToken);
    const chosen = await w.call('GET', `/page/${page}/activity/list?activityIds=${a2},${bActivity},${a1},999999`, {
      token: w.aToken,
    });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.items.map((a: { id: number }) => a.id)).toEqual([a2, a1]);
    expect(chosen.body.items[0]).toMatchObject({ name: '乙', pv: 0, cover: '', type: 'live' });
    expect(
      (await w.call('GET', `/page/${page}/activity/list?activityIds=1,x`, { token: w.aToken })).body,
    ).toMatchObject({ statusCode: 400, field: 'activityIds' });

    const catalog = async (token: string, name: string) =>
      (await w.call('POST', '/v3/catalog', { token, body: { name } })).body.id as number;
    const [c1, c2] = [await catalog(w.aToken, `合辑甲${engine}`), await catalog(w.aToken, `合辑乙${engine}`)];
    await w.call('PUT', `/v3/catalog/${c1}/chapters`, {
      token: w.aToken,
      body: { chapters: [{ title: '一', activityIds: [a1, a2] }] },
    });
    await w.call('POST', `/v3/catalog/${c1}/share`, {
      token: w.aToken,
      body: { title: '', description: '', picture: '/files/c.png' },
    });
    const bCatalog = await catalog(w.bToken, `B合辑${engine}`);
    const catalogs = await w.call('GET', `/page/${page}/catalog/list?catalogIds=${c2},${bCatalog},${c1}`, {
      token: w.aToken,
    });
    expect(catalogs.status, catalogs.text).toBe(200);
    expect(catalogs.body.items).toEqual([
      { id: c2, name: `合辑乙${engine}`, cover: '', activityCount: 0, link: `/watch/catalog/${c2}` },
      { id: c1, name: `合辑甲${engine}`, cover: '/files/c.png', activityCount: 2, link: `/watch/catalog/${c1}` },
    ]);
    expectError(
      await w.call('GET', `/page/${page}/catalog/list?catalogIds=${c1}`, { token: w.bToken }),
      404,
      PAGE_ERRORS.pageNotFound,
    );
  });

  it('answers a group’s activities; another agent’s group is 404, and a sub-account sees its own', async () => {
    const group = await createGroup(w.aToken);
    const [a1, a2] = [await w.activity(w.aToken), await w.activity(w.aToken)];
    await setActivity(a1, { groupId: group });
    await setActivity(a2, { groupId: group });
    await setActivity(w.subActivityId, { groupId: group });
    const list = await w.call('GET', `/v3/activity-group/${group}/activities`, { token: w.aToken });
    expect(list.status, list.text).toBe(200);
    expect(list.body.items.map((a: { id: number }) => a.id).sort()).toEqual([a1, a2, w.subActivityId].sort());
    expect(list.body.pager).toMatchObject({ page: 1, pageSize: 99, total: 3 });
    const sub = await w.call('GET', `/v3/activity-group/${group}/activities`, { token: w.subToken });
    expect(sub.body.items.map((a: { id: number }) => a.id)).toEqual([w.subActivityId]);
    expectError(
      await w.call('GET', `/v3/activity-group/${group}/activities`, { token: w.bToken }),
      404,
      PAGE_ERRORS.groupNotFound,
    );
    expectError(
      await w.call('GET', '/v3/activity-group/2147483647/activities', { token: w.aToken }),
      404,
      PAGE_ERRORS.groupNotFound,
    );
  });

  it('sets one home page per agent, unsets it, and a deleted page stops being it; a sub-account may not', async () => {
    const [p1, p2] = [await createPage(w.aToken), await createPage(w.aToken)];
    expect((await w.call('POST', `/page/${p1}/homepage/set`, { token: w.aToken })).body).toEqual({ homepageId: p1 });
    expect((await w.call('GET', `/page/${p1}`, { token: w.aToken })).body.isHomepage).toBe(true);
    expect((await w.call('POST', `/page/${p2}/homepage/set`, { token: w.aToken })).body).toEqual({ homepageId: p2 });
    expect((await w.call('GET', `/page/${p1}`, { token: w.aToken })).body.isHomepage).toBe(false);
    const list = await w.call('GET', '/page?pageSize=100', { token: w.aToken });
    expect(
      list.body.items.filter((p: { isHomepage: boolean }) => p.isHomepage).map((p: { id: number }) => p.id),
    ).toEqual([p2]);
    // Unsetting a page that is not the home page leaves the home page alone.
    expect((await w.call('POST', `/page/${p1}/homepage/unset`, { token: w.aToken })).body).toEqual({ homepageId: p2 });
    expect((await w.call('POST', `/page/${p2}/homepage/unset`, { token: w.aToken })).body).toEqual({
      homepageId: null,
    });
    await w.call('POST', `/page/${p1}/homepage/set`, { token: w.aToken });
    await w.call('DELETE', `/page/${p1}`, { token: w.aToken });
    expect((await w.call('POST', `/page/${p2}/homepage/unset`, { token: w.aToken })).body).toEqual({
      homepageId: null,
    });

    expect((await w.call('POST', `/page/${p2}/homepage/other`, { token: w.aToken })).body).toMatchObject({
      statusCode: 400,
      field: 'action',
    });
    expectError(await w.call('POST', `/page/${p2}/homepage/set`, { token: w.bToken }), 404, PAGE_ERRORS.pageNotFound);
    expect((await w.call('POST', `/page/${p2}/homepage/set`, { token: w.subToken })).status).toBe(403);
  });

  it('saves the bottom navigation, checks its links and refuses bad input', async () => {
    const page = await createPage(w.aToken);
    const activity = await w.activity(w.aToken);
    const nav = {
      enabled: true,
      items: [
        { title: '首页', icon: '/files/home.png', link: { kind: 'page', pageId: page } },
        { title: '直播', link: { kind: 'activity', activityId: activity } },
        { title: '官网', link: { kind: 'url', url: 'https://example.com' } },
      ],
    };
    const saved = await w.call('POST', `/page/${page}/homepage/bottom-nav`, { token: w.aToken, body: nav });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, color: '#666666', activeColor: '#1677ff' });
    expect((await w.call('GET', `/page/${page}`, { token: w.aToken })).body.bottomNav).toEqual(saved.body);

    const bActivity = await w.activity(w.bToken);
    expectError(
      await w.call('POST', `/page/${page}/homepage/bottom-nav`, {
        token: w.aToken,
        body: { items: [{ title: 'x', link: { kind: 'activity', activityId: bActivity } }] },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const six = Array.from({ length: 6 }, () => ({ title: 'x', link: { kind: 'none' } }));
    expect(
      (await w.call('POST', `/page/${page}/homepage/bottom-nav`, { token: w.aToken, body: { items: six } })).body,
    ).toMatchObject({ statusCode: 400, field: 'items' });
    expect(
      (
        await w.call('POST', `/page/${page}/homepage/bottom-nav`, {
          token: w.aToken,
          body: { items: [{ title: '', link: { kind: 'none' } }] },
        })
      ).body,
    ).toMatchObject({ statusCode: 400, field: 'items.0.title' });
    expectError(
      await w.call('POST', `/page/${page}/homepage/bottom-nav`, { token: w.bToken, body: nav }),
      404,
      PAGE_ERRORS.pageNotFound,
    );
    expect((await w.call('GET', `/page/${page}`, { token: w.aToken })).body.bottomNav).toEqual(saved.body);
  });
});
