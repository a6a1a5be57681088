import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PORTAL_PAGE_MAX_AGE } from '../../src/features/portal-page/portal-page-routes.ts';
import { PUBLIC_PAGE_LIMIT } from '../../src/features/portal-page/public-page-limit.ts';
import { useWorld } from '../activity-world.ts';
import { engines, nextIp } from '../harness.ts';

const hostile = '<script>alert(1)</script>';

describe.each(engines)('public portal pages on %s', (engine) => {
  const w = useWorld(engine);
  const open = (url: string, headers: Record<string, string> = {}, ip = nextIp()) =>
    w.t.app.inject({ method: 'GET', url, headers, remoteAddress: ip });

  /** A page of the token's agent with a header and a list of the given activities; published unless told. */
  async function makePage(token: string, title: string, activityIds: number[], publish = true) {
    const created = await w.call('POST', '/page', {
      token,
      body: {
        name: `页面 ${title}`,
        data: {
          components: [
            { id: 'head', type: 'header', title },
            { id: 'list', type: 'activity', title: '精彩活动', source: { kind: 'chosen', activityIds } },
          ],
        },
      },
    });
    expect(created.status, created.text).toBe(200);
    if (publish) {
      const published = await w.call('PUT', `/page/${created.body.id}`, { token, body: { publish: true } });
      expect(published.status, published.text).toBe(200);
    }
    return created.body.id as number;
  }

  async function verifyHost(agentId: number, host: string) {
    const customization = JSON.stringify({ host, hostVerified: host });
    await w.t.ctx.db
      .insertInto('agentBranding')
      .values({ agentId, customization })
      .onConflict((oc) => oc.column('agentId').doUpdateSet({ customization }))
      .execute();
  }

  it('serves a published page at /watch/page/{id}: its components, linking to the watch pages, with 直播中', async () => {
    const [live, later] = [await w.activity(w.aToken, '开幕直播'), await w.activity(w.aToken, '分论坛')];
    await w.t.ctx.db.updateTable('activities').set({ isPushing: true }).where('id', '=', live).execute();
    const id = await makePage(w.aToken, '品牌大会', [live, later]);
    const page = await open(`/watch/page/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>页面 品牌大会</title>');
    expect(page.body).toContain('<strong>品牌大会</strong>');
    const links = [...page.body.matchAll(/<a class="card" href="\/watch\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(links).toEqual([live, later]);
    expect(page.body).toMatch(new RegExp(`href="/watch/${live}"[^>]*><span class="thumb">.*?直播中`));
    // No console code: one document, no script file, no stylesheet file.
    expect(page.body).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);
  });

  it('lets its own inline script run by its hash, and no other inline script', async () => {
    const activity = await w.activity(w.aToken, '脚本');
    const created = await w.call('POST', '/page', {
      token: w.aToken,
      body: {
        name: '倒计时',
        data: {
          components: [
            { id: 'count', type: 'countdown', targetAt: '2030-01-01T00:00:00Z' },
            { id: 'list', type: 'activity', source: { kind: 'chosen', activityIds: [activity] } },
          ],
        },
      },
    });
    await w.call('PUT', `/page/${created.body.id}`, { token: w.aToken, body: { publish: true } });
    const page = await open(`/watch/page/${created.body.id}`);
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(script).toContain('p-countdown');
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('is cached briefly and revalidated by its ETag; a change on the page changes the ETag', async () => {
    const activity = await w.activity(w.aToken, '缓存测试');
    const id = await makePage(w.aToken, '缓存', [activity]);
    const first = await open(`/watch/page/${id}`);
    expect(first.headers['cache-control']).toBe(`public, max-age=${PORTAL_PAGE_MAX_AGE}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(first.headers.vary).toBe('accept-encoding');
    const again = await open(`/watch/page/${id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The activity goes live: the page shows it, under a new ETag.
    await w.t.ctx.db.updateTable('activities').set({ isPushing: true }).where('id', '=', activity).execute();
    const changed = await open(`/watch/page/${id}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('直播中');
  });

  it('sends the page compressed as the browser accepts it, the same document', async () => {
    const id = await makePage(w.aToken, '压缩', [await w.activity(w.aToken, '压缩活动')]);
    const plain = await open(`/watch/page/${id}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await open(`/watch/page/${id}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await open(`/watch/page/${id}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });

  it('answers 404 for a draft, a page taken offline, a deleted page, and ids that are none', async () => {
    const draft = await makePage(w.aToken, '草稿', [], false);
    expect((await open(`/watch/page/${draft}`)).statusCode).toBe(404);
    const offline = await makePage(w.aToken, '下线', []);
    expect((await open(`/watch/page/${offline}`)).statusCode).toBe(200);
    await w.call('PUT', `/page/${offline}`, { token: w.aToken, body: { publish: false } });
    const gone = await open(`/watch/page/${offline}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('页面不存在或未发布');
    expect(gone.headers['cache-control']).toBe('no-cache');
    const deleted = await makePage(w.aToken, '删除', []);
    await w.call('DELETE', `/page/${deleted}`, { token: w.aToken });
    expect((await open(`/watch/page/${deleted}`)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '99999999999', '1.5'])
      expect((await open(`/watch/page/${id}`)).statusCode).toBe(404);
  });

  it('shows the published version: an unpublished edit of the draft stays off the public page', async () => {
    const id = await makePage(w.aToken, '第一版', []);
    await w.call('PUT', `/page/${id}`, {
      token: w.aToken,
      body: { data: { components: [{ id: 'head', type: 'header', title: '第二版' }] } },
    });
    const page = await open(`/watch/page/${id}`);
    expect(page.body).toContain('第一版');
    expect(page.body).not.toContain('第二版');
  });

  it('shows only the owner’s live activities: another agent’s cannot be named, a deleted one drops out', async () => {
    const bActivity = await w.activity(w.bToken, '乙的活动');
    const refused = await w.call('POST', '/page', {
      token: w.aToken,
      body: {
        name: '甲的页面',
        data: { components: [{ id: 'l', type: 'activity', source: { kind: 'chosen', activityIds: [bActivity] } }] },
      },
    });
    expect(refused.status).toBe(404);
    const [kept, deleted] = [await w.activity(w.aToken, '保留的活动'), await w.activity(w.aToken, '删除的活动')];
    const id = await makePage(w.aToken, '甲的页面', [kept, deleted]);
    await w.t.ctx.db.updateTable('activities').set({ deletedAt: new Date() }).where('id', '=', deleted).execute();
    const page = await open(`/watch/page/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('保留的活动');
    expect(page.body).not.toContain('删除的活动');
  });

  it('escapes hostile names the agent typed', async () => {
    const activity = await w.activity(w.aToken, `活动${hostile}`);
    const id = await makePage(w.aToken, `标题${hostile}`, [activity]);
    const page = await open(`/watch/page/${id}`);
    expect(page.body).not.toContain(hostile);
    expect(page.body).toContain('标题&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).toContain('活动&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('serves the agent’s home page at the root of its verified custom host, and only there', async () => {
    const activity = await w.activity(w.aToken, '首页活动');
    const home = await makePage(w.aToken, '甲的首页', [activity]);
    await verifyHost(w.a.id, 'live.jia.example');
    // A verified host without a home page: 404, not the console.
    const none = await open('/', { host: 'live.jia.example' });
    expect(none.statusCode).toBe(404);
    expect(none.body).toContain('页面不存在或未发布');

    const set = await w.call('POST', `/page/${home}/homepage/set`, { token: w.aToken });
    expect(set.status, set.text).toBe(200);
    const root = await open('/', { host: 'LIVE.jia.example:8443' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<strong>甲的首页</strong>');
    expect(root.body).toContain(`href="/watch/${activity}"`);
    expect(root.headers.etag).toBeDefined();
    expect((await open('/?from=share', { host: 'live.jia.example' })).body).toContain('甲的首页');

    // Another agent's host shows that agent's home page, never A's.
    const bHome = await makePage(w.bToken, '乙的首页', []);
    await w.call('POST', `/page/${bHome}/homepage/set`, { token: w.bToken });
    await verifyHost(w.b.id, 'live.yi.example');
    const other = await open('/', { host: 'live.yi.example' });
    expect(other.body).toContain('乙的首页');
    expect(other.body).not.toContain('甲的首页');

    // A host claimed but not proved, and the platform's own host, leave / to the console.
    await w.t.ctx.db
      .updateTable('agentBranding')
      .set({ customization: JSON.stringify({ host: 'live.yi.example', hostVerified: '' }) })
      .where('agentId', '=', w.b.id)
      .execute();
    for (const host of ['live.yi.example', 'localhost', 'unknown.example']) {
      const console = await open('/', { host });
      expect(console.body).not.toContain('乙的首页');
      expect(console.body).not.toContain('页面不存在或未发布');
    }
    // Another path of the custom host is the same server's.
    expect((await open(`/watch/page/${home}`, { host: 'live.jia.example' })).statusCode).toBe(200);

    // The home page taken offline: the root answers 404.
    await w.call('PUT', `/page/${home}`, { token: w.aToken, body: { publish: false } });
    expect((await open('/', { host: 'live.jia.example' })).statusCode).toBe(404);
  });

  it('is rate-limited per address', async () => {
    const id = await makePage(w.aToken, '限流', []);
    const ip = nextIp();
    await w.t.ctx.limits.hit(`public-page:ip:${ip}`, PUBLIC_PAGE_LIMIT.windowMs, PUBLIC_PAGE_LIMIT.max - 1);
    expect((await open(`/watch/page/${id}`, {}, ip)).statusCode).toBe(200);
    const refused = await open(`/watch/page/${id}`, {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await open(`/watch/page/${id}`)).statusCode).toBe(200);
  });
});
