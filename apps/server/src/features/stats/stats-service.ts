import {
  bucketOf,
  rangeInstants,
  STATS_BROWSERS,
  STATS_DEVICES,
  STATS_ONLINE_MAX_POINTS,
  STATS_ONLINE_STEPS,
  STATS_TIME_ZONE,
  type StatsBrowser,
  type StatsDevice,
  type StatsDeviceClass,
  type StatsOnline,
  type StatsOverview,
  type StatsRange,
  type StatsRangeQuery,
  type StatsReferrer,
  type StatsRegion,
  type StatsTimeline,
  type StatsUserVisits,
  type StatsUserVisitsQuery,
  statsRange,
  statsToday,
  timelineInterval,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { ownActivity } from '../../platform/tenancy.ts';

// Every figure is read from the rollups migration 042 keeps as visits arrive (stats_visit_buckets, _breakdowns,
// stats_reach), never from raw visits: a few hundred rows per call whatever the audience (bench/README.md,
// statistics). stats-recount.ts counts the same figures from raw visits; the recount test holds the two equal.

const browserOf = sql<StatsBrowser>`stats_browser_of(v.user_agent)`;
const deviceOf = sql<StatsDeviceClass>`stats_device_of(v.device)`;

/** The range's visits of the activity, as the `v` rows of a query (the one page of user visits reads raw rows). */
function inRange(activityId: number, range: StatsRange) {
  const { from, to } = rangeInstants(range);
  return sql`v.activity_id = ${activityId} and v.started_at >= ${from}::timestamptz and v.started_at < ${to}::timestamptz`;
}

async function resolve(db: Db, caller: Caller, activityId: number, query: StatsRangeQuery) {
  await ownActivity(db, caller, activityId);
  return statsRange(query);
}

/** The range's days (local calendar days), as the rollups key them. */
const dayRange = (range: StatsRange) => sql`b.day >= ${range.startTime}::date and b.day <= ${range.endTime}::date`;

/**
 * The distinct viewers of [startTime, endTime] in each scope asked ('' the activity, 'p:…', 'c:…'): each viewer
 * counted on its first day in the range, the day whose previous visit day is before the range (migration 042).
 */
function reachOf(activityId: number, range: StatsRange, scopes: ReturnType<typeof sql>) {
  return sql<{ scope: string; viewers: string }>`
    select b.scope, sum(b.viewers) as viewers from stats_reach b
    where b.activity_id = ${activityId} and ${scopes} and ${dayRange(range)} and b.prev_day < ${range.startTime}::date
    group by b.scope`;
}

/** Visits per key of one or more breakdowns over the range, the keys no visit is left in dropped. */
function breakdownOf(activityId: number, range: StatsRange, dimensions: string[]) {
  return sql<{ dimension: string; key: string; visits: string }>`
    select b.dimension, b.key, sum(b.visits) as visits from stats_visit_breakdowns b
    where b.activity_id = ${activityId} and b.dimension in (${sql.join(dimensions)}) and ${dayRange(range)}
    group by b.dimension, b.key
    having sum(b.visits) > 0`;
}

/** GET /activity/{id}/stats */
export async function getOverview(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsRangeQuery,
): Promise<StatsOverview> {
  const range = await resolve(db, caller, activityId, query);
  const { from, to } = rangeInstants(range);
  const today = statsToday();
  const [totals, reach, todayRow] = await Promise.all([
    sql<{ pv: string | null; watch: string | null; peak: number | null }>`
      select (select sum(b.pv) from stats_visit_buckets b where b.activity_id = ${activityId} and b.grain = 'day'
          and b.bucket >= ${from}::timestamptz and b.bucket < ${to}::timestamptz) as pv,
        (select sum(b.watch_seconds) from stats_visit_buckets b where b.activity_id = ${activityId}
          and b.grain = 'day' and b.bucket >= ${from}::timestamptz and b.bucket < ${to}::timestamptz) as watch,
        (select max(s.peak_viewers) from ingest_sessions s
          where s.activity_id = ${activityId} and s.started_at < ${to}::timestamptz
            and (s.ended_at is null or s.ended_at >= ${from}::timestamptz)) as peak`.execute(db),
    reachOf(activityId, range, sql`b.scope = ''`).execute(db),
    sql<{ pv: string | null; uv: string | null }>`
      select sum(b.pv) as pv, sum(b.uv) as uv from stats_visit_buckets b
      where b.activity_id = ${activityId} and b.grain = 'day'
        and b.bucket = ${rangeInstants({ startTime: today, endTime: today }).from}::timestamptz`.execute(db),
  ]);
  const row = totals.rows[0];
  const pv = Number(row?.pv ?? 0);
  const uv = Number(reach.rows[0]?.viewers ?? 0);
  const totalWatchTime = Number(row?.watch ?? 0);
  return {
    activityId,
    range,
    pv,
    uv,
    avgWatchTime: uv ? Math.round(totalWatchTime / uv) : 0,
    totalWatchTime,
    peakOnline: row?.peak ?? null,
    todayPv: Number(todayRow.rows[0]?.pv ?? 0),
    todayUv: Number(todayRow.rows[0]?.uv ?? 0),
  };
}

/** GET /v3/activity/{id}/stats/timeline: buckets in the statistics' time zone, the empty ones included. */
export async function getTimeline(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsRangeQuery,
): Promise<StatsTimeline> {
  const range = await resolve(db, caller, activityId, query);
  const interval = timelineInterval(range);
  const { from, to } = rangeInstants(range);
  const step = sql.lit(`1 ${interval}`);
  const zone = sql.lit(STATS_TIME_ZONE);
  const { rows } = await sql<{ bucket: Date | string; pv: string; uv: string }>`
    with counted as (
      select b.bucket, sum(b.pv) as pv, sum(b.uv) as uv
      from stats_visit_buckets b
      where b.activity_id = ${activityId} and b.grain = ${interval}
        and b.bucket >= ${from}::timestamptz and b.bucket < ${to}::timestamptz
      group by b.bucket
    ), buckets as (
      select generate_series(
        ${from}::timestamptz at time zone ${zone},
        (${to}::timestamptz at time zone ${zone}) - interval ${step},
        interval ${step}
      ) at time zone ${zone} as bucket
    )
    select s.bucket, coalesce(c.pv, 0) as pv, coalesce(c.uv, 0) as uv
    from buckets s left join counted c on c.bucket = s.bucket
    order by s.bucket`.execute(db);
  return {
    range,
    interval,
    points: rows.map((row) => ({
      time: bucketOf(new Date(row.bucket), interval),
      pv: Number(row.pv),
      uv: Number(row.uv),
    })),
  };
}

/** GET /v3/activity/{id}/stats/referrer/json */
export async function getReferrers(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsRangeQuery,
): Promise<StatsReferrer> {
  const range = await resolve(db, caller, activityId, query);
  const { rows } = await sql<{ dimension: string; key: string; name: string | null; visits: string }>`
    select c.dimension, c.key, p.name, c.visits
    from (${breakdownOf(activityId, range, ['ditch', 'host'])}) c
    join activities a on a.id = ${activityId}
    left join promotion_channels p on c.dimension = 'ditch' and p.agent_id = a.agent_id and p.sign = c.key`.execute(db);
  const byVisits =
    <T extends { visits: number }>(key: (row: T) => string, nullsLast = false) =>
    (a: T, b: T) =>
      b.visits - a.visits ||
      (nullsLast ? Number(key(a) === '') - Number(key(b) === '') : 0) ||
      (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  const ditchRows = rows
    .filter((row) => row.dimension === 'ditch')
    .map((row) => ({ sign: row.key, name: row.name, visits: Number(row.visits) }))
    .sort(byVisits((row) => row.sign, true))
    .map(({ sign, name, visits }) => ({ sign: sign === '' ? null : sign, name: sign === '' ? null : name, visits }));
  return {
    range,
    total: ditchRows.reduce((sum, row) => sum + row.visits, 0),
    ditches: ditchRows,
    referrers: rows
      .filter((row) => row.dimension === 'host')
      .map((row) => ({ host: row.key, visits: Number(row.visits) }))
      .sort(byVisits((row) => row.host)),
  };
}

/** GET /v3/activity/{id}/stats/device/json */
export async function getDevices(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsRangeQuery,
): Promise<StatsDevice> {
  const range = await resolve(db, caller, activityId, query);
  const { rows } = await breakdownOf(activityId, range, ['device', 'browser']).execute(db);
  const countOf = (dimension: 'device' | 'browser') =>
    new Map(rows.filter((row) => row.dimension === dimension).map((row) => [row.key, Number(row.visits)]));
  const byDevice = countOf('device');
  const byBrowser = countOf('browser');
  return {
    range,
    total: [...byDevice.values()].reduce((sum, visits) => sum + visits, 0),
    devices: STATS_DEVICES.map((device) => ({ device, visits: byDevice.get(device) ?? 0 })),
    browsers: STATS_BROWSERS.map((browser) => ({ browser, visits: byBrowser.get(browser) ?? 0 }))
      .filter((row) => row.visits > 0)
      .sort((a, b) => b.visits - a.visits),
  };
}

/** GET /v3/activity/{id}/stats/region/json: provinces and cities, most visits first. */
export async function getRegions(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsRangeQuery,
): Promise<StatsRegion> {
  const range = await resolve(db, caller, activityId, query);
  const [visits, reach] = await Promise.all([
    breakdownOf(activityId, range, ['region']).execute(db),
    reachOf(activityId, range, sql`true`).execute(db),
  ]);
  const viewersOf = new Map(reach.rows.map((row) => [row.scope, Number(row.viewers)]));
  const cities = visits.rows.map((row) => {
    const split = row.key.indexOf('|');
    const province = row.key.slice(0, split);
    const city = row.key.slice(split + 1);
    return { province, city, visits: Number(row.visits), viewers: viewersOf.get(`c:${province}|${city}`) ?? 0 };
  });
  const provinceVisits = new Map<string, number>();
  for (const city of cities) provinceVisits.set(city.province, (provinceVisits.get(city.province) ?? 0) + city.visits);
  const byVisits = (a: { visits: number; viewers: number }, b: { visits: number; viewers: number }) =>
    b.visits - a.visits || b.viewers - a.viewers;
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    range,
    total: cities.reduce((sum, city) => sum + city.visits, 0),
    viewers: viewersOf.get('') ?? 0,
    provinces: [...provinceVisits]
      .map(([province, count]) => ({ province, visits: count, viewers: viewersOf.get(`p:${province}`) ?? 0 }))
      .sort((a, b) => byVisits(a, b) || byName(a.province, b.province)),
    cities: cities.sort((a, b) => byVisits(a, b) || byName(a.province, b.province) || byName(a.city, b.city)),
  };
}

/**
 * GET /v3/activity/{id}/stats/online: the live operations' samples (one per 10 s while the activity pushes, real
 * viewers counted by the chat's presence, where robots never are) drawn per minute, or in wider steps for a long span.
 */
export async function getOnline(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsRangeQuery,
): Promise<StatsOnline> {
  const range = await resolve(db, caller, activityId, query);
  const { from, to } = rangeInstants(range);
  const samples = sql`s.activity_id = ${activityId} and s.at >= ${from}::timestamptz and s.at < ${to}::timestamptz`;
  const span = await sql<{ first: Date | null; last: Date | null }>`
    select min(s.at) as first, max(s.at) as last from online_samples s where ${samples}`.execute(db);
  const first = span.rows[0]?.first;
  const last = span.rows[0]?.last;
  if (!first || !last) return { range, stepMinutes: 1, points: [], peakReal: null, peakVirtual: null, peakShown: null };
  const minutes = (new Date(last).getTime() - new Date(first).getTime()) / 60_000;
  const stepMinutes =
    STATS_ONLINE_STEPS.find((step) => minutes / step + 1 <= STATS_ONLINE_MAX_POINTS) ?? STATS_ONLINE_STEPS.at(-1) ?? 1;
  // Steps start on the local (Beijing) minute, hour or midnight.
  const origin = '2000-01-01T00:00:00+08:00';
  const peakBy = (measure: ReturnType<typeof sql>) =>
    sql<{ viewers: number; at: Date }>`
      select ${measure} as viewers, s.at from online_samples s where ${samples}
      order by ${measure} desc, s.at limit 1`.execute(db);
  const [points, real, virtual, shown] = await Promise.all([
    sql<{ time: Date; real: number; virtual: number }>`
      select date_bin(${`${stepMinutes} minutes`}::interval, s.at, ${origin}::timestamptz) as time,
        max(s.real) as real, max(s.virtual) as virtual
      from online_samples s where ${samples}
      group by 1 order by 1`.execute(db),
    peakBy(sql`s.real`),
    peakBy(sql`s.virtual`),
    peakBy(sql`(s.real + s.virtual)`),
  ]);
  const peak = (result: { rows: { viewers: number; at: Date }[] }) => {
    const row = result.rows[0];
    return row ? { viewers: Number(row.viewers), at: new Date(row.at).toISOString() } : null;
  };
  return {
    range,
    stepMinutes,
    points: points.rows.map((row) => ({
      time: new Date(row.time).toISOString(),
      real: Number(row.real),
      virtual: Number(row.virtual),
    })),
    peakReal: peak(real),
    peakVirtual: peak(virtual),
    peakShown: peak(shown),
  };
}

/** GET /v3/activity/{id}/stats/user-visits: one page, visitAt descending (seed 001 §7). */
export async function listUserVisits(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsUserVisitsQuery,
): Promise<StatsUserVisits> {
  const range = await resolve(db, caller, activityId, query);
  const offset = (query.page - 1) * query.pageSize;
  const [page, total] = await Promise.all([
    sql<{
      id: string;
      viewerId: string;
      startedAt: Date;
      lastSeenAt: Date;
      device: StatsDeviceClass;
      browser: StatsBrowser;
      ditchSign: string | null;
      ditchName: string | null;
      referrer: string;
      watchSeconds: number;
      ip: string;
    }>`
      select v.id, v.viewer_id, v.started_at, v.last_seen_at, ${deviceOf} as device, ${browserOf} as browser,
        v.ditch_sign, p.name as ditch_name, v.referrer, v.watch_seconds, v.ip
      from visits v
      left join promotion_channels p on p.agent_id = v.agent_id and p.sign = v.ditch_sign
      where ${inRange(activityId, range)}
      order by v.started_at desc, v.id desc
      limit ${query.pageSize} offset ${offset}`.execute(db),
    // The total from the day rollups, so the pager counts no raw rows.
    sql<{ total: string | null }>`
      select sum(b.pv) as total from stats_visit_buckets b
      where b.activity_id = ${activityId} and b.grain = 'day'
        and b.bucket >= ${rangeInstants(range).from}::timestamptz
        and b.bucket < ${rangeInstants(range).to}::timestamptz`.execute(db),
  ]);
  return {
    items: page.rows.map((row) => ({
      id: Number(row.id),
      viewerId: row.viewerId,
      visitAt: new Date(row.startedAt).toISOString(),
      lastSeenAt: new Date(row.lastSeenAt).toISOString(),
      device: row.device,
      browser: row.browser,
      ditch: row.ditchSign ? { sign: row.ditchSign, name: row.ditchName } : null,
      referrer: row.referrer,
      watchSeconds: row.watchSeconds,
      ip: row.ip,
    })),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(total.rows[0]?.total ?? 0) },
  };
}
