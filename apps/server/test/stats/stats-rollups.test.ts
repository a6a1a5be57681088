import {
  addDays,
  ERROR_MESSAGES,
  STATS_REGION_ABROAD,
  STATS_REGION_LAN,
  type StatsRange,
  statsRange,
  statsToday,
  VIEWER_COOKIE,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { regionOf } from '../../src/features/stats/ip-region.ts';
import {
  recountDevices,
  recountOverview,
  recountReferrers,
  recountRegions,
  recountTimeline,
} from '../../src/features/stats/stats-recount.ts';
import { useWorld } from '../activity-world.ts';
import { type CallResult, call, engines, expectError, startApp } from '../harness.ts';

// The rollups of migration 042 against a recount from raw visits (issue 11: "a test that the rollups equal a
// recount"), the region of a viewer's address, and the concurrent-viewer curve.

const UAS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; V2199A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116 Mobile Safari/537.36 MicroMessenger/8.0.47',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
];
/** 深圳, 北京, 广州 (IPv6), loopback, a private address, 美国, 新加坡. */
const IPS = [
  '202.96.134.133',
  '61.135.169.121',
  '240e:47d:c20:1627:30a3:ba0d:a5e6:ec19',
  '127.0.0.1',
  '192.168.3.4',
  '8.8.8.8',
  '45.113.192.1',
];
const REFERRERS = ['', 'https://mp.weixin.qq.com/s/abc', 'https://www.baidu.com/s?wd=x', 'http://Example.COM:8080/a'];

function viewerCookie(response: CallResult): string {
  const match = new RegExp(`${VIEWER_COOKIE}=([^;]+)`).exec(String(response.headers['set-cookie'] ?? ''));
  if (!match) throw new Error('no viewer cookie');
  return `${VIEWER_COOKIE}=${match[1]}`;
}

