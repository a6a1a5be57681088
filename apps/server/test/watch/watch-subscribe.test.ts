import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { setPushing } from '../../src/features/live-stream/publish-auth.ts';
import { remindersSettled } from '../../src/features/watch/index.ts';
import { registerWatchPage } from '../../src/features/watch/watch-page-html.ts';
import { useWorld } from '../activity-world.ts';
import { engines, expectError, lastSmsCode, nextIp, nextMobile, readSmsOutbox, wrongCode } from '../harness.ts';

describe.each(engines)('reminder subscriptions on %s', (engine) => {
  const w = useWorld(engine);

  const askCode = (id: number, mobile: string, ip = nextIp()) =>
    w.call('POST', `/watch/${id}/subscribe/code`, { body: { mobile }, ip });
  const subscribe = (id: number, mobile: string, code: string, ip = nextIp()) =>
    w.call('POST', `/watch/${id}/subscribe`, { body: { mobile, code }, ip });
  const subscribers = (id: number, token = w.aToken) => w.call('GET', `/v3/activity/${id}/subscribe`, { token });
  /** Lets the next code to this mobile go out at once (the resend wait is a minute). */
  const ageCodes = (mobile: string) =>
    w.t.ctx.db
      .updateTable('smsCodes')
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where('mobile', '=', mobile)
      .execute();
  const pushStarts = async (id: number, isPushing: boolean) => {
    const row = await w.t.ctx.db
      .selectFrom('activities')
      .select(['app', 'stream'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await setPushing(w.t.ctx, row.app, row.stream ?? '', isPushing);
    await remindersSettled();
  };
  const reminders = () => readSmsOutbox(w.t.dataDir).filter((line) => line.purpose === 'reminder');

  it('texts a code, refuses a wrong one, and subscribes the mobile once however often it subscribes', async () => {
    const id = await w.activity(w.aToken, '春季发布会');
    const mobile = nextMobile();
    const sent = await askCode(id, mobile);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ mobile, resendAfter: 60, expiresIn: 600 });
    const code = lastSmsCode(w.t.dataDir, mobile, 'subscribe');
    expect(code).toMatch(/^\d{6}$/);

    expectError(await subscribe(id, mobile, wrongCode(code)), 400, ERROR_MESSAGES.verificationCode, {
      code: ERROR_CODES.verificationCode,
      field: 'code',
    });
    expect((await subscribers(id)).body.items).toEqual([]);

    const first = await subscribe(id, mobile, code);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ mobile, subscribed: true });
    // The code is spent: it does not subscribe again.
    expect((await subscribe(id, mobile, code)).status).toBe(400);

    await ageCodes(mobile);
    expect((await askCode(id, mobile)).status).toBe(200);
    const again = await subscribe(id, mobile, lastSmsCode(w.t.dataDir, mobile, 'subscribe'));
    expect(again.status, again.text).toBe(200);

    const list = await subscribers(id);
    expect(list.status).toBe(200);
    expect(list.body.pager.total).toBe(1);
    expect(list.body.items).toEqual([{ mobile, subscribedAt: expect.any(String), remindedAt: null }]);
    const rows = await w.t.ctx.db.selectFrom('activitySubscribers').selectAll().where('activityId', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps to the activity: another agent’s console list is 404, a missing activity 404, bad input 400', async () => {
    const id = await w.activity(w.aToken);
    expectError(await subscribers(id, w.bToken), 404, ERROR_MESSAGES.activityNotFound);
    expectError(await askCode(999_999, nextMobile()), 404, ERROR_MESSAGES.activityNotFound);
    expectError(await subscribe(999_999, nextMobile(), '123456'), 404, ERROR_MESSAGES.activityNotFound);
    expect((await askCode(id, '12345')).status).toBe(400);
    expect((await w.call('POST', `/watch/${id}/subscribe/code`, { body: {} })).status).toBe(400);
    expect((await subscribe(id, nextMobile(), 'abc')).status).toBe(400);
    expect((await w.call('POST', `/watch/${id}/subscribe`, { body: { mobile: nextMobile() } })).status).toBe(400);
    // A second code within the minute is refused, as for every code.
    const mobile = nextMobile();
    expect((await askCode(id, mobile)).status).toBe(200);
    expect((await askCode(id, mobile)).status).toBe(429);
    // The public form's body is small.
    const big = await w.call('POST', `/watch/${id}/subscribe/code`, { body: { mobile, pad: 'x'.repeat(20_000) } });
    expect(big.status).toBe(413);
  });

  it('texts each subscriber one reminder when the push starts, never again when it restarts, and counts them', async () => {
    const id = await w.activity(w.aToken, '开播提醒测试');
    const mobiles = [nextMobile(), nextMobile()];
    for (const mobile of mobiles) {
      expect((await askCode(id, mobile)).status).toBe(200);
      expect((await subscribe(id, mobile, lastSmsCode(w.t.dataDir, mobile, 'subscribe'))).status).toBe(200);
    }
    const before = reminders().length;
    await pushStarts(id, true);
    const sent = reminders().slice(before);
    expect(sent.map((line) => line.mobile).sort()).toEqual([...mobiles].sort());
    expect(sent.every((line) => line.activity === '开播提醒测试')).toBe(true);

    await pushStarts(id, false);
    await pushStarts(id, true);
    expect(reminders().length).toBe(before + 2);

    // A viewer who subscribes after that push is reminded at the next one, alone.
    const late = nextMobile();
    await askCode(id, late);
    await subscribe(id, late, lastSmsCode(w.t.dataDir, late, 'subscribe'));
    await pushStarts(id, false);
    await pushStarts(id, true);
    expect(
      reminders()
        .slice(before + 2)
        .map((line) => line.mobile),
    ).toEqual([late]);

    const list = await subscribers(id);
    expect(list.body.items.every((item: { remindedAt: string | null }) => item.remindedAt !== null)).toBe(true);
    const usage = await w.call('GET', `/agent/${w.a.id}/sms`, { token: w.aToken });
    expect(usage.status).toBe(200);
    expect(usage.body.byPurpose.reminder).toBeGreaterThanOrEqual(3);
    expect(usage.body.byPurpose.subscribe).toBeGreaterThanOrEqual(3);
    expect(usage.body.items[0]).toMatchObject({ purpose: 'reminder', status: 'sent' });
    // Another agent's usage counts none of them.
    const other = await w.call('GET', `/agent/${w.b.id}/sms`, { token: w.bToken });
    expect(other.body.byPurpose.reminder).toBeUndefined();
  });
});

