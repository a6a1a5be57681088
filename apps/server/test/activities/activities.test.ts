import { ERROR_MESSAGES } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createAgent,
  createSubagent,
  engines,
  expectError,
  sessionFor,
  startApp,
  type TestApp,
} from '../harness.ts';

describe.each(engines)('activities on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let sub: string;
  let subagentId: number;

  const create = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/activity', { token, body });

  beforeAll(async () => {
    t = await startApp(engine);
    const a = await createAgent(t.ctx);
    const b = await createAgent(t.ctx);
    owner = await sessionFor(t.ctx, a.id);
    other = await sessionFor(t.ctx, b.id);
    const s = await createSubagent(t.ctx, { agentId: a.id });
    subagentId = s.id;
    sub = await sessionFor(t.ctx, a.id, s.id);
  });
  afterAll(() => t.close());

  it('creates a live activity with defaults, a stream and no end date', async () => {
    const response = await create(owner, { name: '新品发布会' });
    expect(response.status).toBe(200);
    const activity = response.body;
    expect(activity).toMatchObject({
      name: '新品发布会',
      type: 'live',
      status: 'enabled',
      progress: 'NotStart',
      isPushing: false,
      isArchived: false,
      endedAt: null,
      meta: { liveMode: 'pull' },
      spend: 0,
    });
    expect(activity.stream.pushUrl).toBe(`${activity.stream.pushServer}/${activity.stream.pushStreamKey}`);
    expect(activity.stream.pushStreamKey).toMatch(new RegExp(`^${activity.stream.stream}\\?key=.{16,}$`));
    expect(activity.stream.pullSource.flv).toMatch(/\/live\/live\/s[a-z0-9]+\.flv$/);
    const read = await call(t.app, 'GET', `/activity/${activity.id}`, { token: owner });
    expect(read.body).toEqual(activity);
  });

  it('refuses a duplicate name, a bad type and an end before the start, writing nothing', async () => {
    await create(owner, { name: '唯一名称' });
    expectError(await create(owner, { name: '唯一名称' }), 400, ERROR_MESSAGES.activityNameExists, { field: 'name' });
    const badType = await create(owner, { name: 'x', type: 'radio' });
    expect(badType.status).toBe(400);
    expect(badType.body.field).toBe('type');
    const badTimes = await create(owner, {
      name: '时间错误',
      startedAt: '2026-05-02T00:00:00Z',
      endedAt: '2026-05-01T00:00:00Z',
    });
    expectError(badTimes, 400, 'endedAt: The end must come after the start', {
      code: 'VALIDATION_FAILED',
      field: 'endedAt',
    });
    const list = await call(t.app, 'GET', '/activity?name=时间错误', { token: owner });
    expect(list.body.pager.total).toBe(0);
    // Another agent may use the same name.
    expect((await create(other, { name: '唯一名称' })).status).toBe(200);
  });

  it('lists by the seed order, filters by status, name, group and archive, and pages', async () => {
    const agent = await createAgent(t.ctx);
    const token = await sessionFor(t.ctx, agent.id);
    const past = '2025-01-01T00:00:00Z';
    const future = '2099-01-01T00:00:00Z';
    const ongoing = (await create(token, { name: '进行中', startedAt: past })).body;
    const notStarted = (await create(token, { name: '未开始', startedAt: future })).body;
    const pushing = (await create(token, { name: '推流中', startedAt: past })).body;
    await t.ctx.db.updateTable('activities').set({ isPushing: true }).where('id', '=', pushing.id).execute();
    const group = (await call(t.app, 'POST', '/agent/activity-group', { token, body: { name: '年会' } })).body;
    await call(t.app, 'PUT', `/activity/${notStarted.id}`, { token, body: { groupId: group.id } });
    const archived = (await create(token, { name: '已归档' })).body;
    await call(t.app, 'PUT', `/activity/${archived.id}/archive`, { token, body: { isArchived: true } });

    const names = async (query: string) =>
      (await call(t.app, 'GET', `/activity?${query}`, { token })).body.items.map((item: { name: string }) => item.name);
    expect(await names('')).toEqual(['推流中', '未开始', '进行中']);
    expect(await names('status=enabled')).toEqual(['推流中', '进行中']);
    expect(await names('status=unenabled')).toEqual(['未开始']);
    expect(await names('status=-1')).toEqual(['推流中', '未开始', '进行中']);
    expect(await names(`groupId=${group.id}`)).toEqual(['未开始']);
    expect(await names('groupId=-1')).toEqual(['推流中', '未开始', '进行中']);
    expect(await names('groupId=-2')).toEqual(['已归档']);
    expect(await names('isArchived=true')).toEqual(['已归档']);
    expect(await names('name=进行')).toEqual(['进行中']);
    expect(await names(`activityId=${ongoing.id}`)).toEqual(['进行中']);

    await t.ctx.db.updateTable('activities').set({ spend: '12.50' }).where('id', '=', ongoing.id).execute();
    const listed = (await call(t.app, 'GET', `/activity?activityId=${ongoing.id}`, { token })).body.items[0];
    expect(listed.spend).toBe(12.5);

    const page2 = await call(t.app, 'GET', '/activity?page=2&pageSize=2', { token });
    expect(page2.body.pager).toEqual({ page: 2, pageSize: 2, total: 3 });
    expect(page2.body.items.map((item: { name: string }) => item.name)).toEqual(['进行中']);
    expect((await call(t.app, 'GET', '/activity?pageSize=101', { token })).body.field).toBe('pageSize');
  });

  it('copies and duplicates an activity with its configuration; copy channel takes the channel only', async () => {
    const a = (await create(owner, { name: '带配置的活动' })).body;
    const template = (await call(t.app, 'GET', `/activity/${a.id}/template`, { token: owner })).body;
    const saved = await call(t.app, 'PUT', `/activity/${a.id}/template`, {
      token: owner,
      body: { ...template, positionLogo: 'leftTop', colorBackground: '#123456' },
    });
    expect(saved.status, saved.text).toBe(200);
    const card = { title: '分享标题', description: '分享描述', image: '' };
    expect((await call(t.app, 'PUT', `/activity/${a.id}/shareCard`, { token: owner, body: card })).status).toBe(200);
    expect(
      (
        await call(t.app, 'POST', `/v3/activity/${a.id}/extension/lottery`, {
          token: owner,
          body: { prizeName: '耳机' },
        })
      ).status,
    ).toBe(200);

    const copy = (await call(t.app, 'POST', `/activity/${a.id}/copy`, { token: owner })).body;
    const duplicate = (
      await call(t.app, 'POST', `/v3/activity/${a.id}/duplicate`, { token: owner, body: { name: '另存的活动' } })
    ).body;
    expect(duplicate.name).toBe('另存的活动');
    for (const id of [copy.id, duplicate.id]) {
      const copied = (await call(t.app, 'GET', `/activity/${id}/template`, { token: owner })).body;
      expect(copied).toMatchObject({ positionLogo: 'leftTop', colorBackground: '#123456' });
      expect((await call(t.app, 'GET', `/activity/${id}/shareCard`, { token: owner })).body).toMatchObject(card);
      const lottery = (await call(t.app, 'GET', `/v3/activity/${id}/extension/lottery`, { token: owner })).body;
      expect(JSON.stringify(lottery)).toContain('耳机');
    }
    // The copy's configuration is its own: changing it leaves the original as it was.
    await call(t.app, 'PUT', `/activity/${copy.id}/template`, {
      token: owner,
      body: { ...template, positionLogo: 'rightTop' },
    });
    expect((await call(t.app, 'GET', `/activity/${a.id}/template`, { token: owner })).body.positionLogo).toBe(
      'leftTop',
    );
    const channel = (await call(t.app, 'POST', `/activity/${a.id}/copy-channel`, { token: owner })).body;
    expect((await call(t.app, 'GET', `/activity/${channel.id}/template`, { token: owner })).body.positionLogo).not.toBe(
      'leftTop',
    );
  });

  it('edits, copies under a free name, archives and deletes one or many', async () => {
    const a = (await create(owner, { name: '原活动' })).body;
    const edited = await call(t.app, 'PUT', `/activity/${a.id}`, {
      token: owner,
      body: { name: '改名后', type: 'video', endedAt: '2099-01-01T00:00:00.000Z' },
    });
    expect(edited.body).toMatchObject({ name: '改名后', type: 'video', endedAt: '2099-01-01T00:00:00.000Z' });
    const copy1 = (await call(t.app, 'POST', `/activity/${a.id}/copy`, { token: owner })).body;
    const copy2 = (await call(t.app, 'POST', `/activity/${a.id}/copy`, { token: owner })).body;
    expect([copy1.name, copy2.name]).toEqual(['改名后 (副本 1)', '改名后 (副本 2)']);
    expect(copy1.stream.stream).not.toBe(a.stream.stream);

    const foreign = (await create(other, { name: '别人的' })).body;
    expectError(
      await call(t.app, 'DELETE', '/activity', { token: owner, body: { ids: [copy1.id, foreign.id] } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await call(t.app, 'GET', `/activity/${copy1.id}`, { token: owner })).status).toBe(200);
    expect(
      (await call(t.app, 'DELETE', '/activity', { token: owner, body: { ids: [copy1.id, copy2.id] } })).status,
    ).toBe(200);
    expectError(
      await call(t.app, 'GET', `/activity/${copy2.id}`, { token: owner }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await call(t.app, 'DELETE', `/activity/${a.id}`, { token: owner })).status).toBe(200);
    // The name is free again once deleted.
    expect((await create(owner, { name: '改名后' })).status).toBe(200);
  });

  it('duplicates under a chosen name and creates many at once, all or none', async () => {
    const a = (await create(owner, { name: '模板活动' })).body;
    const dup = await call(t.app, 'POST', `/v3/activity/${a.id}/duplicate`, {
      token: owner,
      body: { name: '复制出的活动' },
    });
    expect(dup.body).toMatchObject({ name: '复制出的活动', type: 'live' });
    expectError(
      await call(t.app, 'POST', `/v3/activity/${a.id}/duplicate`, { token: owner, body: { name: '复制出的活动' } }),
      400,
      ERROR_MESSAGES.activityNameExists,
      { field: 'name' },
    );
    const bulk = await call(t.app, 'POST', '/v3/activity/bulk-activity', {
      token: owner,
      body: { activities: [{ name: '批量一' }, { name: '批量二', type: 'video' }] },
    });
    expect(bulk.body.items.map((item: { name: string }) => item.name)).toEqual(['批量一', '批量二']);
    const clash = await call(t.app, 'POST', '/v3/activity/bulk-activity', {
      token: owner,
      body: { activities: [{ name: '批量三' }, { name: '批量一' }] },
    });
    // The field names the batch's entry whose name is taken.
    expectError(clash, 400, ERROR_MESSAGES.activityNameExists, { field: 'activities.1.name' });
    expect((await call(t.app, 'GET', '/activity?name=批量三', { token: owner })).body.pager.total).toBe(0);
    const repeated = await call(t.app, 'POST', '/v3/activity/bulk-activity', {
      token: owner,
      body: { activities: [{ name: '重复' }, { name: '重复' }] },
    });
    expectError(repeated, 400, ERROR_MESSAGES.activityNameExists, { field: 'activities.1.name' });
  });

  it('copies a channel without its schedule', async () => {
    const a = (
      await create(owner, {
        name: '频道源',
        type: 'video',
        startedAt: '2026-03-01T00:00:00Z',
        endedAt: '2026-03-02T00:00:00Z',
      })
    ).body;
    const copy = await call(t.app, 'POST', `/activity/${a.id}/copy-channel`, { token: owner });
    expect(copy.body).toMatchObject({ name: '频道源 (副本 1)', type: 'video', startedAt: null, endedAt: null });
    expect(copy.body.stream.stream).not.toBe(a.stream.stream);
    expectError(
      await call(t.app, 'POST', `/activity/${a.id}/copy-channel`, { token: other }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
  });

  it('lists the sub-accounts the list can filter by', async () => {
    const parent = await call(t.app, 'GET', '/activity/subagent', { token: owner });
    expect(parent.body.items).toEqual([{ id: subagentId, remark: expect.any(String) }]);
    expect((await call(t.app, 'GET', '/activity/subagent', { token: other })).body.items).toEqual([]);
  });

  it('keeps groups per agent with unique names; deleting one keeps its activities', async () => {
    const g = await call(t.app, 'POST', '/agent/activity-group', { token: owner, body: { name: '培训' } });
    expect(g.body).toMatchObject({ name: '培训', activityCount: 0 });
    expectError(
      await call(t.app, 'POST', '/agent/activity-group', { token: owner, body: { name: '培训' } }),
      400,
      ERROR_MESSAGES.groupNameExists,
      { field: 'name' },
    );
    const a = (await create(owner, { name: '分组内活动', groupId: g.body.id })).body;
    const renamed = await call(t.app, 'PUT', `/agent/activity-group/${g.body.id}`, {
      token: owner,
      body: { name: '内训' },
    });
    expect(renamed.body).toEqual({ id: g.body.id, name: '内训', activityCount: 1 });
    expect((await call(t.app, 'DELETE', `/agent/activity-group/${g.body.id}`, { token: owner })).status).toBe(200);
    expect((await call(t.app, 'GET', `/activity/${a.id}`, { token: owner })).body.groupId).toBeNull();
  });

  it("answers 404 for another agent's activity and group, and changes nothing", async () => {
    const mine = (await create(owner, { name: '私有活动' })).body;
    const group = (await call(t.app, 'POST', '/agent/activity-group', { token: owner, body: { name: '私有分组' } }))
      .body;
    const attempts = [
      call(t.app, 'GET', `/activity/${mine.id}`, { token: other }),
      call(t.app, 'PUT', `/activity/${mine.id}`, { token: other, body: { name: '被改' } }),
      call(t.app, 'PUT', `/activity/${mine.id}/archive`, { token: other, body: { isArchived: true } }),
      call(t.app, 'POST', `/activity/${mine.id}/copy`, { token: other }),
      call(t.app, 'DELETE', `/activity/${mine.id}`, { token: other }),
    ];
    for (const response of await Promise.all(attempts)) expectError(response, 404, ERROR_MESSAGES.activityNotFound);
    expectError(
      await call(t.app, 'POST', '/activity', { token: other, body: { name: '借用分组', groupId: group.id } }),
      404,
      ERROR_MESSAGES.activityGroupNotFound,
    );
    expectError(
      await call(t.app, 'DELETE', `/agent/activity-group/${group.id}`, { token: other }),
      404,
      ERROR_MESSAGES.activityGroupNotFound,
    );
    const after = (await call(t.app, 'GET', `/activity/${mine.id}`, { token: owner })).body;
    expect(after).toMatchObject({ name: '私有活动', isArchived: false });
  });

  it('lets a sub-account see and create only its own activities', async () => {
    const parents = (await create(owner, { name: '主账号活动' })).body;
    const own = (await create(sub, { name: '子账号活动' })).body;
    expect(own.subagentId).toBe(subagentId);
    const seen = (await call(t.app, 'GET', '/activity?pageSize=100', { token: sub })).body.items.map(
      (item: { id: number }) => item.id,
    );
    expect(seen).toEqual([own.id]);
    expectError(
      await call(t.app, 'GET', `/activity/${parents.id}`, { token: sub }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    // The parent sees both, and can filter by the sub-account.
    const bySub = await call(t.app, 'GET', `/activity?subagentId=${subagentId}`, { token: owner });
    expect(bySub.body.items.map((item: { id: number }) => item.id)).toEqual([own.id]);
  });

  it('lets a publish start only with the right key, and follows it to the end', async () => {
    const a = (await create(owner, { name: '推流活动' })).body;
    const key = a.stream.pushStreamKey.split('?key=')[1];
    const hook = (name: string, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ingest/hooks/${name}`,
        payload: new URLSearchParams(body).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const refused = await hook('on_publish', { call: 'publish', app: 'live', name: a.stream.stream, key: 'wrong' });
    expect(refused.statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/activity/${a.id}`, { token: owner })).body.isPushing).toBe(false);
    const allowed = await hook('on_publish', { call: 'publish', app: 'live', name: a.stream.stream, key });
    expect(allowed.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/activity/${a.id}`, { token: owner })).body.isPushing).toBe(true);
    // SRS sends JSON with the query in param.
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/hooks/on_publish_done',
      payload: { action: 'on_unpublish', app: 'live', stream: a.stream.stream, param: `?key=${key}` },
    });
    expect(done.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/activity/${a.id}`, { token: owner })).body.isPushing).toBe(false);
  });
});
