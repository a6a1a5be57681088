import {
  bucketOf,
  rangeInstants,
  STATS_BROWSERS,
  STATS_DEVICES,
  STATS_TIME_ZONE,
  type StatsBrowser,
  type StatsDevice,
  type StatsDeviceClass,
  type StatsOverview,
  type StatsRange,
  type StatsRangeQuery,
  type StatsReferrer,
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

// The statistics are counted in SQL over the visits of one activity in one range, through the (activity_id,
// started_at) index: no raw rows come into Node except the one page of user visits.

/** The browser family of a user agent, in SQL; the order matters (Edge and WeChat also say Chrome or Safari). */
const browserOf = sql<StatsBrowser>`case
  when v.user_agent ~* 'MicroMessenger' then 'wechat'
  when v.user_agent ~* 'Edg(e|A|iOS)?/' then 'edge'
  when v.user_agent ~* '(OPR|Opera)/' then 'opera'
  when v.user_agent ~* '(Firefox|FxiOS)/' then 'firefox'
  when v.user_agent ~* '(Chrome|Chromium|CriOS)/' then 'chrome'
  when v.user_agent ~* '(Safari/|AppleWebKit/)' then 'safari'
  else 'other' end`;

const deviceOf = sql<StatsDeviceClass>`case when v.device in ('mobile', 'desktop', 'tablet') then v.device else 'other' end`;

/** The range's visits of the activity, as the `v` rows of a query. */
function inRange(activityId: number, range: StatsRange) {
  const { from, to } = rangeInstants(range);
  return sql`v.activity_id = ${activityId} and v.started_at >= ${from}::timestamptz and v.started_at < ${to}::timestamptz`;
}

async function resolve(db: Db, caller: Caller, activityId: number, query: StatsRangeQuery) {
  await ownActivity(db, caller, activityId);
  return statsRange(query);
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
  const today = rangeInstants({ startTime: statsToday(), endTime: statsToday() });
  const inRangeOnly = sql`v.started_at >= ${from}::timestamptz and v.started_at < ${to}::timestamptz`;
  const isToday = sql`v.started_at >= ${today.from}::timestamptz and v.started_at < ${today.to}::timestamptz`;
  const { rows } = await sql<{
    pv: string;
    uv: string;
    watch: string;
    todayPv: string;
    todayUv: string;
    peak: number | null;
  }>`
    select count(*) filter (where ${inRangeOnly}) as pv,
      count(distinct v.viewer_id) filter (where ${inRangeOnly}) as uv,
      coalesce(sum(v.watch_seconds) filter (where ${inRangeOnly}), 0) as watch,
      count(*) filter (where ${isToday}) as today_pv,
      count(distinct v.viewer_id) filter (where ${isToday}) as today_uv,
      (select max(s.peak_viewers) from ingest_sessions s
        where s.activity_id = ${activityId} and s.started_at < ${to}::timestamptz
          and (s.ended_at is null or s.ended_at >= ${from}::timestamptz)) as peak
    from visits v
    where v.activity_id = ${activityId} and ((${inRangeOnly}) or (${isToday}))`.execute(db);
  const row = rows[0];
  const pv = Number(row?.pv ?? 0);
  const uv = Number(row?.uv ?? 0);
  const totalWatchTime = Number(row?.watch ?? 0);
  return {
    activityId,
    range,
    pv,
    uv,
    avgWatchTime: uv ? Math.round(totalWatchTime / uv) : 0,
    totalWatchTime,
    peakOnline: row?.peak ?? null,
    todayPv: Number(row?.todayPv ?? 0),
    todayUv: Number(row?.todayUv ?? 0),
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
  const unit = sql.lit(interval);
  const step = sql.lit(`1 ${interval}`);
  const zone = sql.lit(STATS_TIME_ZONE);
  const { rows } = await sql<{ bucket: Date | string; pv: string; uv: string }>`
    with counted as (
      select date_trunc(${unit}, v.started_at at time zone ${zone}) as local_bucket,
        count(*) as pv, count(distinct v.viewer_id) as uv
      from visits v
      where ${inRange(activityId, range)}
      group by 1
    ), buckets as (
      select generate_series(
        ${from}::timestamptz at time zone ${zone},
        (${to}::timestamptz at time zone ${zone}) - interval ${step},
        interval ${step}
      ) as local_bucket
    )
    select b.local_bucket at time zone ${zone} as bucket, coalesce(c.pv, 0) as pv, coalesce(c.uv, 0) as uv
    from buckets b left join counted c on c.local_bucket = b.local_bucket
    order by b.local_bucket`.execute(db);
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
  const [ditches, referrers] = await Promise.all([
    sql<{ sign: string | null; name: string | null; visits: string }>`
      select v.ditch_sign as sign, min(p.name) as name, count(*) as visits
      from visits v
      left join promotion_channels p on p.agent_id = v.agent_id and p.sign = v.ditch_sign
      where ${inRange(activityId, range)}
      group by v.ditch_sign
      order by visits desc, sign nulls last`.execute(db),
    // Each distinct referrer is parsed once, not each visit.
    sql<{ host: string; visits: string }>`
      select coalesce(lower(substring(r.referrer from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#:@]+)')), '') as host,
        sum(r.visits) as visits
      from (select v.referrer, count(*) as visits from visits v where ${inRange(activityId, range)} group by 1) r
      group by 1
      order by visits desc, host`.execute(db),
  ]);
  const ditchRows = ditches.rows.map((row) => ({ sign: row.sign, name: row.name, visits: Number(row.visits) }));
  return {
    range,
    total: ditchRows.reduce((sum, row) => sum + row.visits, 0),
    ditches: ditchRows,
    referrers: referrers.rows.map((row) => ({ host: row.host, visits: Number(row.visits) })),
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
  // Each distinct user agent is classified once, not each visit: a range has far fewer agents than visits.
  const { rows } = await sql<{ kind: 'device' | 'browser'; key: string; visits: string }>`
    with agents as (
      select v.device, v.user_agent, count(*) as visits
      from visits v
      where ${inRange(activityId, range)}
      group by v.device, v.user_agent
    )
    select 'device' as kind, ${deviceOf} as key, sum(v.visits) as visits from agents v group by 2
    union all
    select 'browser' as kind, ${browserOf} as key, sum(v.visits) as visits from agents v group by 2`.execute(db);
  const countOf = (kind: 'device' | 'browser') =>
    new Map(rows.filter((row) => row.kind === kind).map((row) => [row.key, Number(row.visits)]));
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
    sql<{ total: string }>`select count(*) as total from visits v where ${inRange(activityId, range)}`.execute(db),
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
