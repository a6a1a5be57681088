import { CATALOG_APPEARANCE_DEFAULTS, CATALOG_ERRORS, ERROR_MESSAGES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_LIMIT } from '../../src/features/portal-page/index.ts';
import { useWorld } from '../activity-world.ts';
import { engines, expectError, nextIp } from '../harness.ts';

let counter = 0;
const uniqueName = (prefix = '合辑') => `${prefix} ${++counter}`;

describe.each(engines)('catalogs on %s', (engine) => {
  const w = useWorld(engine);
  const create = async (token: string, name = uniqueName()) => {
    const response = await w.call('POST', '/v3/catalog', { token, body: { name } });
    expect(response.status, response.text).toBe(200);
    return response.body as { id: number; name: string };
  };

  it('creates, lists newest first, reads, renames and deletes a catalog', async () => {
    const first = await w.call('POST', '/v3/catalog', { token: w.aToken, body: { name: '  春季发布会  ' } });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ name: '春季发布会', chapterCount: 0, activityCount: 0 });
    expect(first.body.link).toBe(`/watch/catalog/${first.body.id}`);
    const second = await create(w.aToken, '秋季发布会');
    const list = await w.call('GET', '/v3/catalog?name=发布会', { token: w.aToken });
    expect(list.body.pager).toEqual({ page: 1, pageSize: 10, total: 2 });
    expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([second.id, first.body.id]);
    expect((await w.call('GET', '/v3/catalog?name=秋季', { token: w.aToken })).body.items).toHaveLength(1);

    const read = await w.call('GET', `/v3/catalog/${first.body.id}`, { token: w.aToken });
    expect(read.body).toMatchObject({ id: first.body.id, name: '春季发布会' });
    const renamed = await w.call('PUT', `/v3/catalog/${first.body.id}`, {
      token: w.aToken,
      body: { name: '春季新品' },
    });
    expect(renamed.body).toMatchObject({ id: first.body.id, name: '春季新品' });
    // Renaming to its own name is no clash.
    expect(
      (await w.call('PUT', `/v3/catalog/${first.body.id}`, { token: w.aToken, body: { name: '春季新品' } })).status,
    ).toBe(200);

    expect((await w.call('DELETE', `/v3/catalog/${first.body.id}`, { token: w.aToken })).body).toEqual({ ok: true });
    expectError(
      await w.call('GET', `/v3/catalog/${first.body.id}`, { token: w.aToken }),
      404,
      CATALOG_ERRORS.catalogNotFound,
    );
    expectError(
      await w.call('DELETE', `/v3/catalog/${first.body.id}`, { token: w.aToken }),
      404,
      CATALOG_ERRORS.catalogNotFound,
    );
  });

  it('refuses a name used by another catalog of the agent, and a name over 60 characters (seed 001 §5, §8)', async () => {
    const taken = await create(w.aToken);
    const other = await create(w.aToken);
    expectError(
      await w.call('POST', '/v3/catalog', { token: w.aToken, body: { name: taken.name } }),
      400,
      CATALOG_ERRORS.nameTaken,
      { field: 'name' },
    );
    expectError(
      await w.call('PUT', `/v3/catalog/${other.id}`, { token: w.aToken, body: { name: taken.name } }),
      400,
      CATALOG_ERRORS.nameTaken,
      { field: 'name' },
    );
    // Another agent may use the same name.
    expect((await w.call('POST', '/v3/catalog', { token: w.bToken, body: { name: taken.name } })).status).toBe(200);

    expect((await w.call('POST', '/v3/catalog', { token: w.aToken, body: { name: '合'.repeat(60) } })).status).toBe(
      200,
    );
    const long = await w.call('PUT', `/v3/catalog/${other.id}`, { token: w.aToken, body: { name: '合'.repeat(61) } });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ field: 'name', message: `name: ${CATALOG_ERRORS.nameTooLong}` });
    const empty = await w.call('POST', '/v3/catalog', { token: w.aToken, body: { name: '   ' } });
    expect(empty.body).toMatchObject({ field: 'name', message: `name: ${CATALOG_ERRORS.nameRequired}` });
    expect((await w.call('GET', `/v3/catalog/${other.id}`, { token: w.aToken })).body.name).toBe(other.name);
  });

  it('replaces the chapters in order, keeps the activity list’s catalogId, and frees removed activities', async () => {
    const catalog = await create(w.aToken);
    const [a1, a2, a3] = [await w.activity(w.aToken, '第一讲'), await w.activity(w.aToken), await w.activity(w.aToken)];
    const put = await w.call('PUT', `/v3/catalog/${catalog.id}/chapters`, {
      token: w.aToken,
      body: {
        chapters: [
          { title: ' 第一章 ', activityIds: [a2, a1] },
          { title: '第二章', activityIds: [] },
          { title: '第三章', activityIds: [a3] },
        ],
      },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.items.map((c: { title: string }) => c.title)).toEqual(['第一章', '第二章', '第三章']);
    expect(put.body.items[0].activities.map((a: { id: number }) => a.id)).toEqual([a2, a1]);
    expect(put.body.items[0].activities[1]).toMatchObject({
      id: a1,
      name: '第一讲',
      type: 'live',
      progress: 'NotStart',
    });
    const got = await w.call('GET', `/v3/catalog/${catalog.id}/chapters`, { token: w.aToken });
    expect(got.body).toEqual(put.body);
    expect((await w.call('GET', `/v3/catalog/${catalog.id}`, { token: w.aToken })).body).toMatchObject({
      chapterCount: 3,
      activityCount: 3,
    });

    // The activity list filters by catalogId (seed 001 §7).
    const listed = await w.call('GET', `/activity?catalogId=${catalog.id}`, { token: w.aToken });
    expect(listed.body.items.map((a: { id: number }) => a.id).sort()).toEqual([a1, a2, a3].sort());
    expect(listed.body.items.every((a: { catalogId: number }) => a.catalogId === catalog.id)).toBe(true);

    // Removing an activity frees it: the list no longer has it and another catalog may take it.
    await w.call('PUT', `/v3/catalog/${catalog.id}/chapters`, {
      token: w.aToken,
      body: { chapters: [{ title: '第一章', activityIds: [a1] }] },
    });
    const after = await w.call('GET', `/activity?catalogId=${catalog.id}`, { token: w.aToken });
    expect(after.body.items.map((a: { id: number }) => a.id)).toEqual([a1]);
    const other = await create(w.aToken);
    expect(
      (
        await w.call('PUT', `/v3/catalog/${other.id}/chapters`, {
          token: w.aToken,
          body: { chapters: [{ title: '别处', activityIds: [a2] }] },
        })
      ).status,
    ).toBe(200);
    // A copied activity is in no catalog.
    const copy = await w.call('POST', `/activity/${a1}/copy`, { token: w.aToken });
    expect(copy.status, copy.text).toBe(200);
    const copied = await w.call('GET', `/activity?activityId=${copy.body.id}`, { token: w.aToken });
    expect(copied.body.items[0].catalogId).toBeNull();

    // Deleting the catalog frees its activities.
    await w.call('DELETE', `/v3/catalog/${catalog.id}`, { token: w.aToken });
    expect((await w.call('GET', `/activity?activityId=${a1}`, { token: w.aToken })).body.items[0].catalogId).toBeNull();
    expect(
      (
        await w.call('PUT', `/v3/catalog/${other.id}/chapters`, {
          token: w.aToken,
          body: { chapters: [{ title: '别处', activityIds: [a2, a1] }] },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses an activity used by another catalog, twice in one catalog, and titles over 15 (seed 001 §8)', async () => {
    const first = await create(w.aToken);
    const second = await create(w.aToken);
    const used = await w.activity(w.aToken);
    const free = await w.activity(w.aToken);
    await w.call('PUT', `/v3/catalog/${first.id}/chapters`, {
      token: w.aToken,
      body: { chapters: [{ title: '第一章', activityIds: [used] }] },
    });
    await w.call('PUT', `/v3/catalog/${second.id}/chapters`, {
      token: w.aToken,
      body: { chapters: [{ title: '原有', activityIds: [free] }] },
    });
    expectError(
      await w.call('PUT', `/v3/catalog/${second.id}/chapters`, {
        token: w.aToken,
        body: { chapters: [{ title: '新章', activityIds: [free, used] }] },
      }),
      400,
      CATALOG_ERRORS.activityInOtherCatalog,
      { field: 'chapters' },
    );
    expectError(
      await w.call('PUT', `/v3/catalog/${second.id}/chapters`, {
        token: w.aToken,
        body: {
          chapters: [
            { title: '甲', activityIds: [free] },
            { title: '乙', activityIds: [free] },
          ],
        },
      }),
      400,
      CATALOG_ERRORS.activityTwice,
      { field: 'chapters' },
    );
    const long = await w.call('PUT', `/v3/catalog/${second.id}/chapters`, {
      token: w.aToken,
      body: { chapters: [{ title: '章'.repeat(16), activityIds: [] }] },
    });
    expect(long.body).toMatchObject({
      statusCode: 400,
      field: 'chapters.0.title',
      message: `chapters.0.title: ${CATALOG_ERRORS.chapterTitleTooLong}`,
    });
    const blank = await w.call('PUT', `/v3/catalog/${second.id}/chapters`, {
      token: w.aToken,
      body: { chapters: [{ title: ' ', activityIds: [] }] },
    });
    expect(blank.body.field).toBe('chapters.0.title');
    // Nothing of the refused saves was written.
    const chapters = await w.call('GET', `/v3/catalog/${second.id}/chapters`, { token: w.aToken });
    expect(chapters.body.items).toEqual([expect.objectContaining({ title: '原有' })]);
    expect(chapters.body.items[0].activities.map((a: { id: number }) => a.id)).toEqual([free]);
    // 15 characters are allowed; the catalog that holds an activity may keep it.
    expect(
      (
        await w.call('PUT', `/v3/catalog/${first.id}/chapters`, {
          token: w.aToken,
          body: { chapters: [{ title: '章'.repeat(15), activityIds: [used] }] },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses an activity bound to a registration (添加失败，活动已被应用在其它报名表下), not one of a form application', async () => {
    const catalog = await create(w.aToken);
    const [enrolled, withForm, free] = [
      await w.activity(w.aToken),
      await w.activity(w.aToken),
      await w.activity(w.aToken),
    ];
    const enroll = await w.call('POST', '/v3/registration', { token: w.aToken, body: { name: uniqueName('报名表') } });
    expect(enroll.status, enroll.text).toBe(200);
    const bound = await w.call('POST', `/v3/registration/${enroll.body.id}/bind`, {
      token: w.aToken,
      body: { activityIds: [enrolled] },
    });
    expect(bound.status, bound.text).toBe(200);
    const form = await w.call('POST', '/v3/registration', {
      token: w.aToken,
      body: { kind: 'form', name: uniqueName('表单') },
    });
    expect(form.status, form.text).toBe(200);
    await w.call('POST', `/v3/registration/${form.body.id}/bind`, {
      token: w.aToken,
      body: { activityIds: [withForm] },
    });

    expectError(
      await w.call('PUT', `/v3/catalog/${catalog.id}/chapters`, {
        token: w.aToken,
        body: { chapters: [{ title: '报名', activityIds: [free, enrolled] }] },
      }),
      400,
      CATALOG_ERRORS.activityInOtherRegistration,
      { field: 'chapters' },
    );
    expect((await w.call('GET', `/v3/catalog/${catalog.id}/chapters`, { token: w.aToken })).body.items).toEqual([]);
    expect(
      (
        await w.call('PUT', `/v3/catalog/${catalog.id}/chapters`, {
          token: w.aToken,
          body: { chapters: [{ title: '表单', activityIds: [free, withForm] }] },
        })
      ).status,
    ).toBe(200);
    // Unbound, the activity may join.
    await w.call('POST', `/v3/registration/${enroll.body.id}/unbind`, {
      token: w.aToken,
      body: { activityIds: [enrolled] },
    });
    expect(
      (
        await w.call('PUT', `/v3/catalog/${catalog.id}/chapters`, {
          token: w.aToken,
          body: { chapters: [{ title: '表单', activityIds: [free, withForm, enrolled] }] },
        })
      ).status,
    ).toBe(200);
  });

  it('two catalogs saving the same activity at once: one wins, the other is refused', async () => {
    const [x, y] = [await create(w.aToken), await create(w.aToken)];
    const activity = await w.activity(w.aToken);
    const save = (catalogId: number) =>
      w.call('PUT', `/v3/catalog/${catalogId}/chapters`, {
        token: w.aToken,
        body: { chapters: [{ title: '抢', activityIds: [activity] }] },
      });
    const results = await Promise.all([save(x.id), save(y.id)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    const refused = results.find((r) => r.status === 400);
    expect(refused?.body.message).toBe(CATALOG_ERRORS.activityInOtherCatalog);
    const holders = await w.t.ctx.db
      .selectFrom('catalogActivities')
      .select('catalogId')
      .where('activityId', '=', activity)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('two saves of the same catalog take turns: the chapters are one save’s, whole', async () => {
    const catalog = await create(w.aToken);
    const [x, y] = [await w.activity(w.aToken), await w.activity(w.aToken)];
    const save = (title: string, activityId: number) =>
      w.call('PUT', `/v3/catalog/${catalog.id}/chapters`, {
        token: w.aToken,
        body: { chapters: [{ title, activityIds: [activityId] }] },
      });
    const results = await Promise.all([save('甲', x), save('乙', y)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const chapters = (await w.call('GET', `/v3/catalog/${catalog.id}/chapters`, { token: w.aToken })).body.items;
    expect(chapters).toHaveLength(1);
    expect([
      ['甲', x],
      ['乙', y],
    ]).toContainEqual([chapters[0].title, chapters[0].activities[0].id]);
  });

  it('saves the share card, the sanitised description and the appearance, with defaults before a save', async () => {
    const catalog = await create(w.aToken);
    const base = `/v3/catalog/${catalog.id}`;
    expect((await w.call('GET', `${base}/share`, { token: w.aToken })).body).toEqual({
      title: '',
      description: '',
      picture: '',
    });
    const share = { title: '合辑分享', description: '一起来看', picture: 'https://example.com/a.png' };
    expect((await w.call('POST', `${base}/share`, { token: w.aToken, body: share })).body).toEqual(share);
    expect((await w.call('GET', `${base}/share`, { token: w.aToken })).body).toEqual(share);
    const badPicture = await w.call('POST', `${base}/share`, {
      token: w.aToken,
      body: { ...share, picture: 'javascript:alert(1)' },
    });
    expect(badPicture.body.field).toBe('picture');

    expect((await w.call('GET', `${base}/abstract`, { token: w.aToken })).body).toEqual({ description: '' });
    const saved = await w.call('POST', `${base}/abstract`, {
      token: w.aToken,
      body: { description: '<p onclick="x()">介绍<script>alert(1)</script><a href="javascript:x">链接</a></p>' },
    });
    expect(saved.body.description).not.toMatch(/script|onclick|javascript/);
    expect(saved.body.description).toContain('<p>介绍<a');
    expect((await w.call('GET', `${base}/abstract`, { token: w.aToken })).body).toEqual(saved.body);

    expect((await w.call('GET', `${base}/appearance`, { token: w.aToken })).body).toEqual(CATALOG_APPEARANCE_DEFAULTS);
    const look = { chaptersHeading: '课程目录', abstractHeading: '介绍', themeColor: '#ff6600' };
    expect((await w.call('POST', `${base}/appearance`, { token: w.aToken, body: look })).body).toEqual(look);
    expect((await w.call('GET', `${base}/appearance`, { token: w.aToken })).body).toEqual(look);
    const tooLong = await w.call('POST', `${base}/appearance`, {
      token: w.aToken,
      body: { ...look, chaptersHeading: '课程目录表' },
    });
    expect(tooLong.body).toMatchObject({
      field: 'chaptersHeading',
      message: `chaptersHeading: ${CATALOG_ERRORS.headingTooLong}`,
    });
    const missing = await w.call('POST', `${base}/appearance`, {
      token: w.aToken,
      body: { ...look, abstractHeading: '' },
    });
    expect(missing.body).toMatchObject({
      field: 'abstractHeading',
      message: `abstractHeading: ${CATALOG_ERRORS.headingRequired}`,
    });
    expect((await w.call('GET', `${base}/appearance`, { token: w.aToken })).body).toEqual(look);
  });

  it('the public page lists the chapters with links to the watch pages and the share card as og: tags', async () => {
    const catalog = await create(w.aToken, '公开<合辑>');
    const activity = await w.activity(w.aToken, '开场直播');
    await w.call('PUT', `/v3/catalog/${catalog.id}/chapters`, {
      token: w.aToken,
      body: {
        chapters: [
          { title: '上午场', activityIds: [activity] },
          { title: '下午场', activityIds: [] },
        ],
      },
    });
    await w.call('POST', `/v3/catalog/${catalog.id}/share`, {
      token: w.aToken,
      body: { title: '分享"标题"', description: '分享描述', picture: '/files/a.png' },
    });
    await w.call('POST', `/v3/catalog/${catalog.id}/abstract`, {
      token: w.aToken,
      body: { description: '<p>合辑简介</p>' },
    });
    const page = await w.t.app.inject({ method: 'GET', url: `/watch/catalog/${catalog.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>公开&lt;合辑&gt;</title>');
    expect(page.body).toContain('<meta property="og:title" content="分享&quot;标题&quot;">');
    expect(page.body).toContain('<meta property="og:description" content="分享描述">');
    expect(page.body).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/files\/a\.png">/);
    expect(page.body).toContain('上午场');
    expect(page.body).toContain('下午场');
    expect(page.body).toContain(`href="/watch/${activity}"`);
    expect(page.body).toContain('开场直播');
    expect(page.body).toContain('<p>合辑简介</p>');
    expect(page.body).toContain('>目录<');

    expect((await w.t.app.inject({ method: 'GET', url: '/watch/catalog/999999' })).statusCode).toBe(404);
    expect((await w.t.app.inject({ method: 'GET', url: '/watch/catalog/abc' })).statusCode).toBe(404);

    // Loads per address are bounded, as for the portal and aggregation pages.
    const ip = nextIp();
    await w.t.ctx.limits.hit(`public-page:ip:${ip}`, PUBLIC_PAGE_LIMIT.windowMs, PUBLIC_PAGE_LIMIT.max - 1);
    const load = (remoteAddress: string) =>
      w.t.app.inject({ method: 'GET', url: `/watch/catalog/${catalog.id}`, remoteAddress });
    expect((await load(ip)).statusCode).toBe(200);
    const refused = await load(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await load(nextIp())).statusCode).toBe(200);
  });

  it('another agent’s catalog or activity answers 404 and changes nothing; a sub-account sees its own', async () => {
    const aCatalog = await create(w.aToken);
    const aActivity = await w.activity(w.aToken);
    const bCatalog = await create(w.bToken);
    const bActivity = await w.activity(w.bToken);
    const routes: [string, string, unknown?][] = [
      ['GET', `/v3/catalog/${aCatalog.id}`],
      ['PUT', `/v3/catalog/${aCatalog.id}`, { name: 'hacked' }],
      ['DELETE', `/v3/catalog/${aCatalog.id}`],
      ['GET', `/v3/catalog/${aCatalog.id}/chapters`],
      ['PUT', `/v3/catalog/${aCatalog.id}/chapters`, { chapters: [] }],
      ['GET', `/v3/catalog/${aCatalog.id}/share`],
      ['POST', `/v3/catalog/${aCatalog.id}/share`, { title: 'x', description: '', picture: '' }],
      ['GET', `/v3/catalog/${aCatalog.id}/abstract`],
      ['POST', `/v3/catalog/${aCatalog.id}/abstract`, { description: 'x' }],
      ['GET', `/v3/catalog/${aCatalog.id}/appearance`],
      ['POST', `/v3/catalog/${aCatalog.id}/appearance`, CATALOG_APPEARANCE_DEFAULTS],
    ];
    for (const [method, url, body] of routes) {
      expectError(await w.call(method as 'GET', url, { token: w.bToken, body }), 404, CATALOG_ERRORS.catalogNotFound);
    }
    expect(
      (await w.call('GET', '/v3/catalog', { token: w.bToken })).body.items.map((c: { id: number }) => c.id),
    ).not.toContain(aCatalog.id);
    // B cannot put A's activity in its catalog.
    expectError(
      await w.call('PUT', `/v3/catalog/${bCatalog.id}/chapters`, {
        token: w.bToken,
        body: { chapters: [{ title: '偷', activityIds: [aActivity] }] },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    // Nor A B's.
    expectError(
      await w.call('PUT', `/v3/catalog/${aCatalog.id}/chapters`, {
        token: w.aToken,
        body: { chapters: [{ title: '偷', activityIds: [bActivity] }] },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await w.call('GET', `/v3/catalog/${aCatalog.id}`, { token: w.aToken })).body.name).toBe(aCatalog.name);
    // Nor filter B's activities by A's catalog id.
    expect((await w.call('GET', `/activity?catalogId=${aCatalog.id}`, { token: w.bToken })).body.items).toEqual([]);

    // A sub-account sees only the catalogs it made, holding only its own activities.
    expectError(
      await w.call('GET', `/v3/catalog/${aCatalog.id}`, { token: w.subToken }),
      404,
      CATALOG_ERRORS.catalogNotFound,
    );
    const subCatalog = await create(w.subToken);
    const subList = await w.call('GET', '/v3/catalog', { token: w.subToken });
    expect(subList.body.items.map((c: { id: number }) => c.id)).toEqual([subCatalog.id]);
    expectError(
      await w.call('PUT', `/v3/catalog/${subCatalog.id}/chapters`, {
        token: w.subToken,
        body: { chapters: [{ title: '越权', activityIds: [aActivity] }] },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect(
      (
        await w.call('PUT', `/v3/catalog/${subCatalog.id}/chapters`, {
          token: w.subToken,
          body: { chapters: [{ title: '我的', activityIds: [w.subActivityId] }] },
        })
      ).status,
    ).toBe(200);
    // The main account sees the sub-account's catalog, and may not put its other activities in it.
    expect((await w.call('GET', `/v3/catalog/${subCatalog.id}`, { token: w.aToken })).status).toBe(200);
    expectError(
      await w.call('PUT', `/v3/catalog/${subCatalog.id}/chapters`, {
        token: w.aToken,
        body: { chapters: [{ title: '混入', activityIds: [w.subActivityId, aActivity] }] },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await w.call('GET', '/v3/catalog')).status).toBe(401);
  });

  it('validates ids, paging and bodies, naming the field', async () => {
    const catalog = await create(w.aToken);
    expect((await w.call('GET', '/v3/catalog/abc', { token: w.aToken })).body.field).toBe('id');
    expect((await w.call('GET', '/v3/catalog/-1', { token: w.aToken })).body.field).toBe('id');
    expect((await w.call('GET', '/v3/catalog?pageSize=0', { token: w.aToken })).body.field).toBe('pageSize');
    expect((await w.call('POST', '/v3/catalog', { token: w.aToken, body: {} })).body.field).toBe('name');
    expect(
      (await w.call('PUT', `/v3/catalog/${catalog.id}/chapters`, { token: w.aToken, body: { chapters: 'x' } })).body
        .field,
    ).toBe('chapters');
    expect(
      (
        await w.call('PUT', `/v3/catalog/${catalog.id}/chapters`, {
          token: w.aToken,
          body: { chapters: [{ title: 'x', activityIds: [0] }] },
        })
      ).body.field,
    ).toBe('chapters.0.activityIds.0');
    expect(
      (
        await w.call('POST', `/v3/catalog/${catalog.id}/appearance`, {
          token: w.aToken,
          body: { ...CATALOG_APPEARANCE_DEFAULTS, themeColor: 'red;}' },
        })
      ).body.field,
    ).toBe('themeColor');
    expect((await w.call('GET', '/activity?catalogId=-1', { token: w.aToken })).body.field).toBe('catalogId');
  });
});
