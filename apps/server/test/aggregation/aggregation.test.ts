import {
  AGGREGATION_ERRORS,
  AGGREGATION_PAGE_SIZE,
  CATALOG_ERRORS,
  ERROR_MESSAGES,
  IDEMPOTENCY_HEADER,
} from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_LIMIT } from '../../src/features/portal-page/index.ts';
import { useWorld } from '../activity-world.ts';
import { engines, expectError, nextIp } from '../harness.ts';

let counter = 0;
const uniqueName = (prefix = '多会场') => `${prefix} ${++counter}`;

describe.each(engines)('aggregation pages on %s', (engine) => {
  const w = useWorld(engine);
  const create = async (token: string, activityIds: number[], name = uniqueName()) => {
    const response = await w.call('POST', '/v3/aggregation', {
      token,
      body: { name, venues: activityIds.map((activityId) => ({ activityId })) },
    });
    expect(response.status, response.text).toBe(200);
    return response.body as { id: number; name: string };
  };
  const countAggregations = async () =>
    Number(
      (
        await w.t.ctx.db
          .selectFrom('aggregations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const publicPage = (id: number | string, ip = nextIp()) =>
    w.t.app.inject({ method: 'GET', url: `/watch/aggregation/${id}`, remoteAddress: ip });

  it('creates, reads, updates and deletes an aggregation with its venues in order', async () => {
    const [main, second, third] = [
      await w.activity(w.aToken, '主论坛'),
      await w.activity(w.aToken, '技术分论坛'),
      await w.activity(w.aToken, '产品分论坛'),
    ];
    const created = await w.call('POST', '/v3/aggregation', {
      token: w.aToken,
      body: {
        name: '  年度大会  ',
        cover: '/files/agent/1/cover.png',
        description: '三个会场同时进行',
        venues: [
          { activityId: main, label: ' 主会场 ' },
          { activityId: second, label: '分会场一' },
        ],
      },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      name: '年度大会',
      cover: '/files/agent/1/cover.png',
      description: '三个会场同时进行',
      link: `/watch/aggregation/${created.body.id}`,
    });
    expect(created.body.venues).toMatchObject([
      { activityId: main, label: '主会场', name: '主论坛', type: 'live', progress: 'NotStart', isPushing: false },
      { activityId: second, label: '分会场一', name: '技术分论坛' },
    ]);
    const id = created.body.id as number;
    expect((await w.call('GET', `/v3/aggregation/${id}`, { token: w.aToken })).body).toEqual(created.body);

    const updated = await w.call('PUT', `/v3/aggregation/${id}`, {
      token: w.aToken,
      body: {
        name: '年度大会 2026',
        venues: [
          { activityId: third, label: '分会场二' },
          { activityId: main, label: '主会场' },
        ],
      },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ name: '年度大会 2026', cover: '', description: '' });
    expect(updated.body.venues.map((v: { activityId: number }) => v.activityId)).toEqual([third, main]);
    // The activity left out is free again: another aggregation may take it.
    const other = await create(w.aToken, [second]);

    expect((await w.call('DELETE', `/v3/aggregation/${id}`, { token: w.aToken })).body).toEqual({ ok: true });
    expectError(
      await w.call('GET', `/v3/aggregation/${id}`, { token: w.aToken }),
      404,
      AGGREGATION_ERRORS.aggregationNotFound,
    );
    expectError(
      await w.call('DELETE', `/v3/aggregation/${id}`, { token: w.aToken }),
      404,
      AGGREGATION_ERRORS.aggregationNotFound,
    );
    // Deleting freed its venues too.
    await create(w.aToken, [third, main]);
    await w.call('DELETE', `/v3/aggregation/${other.id}`, { token: w.aToken });
  });

  it('lists newest first, 10 a page; a page of fewer than 10 is the last (seed 000 §4, §9)', async () => {
    const t = await w.t.ctx.db.selectFrom('aggregations').select('id').where('agentId', '=', w.b.id).execute();
    expect(t).toHaveLength(0);
    const ids: number[] = [];
    for (let i = 0; i < 11; i += 1) ids.push((await create(w.bToken, [await w.activity(w.bToken)], `分页 ${i}`)).id);
    const first = await w.call('GET', '/v3/aggregation', { token: w.bToken });
    expect(first.body.pager).toEqual({ page: 1, pageSize: AGGREGATION_PAGE_SIZE, total: 11 });
    expect(first.body.items.map((item: { id: number }) => item.id)).toEqual(ids.slice(1).reverse());
    expect(first.body.items[0].venues).toHaveLength(1);
    const second = await w.call('GET', '/v3/aggregation?page=2', { token: w.bToken });
    expect(second.body.items.map((item: { id: number }) => item.id)).toEqual([ids[0]]);
    const named = await w.call('GET', '/v3/aggregation?name=分页 1', { token: w.bToken });
    expect(named.body.items.map((item: { name: string }) => item.name).sort()).toEqual(['分页 1', '分页 10']);
    for (const id of ids) await w.call('DELETE', `/v3/aggregation/${id}`, { token: w.bToken });
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const activity = await w.activity(w.aToken);
    const before = await countAggregations();
    const bad = async (body: unknown, field: string, message?: string) => {
      const response = await w.call('POST', '/v3/aggregation', { token: w.aToken, body });
      expect(response.status, response.text).toBe(400);
      expect(response.body.field).toBe(field);
      if (message) expect(response.body.message).toContain(message);
    };
    await bad({ name: '   ', venues: [{ activityId: activity }] }, 'name', AGGREGATION_ERRORS.nameRequired);
    await bad({ name: '会'.repeat(61), venues: [{ activityId: activity }] }, 'name', AGGREGATION_ERRORS.nameTooLong);
    await bad({ name: 'x', venues: [] }, 'venues', AGGREGATION_ERRORS.venuesRequired);
    await bad({ name: 'x' }, 'venues');
    await bad(
      { name: 'x', venues: [{ activityId: activity }, { activityId: activity }] },
      'venues',
      AGGREGATION_ERRORS.venueTwice,
    );
    await bad({ name: 'x', venues: [{ activityId: activity, label: '会'.repeat(16) }] }, 'venues.0.label');
    await bad({ name: 'x', venues: [{ activityId: 'abc' }] }, 'venues.0.activityId');
    await bad({ name: 'x', cover: 'javascript:alert(1)', venues: [{ activityId: activity }] }, 'cover');
    await bad(
      { name: 'x', venues: Array.from({ length: 51 }, (_, i) => ({ activityId: i + 1 })) },
      'venues',
      AGGREGATION_ERRORS.tooManyVenues,
    );
    await bad({ name: 'x', description: 'd'.repeat(501), venues: [{ activityId: activity }] }, 'description');
    expect(await countAggregations()).toBe(before);
  });

  it('an activity is a venue of one aggregation only (添加失败，活动已被应用在其它多会场中)', async () => {
    const [shared, own] = [await w.activity(w.aToken), await w.activity(w.aToken)];
    const first = await create(w.aToken, [shared]);
    const before = await countAggregations();
    expectError(
      await w.call('POST', '/v3/aggregation', {
        token: w.aToken,
        body: { name: uniqueName(), venues: [{ activityId: own }, { activityId: shared }] },
      }),
      400,
      AGGREGATION_ERRORS.activityInOtherSeries,
      { field: 'venues' },
    );
    expect(await countAggregations()).toBe(before);
    const second = await create(w.aToken, [own]);
    expectError(
      await w.call('PUT', `/v3/aggregation/${second.id}`, {
        token: w.aToken,
        body: { name: 'x', venues: [{ activityId: shared }] },
      }),
      400,
      AGGREGATION_ERRORS.activityInOtherSeries,
      { field: 'venues' },
    );
    // The refused edit changed nothing; saving an aggregation with its own venues is no clash.
    const kept = await w.call('GET', `/v3/aggregation/${second.id}`, { token: w.aToken });
    expect(kept.body.venues.map((v: { activityId: number }) => v.activityId)).toEqual([own]);
    expect(
      (
        await w.call('PUT', `/v3/aggregation/${first.id}`, {
          token: w.aToken,
          body: { name: '改名', venues: [{ activityId: shared, label: '主会场' }] },
        })
      ).status,
    ).toBe(200);
  });

  it('a catalog refuses an aggregation’s activity and an aggregation a catalog’s (seed 001 §8)', async () => {
    const [venueActivity, chapterActivity] = [await w.activity(w.aToken), await w.activity(w.aToken)];
    await create(w.aToken, [venueActivity]);
    const catalog = await w.call('POST', '/v3/catalog', { token: w.aToken, body: { name: uniqueName('合辑') } });
    expectError(
      await w.call('PUT', `/v3/catalog/${catalog.body.id}/chapters`, {
        token: w.aToken,
        body: { chapters: [{ title: '第一章', activityIds: [chapterActivity, venueActivity] }] },
      }),
      400,
      CATALOG_ERRORS.activityInOtherSeries,
      { field: 'chapters' },
    );
    // The refused save wrote no chapter.
    expect((await w.call('GET', `/v3/catalog/${catalog.body.id}/chapters`, { token: w.aToken })).body.items).toEqual(
      [],
    );
    const saved = await w.call('PUT', `/v3/catalog/${catalog.body.id}/chapters`, {
      token: w.aToken,
      body: { chapters: [{ title: '第一章', activityIds: [chapterActivity] }] },
    });
    expect(saved.status, saved.text).toBe(200);
    expectError(
      await w.call('POST', '/v3/aggregation', {
        token: w.aToken,
        body: { name: uniqueName(), venues: [{ activityId: chapterActivity }] },
      }),
      400,
      AGGREGATION_ERRORS.activityInCatalog,
      { field: 'venues' },
    );
  });

  it('another agent’s aggregation or activity answers 404 and changes nothing; a sub-account sees its own', async () => {
    const [aActivity, bActivity] = [await w.activity(w.aToken), await w.activity(w.bToken)];
    const aAggregation = await create(w.aToken, [aActivity], '甲的多会场');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: '乙改的', venues: [{ activityId: bActivity }] }],
      ['DELETE', undefined],
    ] as const) {
      expectError(
        await w.call(method, `/v3/aggregation/${aAggregation.id}`, { token: w.bToken, body }),
        404,
        AGGREGATION_ERRORS.aggregationNotFound,
      );
    }
    expect((await w.call('GET', '/v3/aggregation?name=甲的', { token: w.bToken })).body.items).toEqual([]);
    // Another agent's activity as a venue: 404, nothing written.
    const before = await countAggregations();
    expectError(
      await w.call('POST', '/v3/aggregation', {
        token: w.aToken,
        body: { name: uniqueName(), venues: [{ activityId: bActivity }] },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect(await countAggregations()).toBe(before);
    expect((await w.call('GET', `/v3/aggregation/${aAggregation.id}`, { token: w.aToken })).body.name).toBe(
      '甲的多会场',
    );

    // A sub-account: its own aggregations of its own activities only.
    expectError(
      await w.call('GET', `/v3/aggregation/${aAggregation.id}`, { token: w.subToken }),
      404,
      AGGREGATION_ERRORS.aggregationNotFound,
    );
    expectError(
      await w.call('POST', '/v3/aggregation', {
        token: w.subToken,
        body: { name: uniqueName(), venues: [{ activityId: await w.activity(w.aToken) }] },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const subAggregation = await create(w.subToken, [w.subActivityId]);
    const subList = await w.call('GET', '/v3/aggregation', { token: w.subToken });
    expect(subList.body.items.map((item: { id: number }) => item.id)).toEqual([subAggregation.id]);
    // The main account sees it, and keeps it to the sub-account's activities.
    expect((await w.call('GET', `/v3/aggregation/${subAggregation.id}`, { token: w.aToken })).status).toBe(200);
    expectError(
      await w.call('PUT', `/v3/aggregation/${subAggregation.id}`, {
        token: w.aToken,
        body: { name: 'x', venues: [{ activityId: await w.activity(w.aToken) }] },
      }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    await w.call('DELETE', `/v3/aggregation/${subAggregation.id}`, { token: w.subToken });
  });

  it('a create sent twice with one Idempotency-Key makes one aggregation', async () => {
    const activity = await w.activity(w.aToken);
    const before = await countAggregations();
    const name = uniqueName();
    const send = () =>
      w.call('POST', '/v3/aggregation', {
        token: w.aToken,
        headers: { [IDEMPOTENCY_HEADER]: `aggregation-${activity}` },
        body: { name, venues: [{ activityId: activity }] },
      });
    const first = await send();
    const again = await send();
    expect(first.status, first.text).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await countAggregations()).toBe(before + 1);
  });

  it('the public page lists the venues in order with 直播中, links to their watch pages, and escapes names', async () => {
    const hostile = '<script>alert(1)</script>';
    const [main, branch] = [await w.activity(w.aToken, `主论坛${hostile}`), await w.activity(w.aToken, '分论坛')];
    await w.t.ctx.db.updateTable('activities').set({ isPushing: true }).where('id', '=', branch).execute();
    const created = await w.call('POST', '/v3/aggregation', {
      token: w.aToken,
      body: {
        name: `发布会${hostile}`,
        description: `简介${hostile}\n第二行`,
        venues: [
          { activityId: branch, label: '分会场' },
          { activityId: main, label: '' },
        ],
      },
    });
    const page = await publicPage(created.body.id);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).not.toContain(hostile);
    expect(page.body).toContain('<title>发布会&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(page.body).toContain('1 个会场直播中');
    const links = [...page.body.matchAll(/href="\/watch\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(links).toEqual([branch, main]);
    expect(page.body).toMatch(/href="\/watch\/\d+"[^>]*><span class="thumb">.*?直播中/);
    expect(page.body).toContain('<strong>分会场</strong><span class="name">分论坛</span>');
    expect(page.body).toContain('<strong>主论坛&lt;script&gt;');

    await w.call('DELETE', `/v3/aggregation/${created.body.id}`, { token: w.aToken });
    expect((await publicPage(created.body.id)).statusCode).toBe(404);
    expect((await publicPage('abc')).statusCode).toBe(404);
    expect((await publicPage('99999999999')).statusCode).toBe(404);
  });

  it('the public page is rate-limited per address', async () => {
    const aggregation = await create(w.aToken, [await w.activity(w.aToken)]);
    const ip = nextIp();
    await w.t.ctx.limits.hit(`public-page:ip:${ip}`, PUBLIC_PAGE_LIMIT.windowMs, PUBLIC_PAGE_LIMIT.max - 1);
    expect((await publicPage(aggregation.id, ip)).statusCode).toBe(200);
    const refused = await publicPage(aggregation.id, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await publicPage(aggregation.id)).statusCode).toBe(200);
  });
});
