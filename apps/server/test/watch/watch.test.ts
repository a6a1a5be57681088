import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  VIEWER_COOKIE,
  WATCH_CODE_FAILURE_WINDOW_SECONDS,
  WATCH_CODE_MAX_FAILURES,
  WATCH_ERRORS,
  WATCH_TOKEN_HEADER,
} from '@yanbo/contracts';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { setPushing } from '../../src/features/live-stream/publish-auth.ts';
import { registerWatchPage } from '../../src/features/watch/watch-page-html.ts';
import { useWorld } from '../activity-world.ts';
import { type CallResult, createAgent, engines, expectError, nextIp, sessionFor } from '../harness.ts';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36';

/** The viewer id a response's Set-Cookie gave, as a Cookie header. */
function viewerCookie(response: CallResult): string {
  const header = String(response.headers['set-cookie'] ?? '');
  const match = new RegExp(`${VIEWER_COOKIE}=([^;]+)`).exec(header);
  if (!match) throw new Error(`no viewer cookie in ${header}`);
  return `${VIEWER_COOKIE}=${match[1]}`;
}

describe.each(engines)('watch page on %s', (engine) => {
  const w = useWorld(engine);

  const visit = (activityId: number, body: object = {}, headers: Record<string, string> = {}) =>
    w.call('POST', `/watch/${activityId}/visit`, { body, headers: { 'user-agent': PHONE_UA, ...headers } });

  it('answers the viewing page without a session: template, menu, share card, playback, and nothing private', async () => {
    const id = await w.activity(w.aToken, '春季发布会');
    await w.call('PUT', `/activity/${id}/template`, {
      token: w.aToken,
      body: {
        colorBackground: '#102030',
        positionLogo: 'leftTop',
        imgLogoScale: 60,
        subscribedMobileList: ['13812345678'],
        allowedMobiles: ['13912345678'],
        introTabs: [
          { title: '聊天', key: 'chat', type: 'chatRoom' },
          {
            title: '简介',
            key: 'intro',
            type: 'richText',
            richText: '<p onclick="steal()">你好<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
          },
          { title: '议程', key: 'agenda', type: 'schedule', schedule: [{ time: '09:00', title: '开场' }] },
        ],
      },
    });
    await w.call('PUT', `/activity/${id}/shareCard`, {
      token: w.aToken,
      body: { title: '分享标题', description: '分享描述' },
    });
    const page = await w.call('GET', `/watch/${id}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.activity).toEqual({
      id,
      name: '春季发布会',
      status: 'enabled',
      progress: 'NotStart',
      isPushing: false,
      cover: '',
      startedAt: null,
      endedAt: null,
    });
    expect(page.body.template).toMatchObject({ colorBackground: '#102030', positionLogo: 'leftTop', imgLogoScale: 60 });
    expect(page.body.template).not.toHaveProperty('subscribedMobileList');
    expect(page.body.template).not.toHaveProperty('allowedMobiles');
    expect(page.text).not.toContain('13812345678');
    expect(page.text).not.toContain('13912345678');
    expect(page.body.menu.items.map((tab: { key: string }) => tab.key)).toEqual(['chat', 'intro', 'agenda']);
    const rich = page.body.menu.items[1].richText as string;
    expect(rich).toContain('你好');
    expect(rich).not.toMatch(/script|onclick|javascript:/);
    expect(page.body.template.introTabs[1].richText).toBe(rich);
    expect(page.body.menu.items[2].schedule[0]).toMatchObject({ time: '09:00', title: '开场' });
    expect(page.body.shareCard).toMatchObject({ title: '分享标题', description: '分享描述' });
    expect(page.body.watchCodeRequired).toBe(false);
    // The allowed-mobiles list asks an anonymous viewer to sign in first: no playback until then.
    expect(page.body).toMatchObject({ viewer: null, mobileGate: 'signIn', playback: null });
    await w.call('PUT', `/activity/${id}/template`, { token: w.aToken, body: { allowedMobiles: [] } });
    const open = await w.call('GET', `/watch/${id}`);
    expect(open.body.mobileGate).toBe('open');
    const detail = await w.call('GET', `/activity/${id}`, { token: w.aToken });
    expect(open.body.playback).toEqual(detail.body.stream.pullSource);
    // Never the push key or the agent's account.
    expect(page.text).not.toContain(detail.body.stream.pushStreamKey);
    expect(page.text).not.toContain('key=');
    expect(page.text).not.toContain(w.a.mobile);
    expect(page.body).not.toHaveProperty('agentId');
  });

  it('answers 404 Activity Not Found for unknown, disabled, archived, deleted and disabled-agent activities', async () => {
    expectError(await w.call('GET', '/watch/999999'), 404, ERROR_MESSAGES.activityNotFound);
    expect((await w.call('GET', '/watch/abc')).status).toBe(400);
    const disabled = await w.activity(w.aToken);
    await w.t.ctx.db.updateTable('activities').set({ status: 'disabled' }).where('id', '=', disabled).execute();
    expectError(await w.call('GET', `/watch/${disabled}`), 404, ERROR_MESSAGES.activityNotFound);
    expectError(await visit(disabled), 404, ERROR_MESSAGES.activityNotFound);
    const archived = await w.activity(w.aToken);
    const archive = await w.call('PUT', `/activity/${archived}/archive`, {
      token: w.aToken,
      body: { isArchived: true },
    });
    expect(archive.status, archive.text).toBe(200);
    expectError(await w.call('GET', `/watch/${archived}`), 404, ERROR_MESSAGES.activityNotFound);
    const deleted = await w.activity(w.aToken);
    expect((await w.call('DELETE', `/activity/${deleted}`, { token: w.aToken })).status).toBe(200);
    expectError(await w.call('GET', `/watch/${deleted}`), 404, ERROR_MESSAGES.activityNotFound);
    expectError(
      await w.call('POST', `/watch/${deleted}/watchcode`, { body: { code: '1' } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    // A disabled agent's pages go dark with it.
    const agent = await createAgent(w.t.ctx);
    const ofDisabled = await w.activity(await sessionFor(w.t.ctx, agent.id));
    expect((await w.call('GET', `/watch/${ofDisabled}`)).status).toBe(200);
    await w.t.ctx.db.updateTable('agents').set({ status: 'disabled' }).where('id', '=', agent.id).execute();
    expectError(await w.call('GET', `/watch/${ofDisabled}`), 404, ERROR_MESSAGES.activityNotFound);
  });

  it('asks for the watch code: playback only with a viewer token for the current code', async () => {
    const id = await w.activity(w.aToken);
    const set = await w.call('PUT', `/activity/${id}/watchcode`, {
      token: w.aToken,
      body: { enabled: true, code: '246810' },
    });
    expect(set.status, set.text).toBe(200);
    const locked = await w.call('GET', `/watch/${id}`);
    expect(locked.body).toMatchObject({ watchCodeRequired: true, playback: null });
    expect(locked.text).not.toContain('246810');

    const ip = nextIp();
    const wrong = await w.call('POST', `/watch/${id}/watchcode`, { body: { code: '111111' }, ip });
    expectError(wrong, 400, WATCH_ERRORS.wrongWatchCode, { field: 'code' });
    expect((await w.call('POST', `/watch/${id}/watchcode`, { body: { code: '' }, ip })).status).toBe(400);

    const right = await w.call('POST', `/watch/${id}/watchcode`, { body: { code: '246810' }, ip });
    expect(right.status, right.text).toBe(200);
    const token = right.body.token as string;
    const open = await w.call('GET', `/watch/${id}`, { headers: { [WATCH_TOKEN_HEADER]: token } });
    expect(open.body.watchCodeRequired).toBe(false);
    expect(open.body.playback.flv).toMatch(/\.flv$/);

    // The token is for this activity only, signed, and stops working when the code is refreshed.
    const other = await w.activity(w.aToken);
    await w.call('PUT', `/activity/${other}/watchcode`, { token: w.aToken, body: { enabled: true, code: '246810' } });
    expect((await w.call('GET', `/watch/${other}`, { headers: { [WATCH_TOKEN_HEADER]: token } })).body).toMatchObject({
      watchCodeRequired: true,
      playback: null,
    });
    const forged = `${token.split('.')[0]}.AAAA`;
    expect((await w.call('GET', `/watch/${id}`, { headers: { [WATCH_TOKEN_HEADER]: forged } })).body.playback).toBe(
      null,
    );
    await w.call('POST', `/activity/${id}/watchcode/refresh`, { token: w.aToken });
    expect((await w.call('GET', `/watch/${id}`, { headers: { [WATCH_TOKEN_HEADER]: token } })).body).toMatchObject({
      watchCodeRequired: true,
      playback: null,
    });
  });

  it('refuses an address after too many wrong codes, even the right one, while others still get in', async () => {
    const id = await w.activity(w.aToken);
    await w.call('PUT', `/activity/${id}/watchcode`, { token: w.aToken, body: { enabled: true, code: '135790' } });
    const ip = nextIp();
    for (let i = 0; i < WATCH_CODE_MAX_FAILURES; i++) {
      const wrong = await w.call('POST', `/watch/${id}/watchcode`, { body: { code: `00000${i % 10}` }, ip });
      expect(wrong.status).toBe(400);
    }
    expectError(
      await w.call('POST', `/watch/${id}/watchcode`, { body: { code: '135790' }, ip }),
      429,
      WATCH_ERRORS.watchCodeLocked,
      { code: ERROR_CODES.rateLimited },
    );
    const elsewhere = await w.call('POST', `/watch/${id}/watchcode`, { body: { code: '135790' }, ip: nextIp() });
    expect(elsewhere.status).toBe(200);
    // The window passes.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (WATCH_CODE_FAILURE_WINDOW_SECONDS + 1) * 1000);
      expect((await w.call('POST', `/watch/${id}/watchcode`, { body: { code: '135790' }, ip })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('records a visit per page view with the ditch, referrer, device and a viewer cookie; unknown signs count as none', async () => {
    const id = await w.activity(w.aToken);
    const ditchBase = `/agent/${w.a.id}/promotion-channel`;
    const ditch = (await w.call('POST', ditchBase, { token: w.aToken, body: { name: '朋友圈', activityId: id } })).body;
    const general = (await w.call('POST', ditchBase, { token: w.aToken, body: { name: '通用' } })).body;
    const otherActivity = await w.activity(w.aToken);
    const elsewhere = (
      await w.call('POST', ditchBase, { token: w.aToken, body: { name: '别的活动', activityId: otherActivity } })
    ).body;
    const bDitch = (
      await w.call('POST', `/agent/${w.b.id}/promotion-channel`, { token: w.bToken, body: { name: 'B' } })
    ).body;

    const first = await visit(id, { ditch: ditch.sign, referrer: 'https://mp.weixin.qq.com/s/abc' });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ ditch: ditch.sign });
    const cookie = viewerCookie(first);
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly');
    // The same browser again, through the general ditch: a new visit, not a new viewer.
    const again = await visit(id, { ditch: general.sign }, { cookie });
    expect(again.body).toMatchObject({ viewerId: first.body.viewerId, ditch: general.sign });
    expect(again.headers['set-cookie']).toBeUndefined();
    // Unknown, another activity's and another agent's signs are recorded as none.
    for (const sign of ['nope', elsewhere.sign, bDitch.sign]) {
      const response = await visit(id, { ditch: sign }, { 'user-agent': DESKTOP_UA });
      expect(response.status, response.text).toBe(200);
      expect(response.body.ditch).toBe(null);
    }
    expect((await visit(id, { ditch: 'x'.repeat(65) })).status).toBe(400);

    const rows = await w.t.ctx.db
      .selectFrom('visits')
      .select(['viewerId', 'ditchSign', 'referrer', 'device', 'agentId'])
      .where('activityId', '=', id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({
      viewerId: first.body.viewerId,
      ditchSign: ditch.sign,
      referrer: 'https://mp.weixin.qq.com/s/abc',
      device: 'mobile',
      agentId: w.a.id,
    });
    expect(rows.slice(2).map((row) => [row.ditchSign, row.device])).toEqual([
      [null, 'desktop'],
      [null, 'desktop'],
      [null, 'desktop'],
    ]);

    // The rollups: the board's usage and the ditches' visit counts.
    const usage = await w.call('GET', `/v3/activity/${id}/usage`, { token: w.aToken });
    expect(usage.body).toMatchObject({ visits: 5, uniqueViewers: 4 });
    const ditches = await w.call('GET', `${ditchBase}?pageSize=100`, { token: w.aToken });
    const countOf = (sign: string) =>
      ditches.body.items.find((item: { sign: string }) => item.sign === sign)?.visitCount;
    expect([countOf(ditch.sign), countOf(general.sign), countOf(elsewhere.sign)]).toEqual([1, 1, 0]);
    // For another activity, the general ditch shows that activity's visits only.
    await visit(otherActivity, { ditch: general.sign });
    const forOther = await w.call('GET', `${ditchBase}?activityId=${otherActivity}&pageSize=100`, { token: w.aToken });
    expect(forOther.body.items.find((item: { sign: string }) => item.sign === general.sign).visitCount).toBe(1);
    const all = await w.call('GET', `${ditchBase}?pageSize=100`, { token: w.aToken });
    expect(all.body.items.find((item: { sign: string }) => item.sign === general.sign).visitCount).toBe(2);
    // Editing a ditch answers its count too.
    const edited = await w.call('PUT', `${ditchBase}/${ditch.sign}`, { token: w.aToken, body: { name: '朋友圈 2' } });
    expect(edited.body).toMatchObject({ name: '朋友圈 2', visitCount: 1 });
    // Deleting a ditch keeps the visits (their sign stays) and drops its count.
    expect((await w.call('DELETE', `${ditchBase}/${ditch.sign}`, { token: w.aToken })).status).toBe(200);
    const kept = await w.t.ctx.db.selectFrom('visits').select('id').where('ditchSign', '=', ditch.sign).execute();
    expect(kept).toHaveLength(1);
  });

  it('accumulates watch time from heartbeats and refuses another activity’s or another viewer’s visit', async () => {
    const id = await w.activity(w.aToken);
    const started = await visit(id);
    const cookie = viewerCookie(started);
    const visitId = started.body.visitId as number;
    const beat = () => w.call('POST', `/watch/${id}/heartbeat`, { body: { visitId }, headers: { cookie } });
    const at = async (secondsAgo: number) =>
      sql`update visits set last_seen_at = now() - make_interval(secs => ${secondsAgo}) where id = ${visitId}`.execute(
        w.t.ctx.db,
      );

    await at(30);
    const one = await beat();
    expect(one.status, one.text).toBe(200);
    expect(one.body.watchSeconds).toBeGreaterThanOrEqual(30);
    expect(one.body.watchSeconds).toBeLessThanOrEqual(31);
    await at(30);
    expect((await beat()).body.watchSeconds).toBeGreaterThanOrEqual(60);
    // A page away for an hour gains at most a missed beat's worth.
    await at(3600);
    const capped = (await beat()).body.watchSeconds;
    expect(capped).toBeGreaterThanOrEqual(120);
    expect(capped).toBeLessThanOrEqual(122);

    const other = await w.activity(w.aToken);
    expectError(
      await w.call('POST', `/watch/${other}/heartbeat`, { body: { visitId }, headers: { cookie } }),
      404,
      WATCH_ERRORS.visitNotFound,
    );
    const stranger = viewerCookie(await visit(id));
    expectError(
      await w.call('POST', `/watch/${id}/heartbeat`, { body: { visitId }, headers: { cookie: stranger } }),
      404,
      WATCH_ERRORS.visitNotFound,
    );
    expectError(await w.call('POST', `/watch/${id}/heartbeat`, { body: { visitId } }), 404, WATCH_ERRORS.visitNotFound);
    expect(
      (await w.call('POST', `/watch/${id}/heartbeat`, { body: { visitId: 'x' }, headers: { cookie } })).status,
    ).toBe(400);
    const row = await w.t.ctx.db
      .selectFrom('visits')
      .select('watchSeconds')
      .where('id', '=', String(visitId) as never)
      .executeTakeFirstOrThrow();
    expect(row.watchSeconds).toBe(capped);
  });

  it('keeps another agent’s console out of the visit counts and destroys visits with their activity', async () => {
    const id = await w.activity(w.aToken);
    await visit(id);
    expectError(
      await w.call('GET', `/v3/activity/${id}/usage`, { token: w.bToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    // A sub-account sees the usage of its own activity only.
    await visit(w.subActivityId);
    const own = await w.call('GET', `/v3/activity/${w.subActivityId}/usage`, { token: w.subToken });
    expect(own.body.visits).toBeGreaterThanOrEqual(1);
    expect((await w.call('GET', `/v3/activity/${id}/usage`, { token: w.subToken })).status).toBe(404);

    const destroyed = await w.call('POST', `/v3/activity/${id}/destroy`, { token: w.aToken });
    expect(destroyed.status, destroyed.text).toBe(200);
    const left = await w.t.ctx.db.selectFrom('visits').select('id').where('activityId', '=', id).execute();
    expect(left).toEqual([]);
  });

  it('tells the page when the push starts and stops (server-sent events)', async () => {
    const id = await w.activity(w.aToken);
    const row = await w.t.ctx.db
      .selectFrom('activities')
      .select(['app', 'stream'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/watch/${id}/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += new TextDecoder().decode(value);
      }
    };
    await until('data: {"isPushing":false}');
    await setPushing(w.t.ctx, row.app, row.stream ?? '', true);
    await until('data: {"isPushing":true}');
    controller.abort();
    expect((await fetch(`${address}/api/watch/999999/events`)).status).toBe(404);
  });
});

describe.each(engines)('watch page HTML on %s', (engine) => {
  const w = useWorld(engine);

  it('serves the built page at /watch/{id} with the activity name as title and the share card as og: tags', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'yanbo-watch-dist-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<html><head><title>演播</title></head><body></body></html>');
    await writeFile(path.join(dir, 'assets', 'index-B5GET1Ep.js'), 'console.log(1)');
    const app = Fastify();
    registerWatchPage(app, w.t.ctx, dir);
    await app.ready();
    try {
      const id = await w.activity(w.aToken, '名称 <b>&');
      await w.call('PUT', `/activity/${id}/shareCard`, {
        token: w.aToken,
        body: { title: '卡片"标题"', description: '描述', image: '/files/a.png' },
      });
      const page = await app.inject({
        method: 'GET',
        url: `/watch/${id}?ditch=x`,
        headers: { host: 'live.example.com' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<title>名称 &lt;b&gt;&amp;</title>');
      expect(page.body).toContain('<meta property="og:title" content="卡片&quot;标题&quot;">');
      expect(page.body).toContain('<meta property="og:description" content="描述">');
      expect(page.body).toContain(`<meta property="og:image" content="http://live.example.com/files/a.png">`);
      const missing = await app.inject({ method: 'GET', url: '/watch/999999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('<title>演播</title>');
      const asset = await app.inject({ method: 'GET', url: '/watch/assets/index-B5GET1Ep.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
