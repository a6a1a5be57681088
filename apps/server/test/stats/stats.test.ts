import {
  addDays,
  bucketOf,
  ERROR_CODES,
  ERROR_MESSAGES,
  STATS_DEFAULT_RANGE_DAYS,
  STATS_MAX_RANGE_DAYS,
  statsToday,
  VIEWER_COOKIE,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { type CallResult, engines, expectError } from '../harness.ts';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36';
const TABLET_UA =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; V2199A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116 Mobile Safari/537.36 MicroMessenger/8.0.47';

function viewerCookie(response: CallResult): string {
  const match = new RegExp(`${VIEWER_COOKIE}=([^;]+)`).exec(String(response.headers['set-cookie'] ?? ''));
  if (!match) throw new Error('no viewer cookie');
  return `${VIEWER_COOKIE}=${match[1]}`;
}

const STATS_CALLS = [
  (id: number) => `/activity/${id}/stats`,
  (id: number) => `/v3/activity/${id}/stats/timeline`,
  (id: number) => `/v3/activity/${id}/stats/referrer/json`,
  (id: number) => `/v3/activity/${id}/stats/device/json`,
  (id: number) => `/v3/activity/${id}/stats/user-visits`,
];

describe.each(engines)('activity statistics on %s', (engine) => {
  const w = useWorld(engine);

  const visit = (activityId: number, body: object, headers: Record<string, string>) =>
    w.call('POST', `/watch/${activityId}/visit`, { body, headers });
  /** Watch time through real heartbeats: the visit was last seen just under 30 s ago, so each beat adds 30. */
  const watch = async (activityId: number, visitId: number, cookie: string, beats: number) => {
    for (let i = 0; i < beats; i++) {
      await sql`update visits set last_seen_at = now() - make_interval(secs => 29.6) where id = ${visitId}`.execute(
        w.t.ctx.db,
      );
      const beat = await w.call('POST', `/watch/${activityId}/heartbeat`, { body: { visitId }, headers: { cookie } });
      expect(beat.status, beat.text).toBe(200);
    }
  };
  const moveDaysBack = (visitId: number, days: number) =>
    sql`update visits set started_at = started_at - make_interval(days => ${days}) where id = ${visitId}`.execute(
      w.t.ctx.db,
    );

  /** A's activity with four visits: two through the ditch today, one three days ago, one 100 days ago. */
  async function audience() {
    const id = await w.activity(w.aToken);
    const ditch = (
      await w.call('POST', `/agent/${w.a.id}/promotion-channel`, {
        token: w.aToken,
        body: { name: '朋友圈', activityId: id },
      })
    ).body;
    const phone = await visit(
      id,
      { ditch: ditch.sign, referrer: 'https://mp.weixin.qq.com/s/abc' },
      { 'user-agent': PHONE_UA },
    );
    const cookie = viewerCookie(phone);
    const oldVisit = await visit(id, {}, { 'user-agent': DESKTOP_UA, cookie });
    const desktop = await visit(
      id,
      { ditch: ditch.sign, referrer: 'https://WWW.Baidu.com:443/s?wd=x' },
      { 'user-agent': DESKTOP_UA },
    );
    const tablet = await visit(id, { ditch: 'nope' }, { 'user-agent': TABLET_UA });
    await watch(id, phone.body.visitId, cookie, 2);
    await watch(id, desktop.body.visitId, viewerCookie(desktop), 1);
    await moveDaysBack(tablet.body.visitId, 3);
    await moveDaysBack(oldVisit.body.visitId, 100);
    return { id, ditch, phone: phone.body.visitId as number, desktop: desktop.body.visitId as number };
  }

  it('overview: PV, UV, watch time per viewer and in all, visits today, over the last 89 days by default', async () => {
    const { id } = await audience();
    const today = statsToday();
    const overview = await w.call('GET', `/activity/${id}/stats`, { token: w.aToken });
    expect(overview.status, overview.text).toBe(200);
    expect(overview.body).toEqual({
      activityId: id,
      range: { startTime: addDays(today, -STATS_DEFAULT_RANGE_DAYS), endTime: today },
      pv: 3,
      uv: 3,
      avgWatchTime: 30,
      totalWatchTime: 90,
      peakOnline: null,
      todayPv: 2,
      todayUv: 2,
    });
    // A wider range takes in the visit 100 days ago: the same viewer again, so PV grows and UV does not.
    const wide = await w.call('GET', `/activity/${id}/stats?startTime=${addDays(today, -120)}`, { token: w.aToken });
    expect(wide.body).toMatchObject({ pv: 4, uv: 3, totalWatchTime: 90, avgWatchTime: 30, todayPv: 2 });
    // Only the days before today: no visit today counts, the one 3 days ago does.
    const past = await w.call('GET', `/activity/${id}/stats?endTime=${addDays(today, -1)}`, { token: w.aToken });
    expect(past.body).toMatchObject({ pv: 1, uv: 1, totalWatchTime: 0, avgWatchTime: 0, todayPv: 2 });

    // The peak comes from the ingest's record of the pushes that overlap the range.
    await sql`insert into ingest_sessions (activity_id, agent_id, started_at, ended_at, peak_viewers)
      values (${id}, ${w.a.id}, now() - interval '2 hours', now() - interval '1 hour', 7),
             (${id}, ${w.a.id}, now() - interval '200 days', now() - interval '199 days', 50)`.execute(w.t.ctx.db);
    expect((await w.call('GET', `/activity/${id}/stats`, { token: w.aToken })).body.peakOnline).toBe(7);
  });

  it('timeline: PV and UV per day over the range, and per hour for one day, empty buckets included', async () => {
    const { id, phone } = await audience();
    const today = statsToday();
    const daily = await w.call('GET', `/v3/activity/${id}/stats/timeline`, { token: w.aToken });
    expect(daily.status, daily.text).toBe(200);
    expect(daily.body.interval).toBe('day');
    expect(daily.body.points).toHaveLength(STATS_DEFAULT_RANGE_DAYS + 1);
    expect(daily.body.points[0]).toEqual({ time: addDays(today, -STATS_DEFAULT_RANGE_DAYS), pv: 0, uv: 0 });
    const nonEmpty = daily.body.points.filter((point: { pv: number }) => point.pv > 0);
    expect(nonEmpty).toEqual([
      { time: addDays(today, -3), pv: 1, uv: 1 },
      { time: today, pv: 2, uv: 2 },
    ]);

    const hourly = await w.call('GET', `/v3/activity/${id}/stats/timeline?startTime=${today}&endTime=${today}`, {
      token: w.aToken,
    });
    expect(hourly.body.interval).toBe('hour');
    expect(hourly.body.points).toHaveLength(24);
    expect(hourly.body.points[0].time).toBe(`${today} 00:00`);
    expect(hourly.body.points[23].time).toBe(`${today} 23:00`);
    const started = await w.t.ctx.db.selectFrom('visits').select('startedAt').where('id', '=', String(phone)).execute();
    const hour = bucketOf(new Date(started[0]?.startedAt as unknown as string), 'hour');
    const busy = hourly.body.points.filter((point: { pv: number }) => point.pv > 0);
    expect(busy.reduce((sum: number, point: { pv: number }) => sum + point.pv, 0)).toBe(2);
    expect(busy.map((point: { time: string }) => point.time)).toContain(hour);
  });

  it('referrers: by ditch (name and sign, none last) and by referring host, direct visits as an empty host', async () => {
    const { id, ditch } = await audience();
    const response = await w.call('GET', `/v3/activity/${id}/stats/referrer/json`, { token: w.aToken });
    expect(response.status, response.text).toBe(200);
    expect(response.body.total).toBe(3);
    expect(response.body.ditches).toEqual([
      { sign: ditch.sign, name: '朋友圈', visits: 2 },
      { sign: null, name: null, visits: 1 },
    ]);
    expect(response.body.referrers).toEqual([
      { host: '', visits: 1 },
      { host: 'mp.weixin.qq.com', visits: 1 },
      { host: 'www.baidu.com', visits: 1 },
    ]);
    // A deleted ditch keeps its visits under its sign, without a name.
    await w.call('DELETE', `/agent/${w.a.id}/promotion-channel/${ditch.sign}`, { token: w.aToken });
    const after = await w.call('GET', `/v3/activity/${id}/stats/referrer/json`, { token: w.aToken });
    expect(after.body.ditches[0]).toEqual({ sign: ditch.sign, name: null, visits: 2 });
  });

  it('devices: all four classes, and browser families from the user agent', async () => {
    const { id } = await audience();
    await visit(id, {}, { 'user-agent': WECHAT_UA });
    const response = await w.call('GET', `/v3/activity/${id}/stats/device/json`, { token: w.aToken });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      total: 4,
      devices: [
        { device: 'mobile', visits: 2 },
        { device: 'desktop', visits: 1 },
        { device: 'tablet', visits: 1 },
        { device: 'other', visits: 0 },
      ],
      browsers: [
        { browser: 'safari', visits: 2 },
        { browser: 'wechat', visits: 1 },
        { browser: 'chrome', visits: 1 },
      ],
    });
  });

  it('user visits: newest first, 10 a page, with device, ditch and watch time', async () => {
    const { id, ditch, phone, desktop } = await audience();
    const first = await w.call('GET', `/v3/activity/${id}/stats/user-visits?pageSize=2`, { token: w.aToken });
    expect(first.status, first.text).toBe(200);
    expect(first.body.pager).toEqual({ page: 1, pageSize: 2, total: 3 });
    expect(first.body.items.map((item: { id: number }) => item.id)).toEqual([desktop, phone]);
    expect(first.body.items[1]).toMatchObject({
      device: 'mobile',
      browser: 'safari',
      ditch: { sign: ditch.sign, name: '朋友圈' },
      referrer: 'https://mp.weixin.qq.com/s/abc',
      watchSeconds: 60,
    });
    expect(Date.parse(first.body.items[0].visitAt)).toBeGreaterThanOrEqual(Date.parse(first.body.items[1].visitAt));
    const second = await w.call('GET', `/v3/activity/${id}/stats/user-visits?pageSize=2&page=2`, { token: w.aToken });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0]).toMatchObject({ device: 'tablet', ditch: null, watchSeconds: 0 });
    const byDefault = await w.call('GET', `/v3/activity/${id}/stats/user-visits`, { token: w.aToken });
    expect(byDefault.body.pager).toEqual({ page: 1, pageSize: 10, total: 3 });
    const wide = await w.call('GET', `/v3/activity/${id}/stats/user-visits?startTime=${addDays(statsToday(), -100)}`, {
      token: w.aToken,
    });
    expect(wide.body.pager.total).toBe(4);
    expect(wide.body.items[3].device).toBe('desktop');
  });

  it('validates the range on every call: real dates, the end not before the start, at most 366 days', async () => {
    const id = await w.activity(w.aToken);
    const today = statsToday();
    for (const path of STATS_CALLS) {
      const get = (query: string) => w.call('GET', `${path(id)}?${query}`, { token: w.aToken });
      const endBefore = await get(`startTime=${today}&endTime=${addDays(today, -1)}`);
      expectError(endBefore, 400, 'endTime: endTime must not be before startTime', {
        code: ERROR_CODES.validation,
        field: 'endTime',
      });
      const tooLong = await get(`startTime=${addDays(today, -STATS_MAX_RANGE_DAYS)}&endTime=${today}`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.field).toBe('startTime');
      expect((await get(`startTime=${addDays(today, 1 - STATS_MAX_RANGE_DAYS)}&endTime=${today}`)).status).toBe(200);
      // An end far in the past with no start: the default start comes 89 days before it.
      expect((await get('endTime=2020-01-01')).status).toBe(200);
      expect((await get('startTime=2020-01-01')).body.field).toBe('startTime');
      expect((await get('startTime=yesterday')).body.field).toBe('startTime');
      expect((await get('endTime=2026-02-30')).body.field).toBe('endTime');
      // An empty value is a wrong value, not a missing one (it once crashed with "Invalid time value").
      for (const [query, field] of [
        ['endTime=', 'endTime'],
        ['startTime=', 'startTime'],
        ['startTime=&endTime=', 'startTime'],
        [`startTime=${today}&endTime=`, 'endTime'],
      ]) {
        const empty = await get(query as string);
        expect(empty.status, query).toBe(400);
        expect(empty.body.field, query).toBe(field);
      }
    }
    expect(
      (await w.call('GET', `/v3/activity/${id}/stats/user-visits?pageSize=0`, { token: w.aToken })).body.field,
    ).toBe('pageSize');
    expect((await w.call('GET', '/activity/abc/stats', { token: w.aToken })).body.field).toBe('id');
  });

  it('another agent’s activity, or an activity not assigned to a sub-account, answers 404 Activity Not Found', async () => {
    const aActivity = await w.activity(w.aToken);
    await visit(aActivity, {}, { 'user-agent': PHONE_UA });
    await visit(w.subActivityId, {}, { 'user-agent': PHONE_UA });
    for (const path of STATS_CALLS) {
      expectError(await w.call('GET', path(aActivity), { token: w.bToken }), 404, ERROR_MESSAGES.activityNotFound);
      expectError(await w.call('GET', path(aActivity), { token: w.subToken }), 404, ERROR_MESSAGES.activityNotFound);
      expectError(await w.call('GET', path(999_999), { token: w.aToken }), 404, ERROR_MESSAGES.activityNotFound);
      expect((await w.call('GET', path(aActivity))).status).toBe(401);
      const own = await w.call('GET', path(w.subActivityId), { token: w.subToken });
      expect(own.status, own.text).toBe(200);
      expect((await w.call('GET', path(w.subActivityId), { token: w.aToken })).status).toBe(200);
    }
    expect((await w.call('GET', `/activity/${w.subActivityId}/stats`, { token: w.subToken })).body.pv).toBe(1);
  });
});