/** A small deterministic random source, so a failure can be run again as it was. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

describe('the region of an address', () => {
  it('names the province as the map does, the city, and the buckets 局域网, 海外 and 未知', () => {
    expect(regionOf('202.96.134.133')).toEqual({ province: '广东', city: '深圳市' });
    expect(regionOf('61.135.169.121')).toEqual({ province: '北京', city: '北京市' });
    expect(regionOf('::ffff:61.135.169.121')).toEqual({ province: '北京', city: '北京市' });
    expect(regionOf('240e:47d:c20:1627:30a3:ba0d:a5e6:ec19').province).toBe('广东');
    for (const lan of ['127.0.0.1', '::1', '10.1.2.3', '192.168.3.4', '172.16.0.9', '100.64.0.1', 'fe80::1']) {
      expect(regionOf(lan), lan).toEqual({ province: STATS_REGION_LAN, city: '' });
    }
    expect(regionOf('8.8.8.8')).toEqual({ province: STATS_REGION_ABROAD, city: '美国' });
    expect(regionOf('')).toEqual({ province: '未知', city: '' });
    expect(regionOf('not an address')).toEqual({ province: '未知', city: '' });
  });
});

describe.each(engines)('statistics rollups on %s', (engine) => {
  const w = useWorld(engine);
  const db = () => w.t.ctx.db;

  const visit = (activityId: number, body: object, headers: Record<string, string>, ip: string) =>
    w.call('POST', `/watch/${activityId}/visit`, { body, headers, ip });
  const beat = async (activityId: number, visitId: number, cookie: string) => {
    await sql`update visits set last_seen_at = now() - make_interval(secs => 29.6) where id = ${visitId}`.execute(db());
    const response = await w.call('POST', `/watch/${activityId}/heartbeat`, { body: { visitId }, headers: { cookie } });
    expect(response.status, response.text).toBe(200);
  };
  const moveBack = (visitId: number, hours: number) =>
    sql`update visits set started_at = now() - make_interval(hours => ${hours}) where id = ${visitId}`.execute(db());

  /** Everything the statistics calls answer for a range, as the recount states it. */
  async function answers(id: number, range: StatsRange) {
    const get = async (path: string) => {
      const response = await w.call('GET', `${path}?startTime=${range.startTime}&endTime=${range.endTime}`, {
        token: w.aToken,
      });
      expect(response.status, response.text).toBe(200);
      return response.body;
    };
    const [overview, timeline, referrer, device, region] = await Promise.all([
      get(`/activity/${id}/stats`),
      get(`/v3/activity/${id}/stats/timeline`),
      get(`/v3/activity/${id}/stats/referrer/json`),
      get(`/v3/activity/${id}/stats/device/json`),
      get(`/v3/activity/${id}/stats/region/json`),
    ]);
    const byKey = <T>(rows: T[], key: (row: T) => string, value: (row: T) => unknown) =>
      Object.fromEntries(rows.map((row) => [key(row), value(row)]));
    type Row = Record<string, never>;
    return {
      overview: {
        pv: overview.pv,
        uv: overview.uv,
        avgWatchTime: overview.avgWatchTime,
        totalWatchTime: overview.totalWatchTime,
        todayPv: overview.todayPv,
        todayUv: overview.todayUv,
      },
      timeline: timeline.points.filter((point: { pv: number }) => point.pv > 0),
      ditches: byKey(
        referrer.ditches,
        (row: Row) => String(row.sign),
        (row: Row) => row.visits,
      ),
      referrers: byKey(
        referrer.referrers,
        (row: Row) => row.host,
        (row: Row) => row.visits,
      ),
      devices: byKey(
        device.devices.filter((row: { visits: number }) => row.visits > 0),
        (row: Row) => row.device,
        (row: Row) => row.visits,
      ),
      browsers: byKey(
        device.browsers,
        (row: Row) => row.browser,
        (row: Row) => row.visits,
      ),
      regions: {
        total: region.total,
        viewers: region.viewers,
        provinces: byKey(
          region.provinces,
          (row: Row) => row.province,
          (row: Row) => ({ visits: row.visits, viewers: row.viewers }),
        ),
        cities: byKey(
          region.cities,
          (row: Row) => `${row.province}|${row.city}`,
          (row: Row) => ({ visits: row.visits, viewers: row.viewers }),
        ),
      },
    };
  }

  async function recounted(id: number, range: StatsRange) {
    const [overview, timeline, referrer, device, regions] = await Promise.all([
      recountOverview(db(), id, range),
      recountTimeline(db(), id, range),
      recountReferrers(db(), id, range),
      recountDevices(db(), id, range),
      recountRegions(db(), id, range),
    ]);
    return {
      overview,
      timeline,
      ditches: Object.fromEntries(referrer.ditches.map((row) => [String(row.sign), row.visits])),
      referrers: Object.fromEntries(referrer.referrers.map((row) => [row.host, row.visits])),
      devices: device.devices,
      browsers: device.browsers,
      regions,
    };
  }

  it('equal a recount from raw visits after a mixed workload, and a rebuild from the visits keeps them equal', async () => {
    const random = randomFrom(engine === 'pglite' ? 7 : 11);
    const today = statsToday();
    const activities = [await w.activity(w.aToken), await w.activity(w.aToken)];
    const other = await w.activity(w.bToken);
    const ditch = (
      await w.call('POST', `/agent/${w.a.id}/promotion-channel`, {
        token: w.aToken,
        body: { name: '朋友圈', activityId: activities[0] },
      })
    ).body.sign as string;
    // Eight browsers, each coming back several times, to both activities, across days and hours.
    const cookies: (string | undefined)[] = Array.from({ length: 8 }, () => undefined);
    const visits: { id: number; activityId: number; cookie: string }[] = [];
    for (let i = 0; i < 48; i++) {
      const viewer = random(cookies.length);
      const activityId = activities[random(2)] as number;
      const cookie = cookies[viewer];
      const response = await visit(
        activityId,
        {
          referrer: REFERRERS[random(REFERRERS.length)],
          ...(random(3) === 0 ? { ditch } : random(5) === 0 ? { ditch: 'nope' } : {}),
        },
        { 'user-agent': UAS[random(UAS.length)] as string, ...(cookie ? { cookie } : {}) },
        IPS[random(IPS.length)] as string,
      );
      expect(response.status, response.text).toBe(200);
      cookies[viewer] ??= viewerCookie(response);
      visits.push({ id: response.body.visitId, activityId, cookie: cookies[viewer] as string });
      // B's activity, visited alongside, must never leak into A's figures.
      await visit(other, {}, { 'user-agent': UAS[0] as string }, IPS[0] as string);
    }
    // Page views and heartbeats at the same moment, on several connections (as several API processes would).
    const known = cookies.filter((cookie): cookie is string => cookie !== undefined);
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        visit(
          activities[i % 2] as number,
          {},
          { 'user-agent': UAS[i % UAS.length] as string, cookie: known[i % known.length] as string },
          IPS[i % IPS.length] as string,
        ),
      ),
    );
    for (const [i, response] of burst.entries()) {
      expect(response.status, response.text).toBe(200);
      visits.push({
        id: response.body.visitId,
        activityId: activities[i % 2] as number,
        cookie: known[i % known.length] as string,
      });
    }
    await Promise.all(visits.slice(-12).map((item) => beat(item.activityId, item.id, item.cookie)));
    // Watch time through real heartbeats, then the visits spread back over 100 days (some stay today, some an hour
    // or two back, which may cross midnight).
    for (const item of visits.slice(0, 20)) {
      for (let beats = random(3); beats > 0; beats--) await beat(item.activityId, item.id, item.cookie);
    }
    for (const item of visits) {
      const spread = random(4);
      const hours = spread === 0 ? 0 : spread === 1 ? random(3) : spread === 2 ? random(72) : random(24 * 100);
      if (hours > 0) await moveBack(item.id, hours);
    }
    // A visit moving to another viewer (a sign-in), one to another viewer and day, one deleted.
    const [first, second, third] = visits;
    await sql`update visits set viewer_id = 'mobile:13800000000' where id = ${first?.id}`.execute(db());
    await sql`update visits set viewer_id = 'mobile:13800000001', started_at = started_at - interval '5 days'
      where id = ${second?.id}`.execute(db());
    await sql`delete from visits where id = ${third?.id}`.execute(db());

    const ranges: StatsRange[] = [
      statsRange({}),
      { startTime: addDays(today, -120), endTime: today },
      { startTime: addDays(today, -10), endTime: addDays(today, -2) },
      { startTime: addDays(today, -3), endTime: today },
      { startTime: today, endTime: today },
      { startTime: addDays(today, -1), endTime: today },
      { startTime: addDays(today, -2), endTime: addDays(today, -2) },
    ];
    const snapshot = [];
    for (const id of activities) {
      for (const range of ranges) {
        const rolled = await answers(id, range);
        expect(rolled, `${id} ${range.startTime}..${range.endTime}`).toEqual(await recounted(id, range));
        snapshot.push(rolled);
      }
    }
    expect(snapshot[1]?.overview.pv).toBeGreaterThan(0);

    // The backfill (the migration's, and the bulk loads' of the benchmark) counts the same from the visits alone.
    await sql`select stats_rollup_rebuild(null)`.execute(db());
    const again = [];
    for (const id of activities) for (const range of ranges) again.push(await answers(id, range));
    expect(again).toEqual(snapshot);
  });

  it.runIf(engine === 'postgres')(
    'stay equal to a recount when two API processes on one database record visits and heartbeats at once',
    async () => {
      // A second server on the same PostgreSQL, as a cluster's second process would be.
      const second = await startApp('postgres', { databaseUrl: w.t.ctx.config.databaseUrl });
      try {
        const id = await w.activity(w.aToken);
        const apps = [w.t.app, second.app];
        const first = await visit(id, {}, { 'user-agent': UAS[0] as string }, IPS[0] as string);
        const cookies = [viewerCookie(first), undefined, undefined];
        const started = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            call(apps[i % 2] as (typeof apps)[number], 'POST', `/watch/${id}/visit`, {
              body: { referrer: REFERRERS[i % REFERRERS.length] },
              headers: {
                'user-agent': UAS[i % UAS.length] as string,
                ...(cookies[i % 3] ? { cookie: cookies[i % 3] as string } : {}),
              },
              ip: IPS[i % IPS.length] as string,
            }),
          ),
        );
        for (const response of started) expect(response.status, response.text).toBe(200);
        await sql`update visits set last_seen_at = now() - make_interval(secs => 29.6) where activity_id = ${id}`.execute(
          db(),
        );
        const beats = await Promise.all(
          started.map((response, i) =>
            call(apps[(i + 1) % 2] as (typeof apps)[number], 'POST', `/watch/${id}/heartbeat`, {
              body: { visitId: response.body.visitId },
              headers: { cookie: cookies[i % 3] ?? viewerCookie(response) },
            }),
          ),
        );
        for (const beat of beats) expect(beat.status, beat.text).toBe(200);
        for (const range of [statsRange({}), { startTime: statsToday(), endTime: statsToday() }]) {
          expect(await answers(id, range)).toEqual(await recounted(id, range));
        }
        expect((await answers(id, statsRange({}))).overview.totalWatchTime).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
    },
  );

  it('region: visits and distinct viewers by province and city from the address the visit came from', async () => {
    const id = await w.activity(w.aToken);
    const ua = { 'user-agent': UAS[0] as string };
    const shenzhen = await visit(id, {}, ua, '202.96.134.133');
    // The same viewer again, from Beijing now: one viewer, in both provinces.
    await visit(id, {}, { ...ua, cookie: viewerCookie(shenzhen) }, '61.135.169.121');
    await visit(id, {}, ua, '14.215.177.38');
    await visit(id, {}, ua, '127.0.0.1');
    await visit(id, {}, ua, '8.8.8.8');
    const response = await w.call('GET', `/v3/activity/${id}/stats/region/json`, { token: w.aToken });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ total: 5, viewers: 4 });
    expect(response.body.provinces).toEqual([
      { province: '广东', visits: 2, viewers: 2 },
      { province: '北京', visits: 1, viewers: 1 },
      { province: STATS_REGION_LAN, visits: 1, viewers: 1 },
      { province: STATS_REGION_ABROAD, visits: 1, viewers: 1 },
    ]);
    expect(response.body.cities).toEqual(
      expect.arrayContaining([
        { province: '广东', city: '深圳市', visits: 1, viewers: 1 },
        { province: '广东', city: '广州市', visits: 1, viewers: 1 },
        { province: '北京', city: '北京市', visits: 1, viewers: 1 },
        { province: STATS_REGION_ABROAD, city: '美国', visits: 1, viewers: 1 },
        { province: STATS_REGION_LAN, city: '', visits: 1, viewers: 1 },
      ]),
    );
    const stored = await db().selectFrom('visits').select(['province', 'city']).where('activityId', '=', id).execute();
    expect(stored).toContainEqual({ province: '广东', city: '深圳市' });
    // A range before the visits: nothing.
    const empty = await w.call('GET', `/v3/activity/${id}/stats/region/json?endTime=${addDays(statsToday(), -1)}`, {
      token: w.aToken,
    });
    expect(empty.body).toMatchObject({ total: 0, viewers: 0, provinces: [], cities: [] });
  });

  it('online: the most real and virtual viewers per minute of the pushes, with the peaks and when', async () => {
    const id = await w.activity(w.aToken);
    const other = await w.activity(w.aToken);
    const today = statsToday();
    // Samples every 10 s from 10:00 to 10:02:50 Beijing time today, and one of another activity.
    const start = Date.parse(`${today}T10:00:00+08:00`);
    const samples = Array.from({ length: 18 }, (_, i) => ({
      activityId: id,
      agentId: w.a.id,
      at: new Date(start + i * 10_000),
      real: i === 7 ? 40 : i,
      virtual: i === 15 ? 500 : 100,
    }));
    await db()
      .insertInto('onlineSamples')
      .values([...samples, { activityId: other, agentId: w.a.id, at: new Date(start), real: 999, virtual: 999 }])
      .execute();
    const response = await w.call('GET', `/v3/activity/${id}/stats/online?startTime=${today}&endTime=${today}`, {
      token: w.aToken,
    });
    expect(response.status, response.text).toBe(200);
    const minute = (m: number) => new Date(start + m * 60_000).toISOString();
    expect(response.body).toEqual({
      range: { startTime: today, endTime: today },
      stepMinutes: 1,
      points: [
        { time: minute(0), real: 5, virtual: 100 },
        { time: minute(1), real: 40, virtual: 100 },
        { time: minute(2), real: 17, virtual: 500 },
      ],
      peakReal: { viewers: 40, at: new Date(start + 70_000).toISOString() },
      peakVirtual: { viewers: 500, at: new Date(start + 150_000).toISOString() },
      peakShown: { viewers: 515, at: new Date(start + 150_000).toISOString() },
    });

    // A long span is drawn in wider steps, never more than the cap of points.
    await db()
      .insertInto('onlineSamples')
      .values({ activityId: id, agentId: w.a.id, at: new Date(start - 5 * 86_400_000), real: 1, virtual: 0 })
      .execute();
    const wide = await w.call('GET', `/v3/activity/${id}/stats/online`, { token: w.aToken });
    expect(wide.body.stepMinutes).toBe(5);
    expect(wide.body.points).toHaveLength(2);
    expect(wide.body.peakReal.viewers).toBe(40);

    const none = await w.call('GET', `/v3/activity/${other}/stats/online?endTime=${addDays(today, -1)}`, {
      token: w.aToken,
    });
    expect(none.body).toMatchObject({ points: [], peakReal: null, peakVirtual: null, peakShown: null });
  });

  it('region and online: another agent’s activity or one outside a sub-account answers 404, bad ranges 400', async () => {
    const id = await w.activity(w.aToken);
    for (const path of [`/v3/activity/${id}/stats/region/json`, `/v3/activity/${id}/stats/online`]) {
      expectError(await w.call('GET', path, { token: w.bToken }), 404, ERROR_MESSAGES.activityNotFound);
      expectError(await w.call('GET', path, { token: w.subToken }), 404, ERROR_MESSAGES.activityNotFound);
      expect((await w.call('GET', path)).status).toBe(401);
      const bad = await w.call('GET', `${path}?startTime=2026-02-30`, { token: w.aToken });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('startTime');
    }
    for (const path of [
      `/v3/activity/${w.subActivityId}/stats/region/json`,
      `/v3/activity/${w.subActivityId}/stats/online`,
    ]) {
      expect((await w.call('GET', path, { token: w.subToken })).status).toBe(200);
    }
  });
});
