import {
  bucketOf,
  rangeInstants,
  STATS_TIME_ZONE,
  type StatsRange,
  statsToday,
  timelineInterval,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

// The statistics counted straight from raw visits with GROUP BY, as they were before the rollups of migration 042: the
// recount the rollups must always equal (test/stats/stats-rollups.test.ts) and the baseline bench/stats.ts measures
// them against. No route calls these: on a large activity each one reads every visit of the range.

function inRange(activityId: number, range: StatsRange) {
  const { from, to } = rangeInstants(range);
  return sql`v.activity_id = ${activityId} and v.started_at >= ${from}::timestamptz and v.started_at < ${to}::timestamptz`;
}

export async function recountOverview(db: Db, activityId: number, range: StatsRange) {
  const today = rangeInstants({ startTime: statsToday(), endTime: statsToday() });
  const isToday = sql`v.started_at >= ${today.from}::timestamptz and v.started_at < ${today.to}::timestamptz`;
  const [inside, todays] = await Promise.all([
    sql<{ pv: string; uv: string; watch: string }>`
      select count(*) as pv, count(distinct v.viewer_id) as uv, coalesce(sum(v.watch_seconds), 0) as watch
      from visits v where ${inRange(activityId, range)}`.execute(db),
    sql<{ pv: string; uv: string }>`
      select count(*) as pv, count(distinct v.viewer_id) as uv
      from visits v where v.activity_id = ${activityId} and ${isToday}`.execute(db),
  ]);
  const pv = Number(inside.rows[0]?.pv ?? 0);
  const uv = Number(inside.rows[0]?.uv ?? 0);
  const totalWatchTime = Number(inside.rows[0]?.watch ?? 0);
  return {
    pv,
    uv,
    avgWatchTime: uv ? Math.round(totalWatchTime / uv) : 0,
    totalWatchTime,
    todayPv: Number(todays.rows[0]?.pv ?? 0),
    todayUv: Number(todays.rows[0]?.uv ?? 0),
  };
}

/** The non-empty buckets of the range, in order. */
export async function recountTimeline(db: Db, activityId: number, range: StatsRange) {
  const interval = timelineInterval(range);
  const unit = sql.lit(interval);
  const zone = sql.lit(STATS_TIME_ZONE);
  const { rows } = await sql<{ bucket: Date | string; pv: string; uv: string }>`
    select date_trunc(${unit}, v.started_at at time zone ${zone}) at time zone ${zone} as bucket,
      count(*) as pv, count(distinct v.viewer_id) as uv
    from visits v where ${inRange(activityId, range)}
    group by 1 order by 1`.execute(db);
  return rows.map((row) => ({
    time: bucketOf(new Date(row.bucket), interval),
    pv: Number(row.pv),
    uv: Number(row.uv),
  }));
}

/** Visits by ditch sign (null: none) and by referring host (''), most first. */
export async function recountReferrers(db: Db, activityId: number, range: StatsRange) {
  const [ditches, hosts] = await Promise.all([
    sql<{ sign: string | null; visits: string }>`
      select v.ditch_sign as sign, count(*) as visits from visits v where ${inRange(activityId, range)}
      group by 1 order by visits desc, sign nulls last`.execute(db),
    sql<{ host: string; visits: string }>`
      select stats_host_of(v.referrer) as host, count(*) as visits from visits v where ${inRange(activityId, range)}
      group by 1 order by visits desc, host`.execute(db),
  ]);
  return {
    ditches: ditches.rows.map((row) => ({ sign: row.sign, visits: Number(row.visits) })),
    referrers: hosts.rows.map((row) => ({ host: row.host, visits: Number(row.visits) })),
  };
}

/** Visits by device class and by browser family. */
export async function recountDevices(db: Db, activityId: number, range: StatsRange) {
  const { rows } = await sql<{ kind: string; key: string; visits: string }>`
    select 'device' as kind, stats_device_of(v.device) as key, count(*) as visits
    from visits v where ${inRange(activityId, range)} group by 2
    union all
    select 'browser' as kind, stats_browser_of(v.user_agent) as key, count(*) as visits
    from visits v where ${inRange(activityId, range)} group by 2`.execute(db);
  const of = (kind: string) =>
    Object.fromEntries(rows.filter((row) => row.kind === kind).map((row) => [row.key, Number(row.visits)]));
  return { devices: of('device'), browsers: of('browser') };
}

/** Visits and distinct viewers by province and by city, and the range's distinct viewers. */
export async function recountRegions(db: Db, activityId: number, range: StatsRange) {
  const { rows } = await sql<{ province: string; city: string | null; visits: string; viewers: string }>`
    select v.province, v.city, count(*) as visits, count(distinct v.viewer_id) as viewers
    from visits v where ${inRange(activityId, range)}
    group by grouping sets ((v.province, v.city), (v.province), ())`.execute(db);
  const all = rows.find((row) => row.province === null);
  return {
    total: Number(all?.visits ?? 0),
    viewers: Number(all?.viewers ?? 0),
    provinces: Object.fromEntries(
      rows
        .filter((row) => row.province !== null && row.city === null)
        .map((row) => [row.province, { visits: Number(row.visits), viewers: Number(row.viewers) }]),
    ),
    cities: Object.fromEntries(
      rows
        .filter((row) => row.province !== null && row.city !== null)
        .map((row) => [`${row.province}|${row.city}`, { visits: Number(row.visits), viewers: Number(row.viewers) }]),
    ),
  };
}