describe.each(engines)('watch page share tags and icon on %s', (engine) => {
  const w = useWorld(engine);

  it('fills og: and WeChat’s itemprop tags from the share card with fallbacks, and serves the icon', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'yanbo-watch-dist-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<html><head><link rel="icon" href="/watch/favicon.svg" type="image/svg+xml" /><title>演播</title></head></html>',
    );
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const app = Fastify();
    registerWatchPage(app, w.t.ctx, dir);
    await app.ready();
    const page = (id: number) =>
      app.inject({ method: 'GET', url: `/watch/${id}`, headers: { host: 'live.example.com' } });
    try {
      const id = await w.activity(w.aToken, '秋季发布会');
      await w.call('PUT', `/activity/${id}/shareCard`, {
        token: w.aToken,
        body: { title: '卡片标题', description: '卡片描述', image: '/files/card.png' },
      });
      const shared = (await page(id)).body;
      for (const tag of [
        '<meta property="og:title" content="卡片标题">',
        '<meta property="og:description" content="卡片描述">',
        '<meta property="og:image" content="http://live.example.com/files/card.png">',
        `<meta property="og:url" content="http://live.example.com/watch/${id}">`,
        '<meta itemprop="name" content="卡片标题">',
        '<meta itemprop="description" content="卡片描述">',
        '<meta itemprop="image" content="http://live.example.com/files/card.png">',
        '<link rel="icon" href="/watch/favicon.svg">',
      ]) {
        expect(shared).toContain(tag);
      }
      expect(shared.match(/rel="icon"/g)).toHaveLength(1);

      // An empty card falls back to the activity's name, a line about it, and its cover.
      const plain = await w.activity(w.aToken, '冬季发布会');
      await w.t.ctx.db.updateTable('activities').set({ cover: '/files/cover.jpg' }).where('id', '=', plain).execute();
      await w.call('PUT', `/activity/${plain}/shareCard`, {
        token: w.aToken,
        body: { title: '', description: '', image: '' },
      });
      const fallback = (await page(plain)).body;
      expect(fallback).toContain('<meta property="og:title" content="冬季发布会">');
      expect(fallback).toContain('<meta property="og:description" content="点击观看「冬季发布会」直播">');
      expect(fallback).toContain('<meta property="og:image" content="http://live.example.com/files/cover.jpg">');

      // The agent's own icon, once set, is the page's.
      await w.call('PUT', '/agent/activity/template', { token: w.aToken, body: { favicon: '/files/icon.png' } });
      expect((await page(id)).body).toContain('<link rel="icon" href="/files/icon.png">');

      for (const url of ['/favicon.ico', '/watch/favicon.svg']) {
        const icon = await app.inject({ method: 'GET', url });
        expect(icon.statusCode).toBe(200);
        expect(icon.headers['content-type']).toContain('image/svg+xml');
      }
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
