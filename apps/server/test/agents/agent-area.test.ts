import { gunzipSync } from 'node:zlib';
import {
  API_PREFIX,
  type AreaRegion,
  areaLibrary as areaLibrarySchema,
  DEFAULT_AGENT_AREA,
  ERROR_CODES,
  ERROR_MESSAGES,
} from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  createAgent,
  createSubagent,
  engines,
  expectError,
  nextMobile,
  sessionFor,
  startApp,
  type TestAgent,
  type TestApp,
} from '../harness.ts';

// The area library (seed 000 §3) served by GET /agent/area, extra.area checked against it, and the record of every
// impersonation (GET /agent/agent/{id}/impersonations) visible to the agents above.

describe.each(engines)('area library and impersonation record (%s)', (engine) => {
  let t: TestApp;
  let top: TestAgent;
  let topToken: string;

  beforeAll(async () => {
    t = await startApp(engine);
    top = await createAgent(t.ctx, { contact: '总代理', coopLevel: 3 });
    topToken = await sessionFor(t.ctx, top.id);
  });
  afterAll(() => t?.close());

  const find = (regions: AreaRegion[] | undefined, id: number) => regions?.find((region) => region.id === id);

  test('GET /agent/area: provinces with their cities and districts, six-digit codes, cacheable', async () => {
    const response = await call(t.app, 'GET', '/agent/area', { token: topToken });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    expect(response.body.version).toMatch(/^vant-area-data@\d/);
    const provinces: AreaRegion[] = response.body.items;
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    for (const province of provinces) {
      expect(province.type).toBe('province');
      expect(String(province.id)).toMatch(/^\d{2}0000$/);
    }
    const zhejiang = find(provinces, 330000);
    expect(zhejiang).toMatchObject({ name: '浙江省', type: 'province' });
    const hangzhou = find(zhejiang?.children, DEFAULT_AGENT_AREA);
    expect(hangzhou).toMatchObject({ id: 330100, name: '杭州市', type: 'city' });
    // Districts formed in 2021 are there: the data is current.
    expect(find(hangzhou?.children, 330106)).toEqual({ id: 330106, name: '西湖区', type: 'district' });
    expect(find(hangzhou?.children, 330113)).toEqual({ id: 330113, name: '临平区', type: 'district' });
    expect(find(hangzhou?.children, 330114)).toEqual({ id: 330114, name: '钱塘区', type: 'district' });
    const beijing = find(provinces, 110000);
    expect(find(beijing?.children, 110100)?.children?.some((d) => d.name === '海淀区')).toBe(true);
    let districts = 0;
    for (const province of provinces) {
      for (const city of province.children ?? []) {
        expect(Math.floor(city.id / 10000)).toBe(Math.floor(province.id / 10000));
        for (const district of city.children ?? []) {
          expect(district.type).toBe('district');
          expect(Math.floor(district.id / 100)).toBe(Math.floor(city.id / 100));
          districts++;
        }
      }
    }
    expect(districts).toBeGreaterThan(2800);
  });

  test('GET /agent/area answers 304 to the ETag it gave, and to a sub-account too', async () => {
    const first = await call(t.app, 'GET', '/agent/area', { token: topToken });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/agent/area`,
      headers: { authorization: `Bearer ${topToken}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Browsers ask for gzip: the same library, a sixth of the bytes.
    const zipped = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/agent/area`,
      headers: { authorization: `Bearer ${topToken}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(first.text.length / 4);
    expect(areaLibrarySchema.parse(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')))).toEqual(first.body);
    const sub = await createSubagent(t.ctx, { agentId: top.id });
    const subResponse = await call(t.app, 'GET', '/agent/area', { token: await sessionFor(t.ctx, top.id, sub.id) });
    expect(subResponse.status).toBe(200);
  });

  test('POST /agent/agent/ takes an area of the library and refuses an unknown one, naming extra.area', async () => {
    const good = await call(t.app, 'POST', '/agent/agent/', {
      token: topToken,
      body: { mobile: nextMobile(), password: 'child-pass-1', extra: { area: 330113, address: '临平', margin: 5 } },
    });
    expect(good.status).toBe(200);
    expect(good.body.extra).toEqual({ area: 330113, address: '临平', margin: 5 });
    for (const area of [123456, 330199, 0]) {
      const mobile = nextMobile();
      const bad = await call(t.app, 'POST', '/agent/agent/', {
        token: topToken,
        body: { mobile, password: 'child-pass-1', extra: { area } },
      });
      expectError(bad, 400, 'extra.area: Unknown area', { code: ERROR_CODES.validation, field: 'extra.area' });
      expect(await t.ctx.db.selectFrom('agents').select('id').where('mobile', '=', mobile).execute()).toEqual([]);
    }
    const negativeMargin = await call(t.app, 'POST', '/agent/agent/', {
      token: topToken,
      body: { mobile: nextMobile(), password: 'child-pass-1', extra: { area: 330100, margin: -1 } },
    });
    expect(negativeMargin.status).toBe(400);
    expect(negativeMargin.body.field).toBe('extra.margin');
  });

  test('PUT /agent/agent/{id} refuses an unknown area and keeps the agent as it was', async () => {
    const child = await createAgent(t.ctx, { parentId: top.id, coopLevel: 1 });
    const bad = await call(t.app, 'PUT', `/agent/agent/${child.id}`, {
      token: topToken,
      body: { contact: '改名', extra: { area: 999999 } },
    });
    expectError(bad, 400, 'extra.area: Unknown area', { code: ERROR_CODES.validation, field: 'extra.area' });
    const row = await t.ctx.db.selectFrom('agents').selectAll().where('id', '=', child.id).executeTakeFirstOrThrow();
    expect(row.contact).not.toBe('改名');
    expect(row.extra).toMatchObject({ area: DEFAULT_AGENT_AREA });
    const good = await call(t.app, 'PUT', `/agent/agent/${child.id}`, {
      token: topToken,
      body: { extra: { area: 110108 } },
    });
    expect(good.body.extra).toEqual({ area: 110108, address: '', margin: 0 });
  });

  test('GET /agent/agent/{id}/impersonations lists who opened the console and when, to every agent above', async () => {
    const child = await createAgent(t.ctx, { parentId: top.id, coopLevel: 2, contact: '下级' });
    const grandchild = await createAgent(t.ctx, { parentId: child.id, coopLevel: 1 });
    const childToken = await sessionFor(t.ctx, child.id);
    const empty = await call(t.app, 'GET', `/agent/agent/${grandchild.id}/impersonations`, { token: topToken });
    expect(empty.body).toEqual({ items: [], pager: { page: 1, pageSize: 10, total: 0 } });

    const fromTop = await call(t.app, 'GET', `/agent/login/token?agentId=${grandchild.id}`, { token: topToken });
    const used = await call(t.app, 'POST', '/agent/login/token', { body: { token: fromTop.body.token } });
    expect(used.status).toBe(200);
    await call(t.app, 'GET', `/agent/login/token?agentId=${grandchild.id}`, { token: childToken });

    const list = await call(t.app, 'GET', `/agent/agent/${grandchild.id}/impersonations`, { token: topToken });
    expect(list.status).toBe(200);
    expect(list.body.pager).toEqual({ page: 1, pageSize: 10, total: 2 });
    const [newest, oldest] = list.body.items;
    expect(newest).toMatchObject({ by: { id: child.id, contact: '下级', mobile: child.mobile }, usedAt: null });
    expect(oldest).toMatchObject({
      by: { id: top.id, contact: '总代理', mobile: top.mobile },
      usedAt: expect.any(String),
    });
    expect(Date.parse(oldest.expiresAt)).toBeGreaterThan(Date.parse(oldest.createdAt));
    // The middle agent sees the same record of the agent below it.
    const fromChild = await call(t.app, 'GET', `/agent/agent/${grandchild.id}/impersonations`, { token: childToken });
    expect(fromChild.body.pager.total).toBe(2);
    const paged = await call(t.app, 'GET', `/agent/agent/${grandchild.id}/impersonations?page=2&pageSize=1`, {
      token: topToken,
    });
    expect(paged.body.items.map((item: { id: number }) => item.id)).toEqual([oldest.id]);
    // The impersonated agent does not administer itself.
    const grandchildToken = await sessionFor(t.ctx, grandchild.id);
    expectError(
      await call(t.app, 'GET', `/agent/agent/${grandchild.id}/impersonations`, { token: grandchildToken }),
      404,
      ERROR_MESSAGES.agentNotFound,
    );
    const badPage = await call(t.app, 'GET', `/agent/agent/${grandchild.id}/impersonations?page=0`, {
      token: topToken,
    });
    expect(badPage.status).toBe(400);
    expect(badPage.body.field).toBe('page');
  });
});
