import {
  type ChannelStatsList,
  type ChannelStatsQuery,
  INTERACTION_FIGURES,
  type InteractionFigures,
  percentOf,
  type RevenueFigures,
  rangeInstants,
  STATS_TIME_ZONE,
  type StatsInteractive,
  type StatsPercentage,
  type StatsRange,
  type StatsRangeQuery,
  type StatsRevenue,
  statsRange,
} from '@yanbo/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { ownActivity, scopeActivities } from '../../platform/tenancy.ts';
import { MOBILE_VIEWER_ID_PATTERN } from '../watch/index.ts';

// What an activity's audience did, counted in SQL over the range (the agent's calendar days, Beijing time): the event
// tables through their activity's index (and time), the viewers from the visit rollups (migration 042), never raw
// visits; only the per-day sums come into Node.

async function resolve(db: Db, caller: Caller, activityId: number, query: StatsRangeQuery) {
  await ownActivity(db, caller, activityId);
  return statsRange(query);
}

/** The local calendar day (YYYY-MM-DD) of a timestamp column, in the statistics' time zone. */
const dayOf = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone ${sql.lit(STATS_TIME_ZONE)}, 'YYYY-MM-DD')`;

/** `column` within the range's instants. */
function within(column: string, range: StatsRange) {
  const { from, to } = rangeInstants(range);
  return sql`${sql.ref(column)} >= ${from}::timestamptz and ${sql.ref(column)} < ${to}::timestamptz`;
}

/** Every day from the first one with a figure to the end of the range, the empty ones as zeros. */
function fillDays<F extends Record<string, number>>(
  range: StatsRange,
  byDay: Map<string, Partial<F>>,
  zero: F,
): (F & { date: string })[] {
  const first = [...byDay.keys()].sort()[0];
  if (!first) return [];
  const days: (F & { date: string })[] = [];
  for (let date = first; date <= range.endTime; date = nextDay(date)) days.push({ ...zero, ...byDay.get(date), date });
  return days;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Rows of (day, figure, n) gathered per day and summed over the range. */
function collect<F extends Record<string, number>>(
  rows: { day: string; figure: string; n: string | number }[],
  zero: F,
): { totals: F; byDay: Map<string, Partial<F>> } {
  const totals: Record<string, number> = { ...zero };
  const byDay = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const n = Number(row.n);
    if (!n) continue;
    totals[row.figure] = (totals[row.figure] ?? 0) + n;
    const dayFigures = byDay.get(row.day) ?? {};
    dayFigures[row.figure] = (dayFigures[row.figure] ?? 0) + n;
    byDay.set(row.day, dayFigures);
  }
  return { totals: totals as F, byDay: byDay as Map<string, Partial<F>> };
}

const NO_INTERACTIONS = Object.fromEntries(INTERACTION_FIGURES.map((figure) => [figure, 0])) as InteractionFigures;

/** GET /v3/activity/{id}/stats/interactive (seed 001 §7: "Interaction stats ask for comment, avote, gift, qa"). */
export async function getInteractive(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsRangeQuery,
): Promise<StatsInteractive> {
  const range = await resolve(db, caller, activityId, query);
  const per = (from: RawBuilder<unknown>, at: string, figure: RawBuilder<string>, amount: RawBuilder<unknown>) => sql`
    select ${dayOf(at)} as day, ${figure} as figure, ${amount} as n
    from ${from} and ${within(at, range)}
    group by 1, 2`;
  // A refused comment never reached the chat, and a deleted one left it: neither counts, as the lottery's rule.
  // Ballots and check-ins are reached through their activity's votes and check-ins (their own keys lead with those).
  const { rows } = await sql<{ day: string; figure: string; n: string }>`
    ${per(
      sql`comments where comments.activity_id = ${activityId} and comments.status <> 'failed'
        and comments.deleted_at is null`,
      'comments.created_at',
      sql`case when comments.is_robot then 'robotComment' else 'comment' end`,
      sql`count(*)`,
    )}
    union all ${per(
      sql`votes join vote_ballots b on b.vote_id = votes.id where votes.activity_id = ${activityId}`,
      'b.created_at',
      sql`'avote'`,
      sql`count(*)`,
    )}
    union all ${per(
      sql`gift_sends where gift_sends.activity_id = ${activityId}`,
      'gift_sends.created_at',
      sql`'gift'`,
      sql`sum(gift_sends.count)`,
    )}
    union all ${per(
      sql`questions where questions.activity_id = ${activityId} and questions.deleted_at is null`,
      'questions.created_at',
      sql`'qa'`,
      sql`count(*)`,
    )}
    union all ${per(
      sql`checkins join checkin_records r on r.checkin_id = checkins.id where checkins.activity_id = ${activityId}`,
      'r.created_at',
      sql`'checkin'`,
      sql`count(*)`,
    )}`.execute(db);
  const { totals, byDay } = collect(rows, NO_INTERACTIONS);
  return { range, totals, days: fillDays(range, byDay, NO_INTERACTIONS) };
}

const NO_REVENUE: RevenueFigures = { giftReward: 0, perView: 0, income: 0, redPacket: 0 };

/**
 * GET /v3/activity/{id}/revenue, from the ledger (fen): a paid gift credits audience_sales under its gift order, a
 * grabbed red packet credits the viewer's audience_balance from the packet's held money, and a paid view (issue 13)
 * credits audience_sales under its view order. The gifts and paid views count what the agent earned, the platform's
 * fee apart.
 */
export async function getRevenue(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsRangeQuery,
): Promise<StatsRevenue> {
  const range = await resolve(db, caller, activityId, query);
  const { rows } = await sql<{ day: string; figure: string; n: string; entries: string }>`
    select ${dayOf('l.created_at')} as day,
      case when l.account = 'audience_sales' and l.gift_order_id is not null then 'giftReward'
        when l.account = 'audience_sales' then 'perView' else 'redPacket' end as figure,
      -sum(l.amount) as n, count(*) as entries
    from ledger_entries l
    where l.activity_id = ${activityId} and ${within('l.created_at', range)}
      and ((l.account = 'audience_sales' and (l.gift_order_id is not null or l.view_order_id is not null))
        or l.account = 'audience_balance')
    group by 1, 2`.execute(db);
  const { totals, byDay } = collect(rows, NO_REVENUE);
  const withIncome = <T extends RevenueFigures>(figures: T): T => ({
    ...figures,
    income: figures.giftReward + figures.perView,
  });
  const days = fillDays(range, byDay, NO_REVENUE).map(withIncome);
  const entries = (figure: string) =>
    rows.filter((row) => row.figure === figure).reduce((sum, row) => sum + Number(row.entries), 0);
  return {
    range,
    totals: { ...withIncome(totals), paidGifts: entries('giftReward'), redPacketGrabs: entries('redPacket') },
    days,
  };
}

/** The range's local days, as the visit rollups key them (migration 042). */
const rangeDaysOf = (column: string, range: StatsRange) =>
  sql`${sql.ref(column)} >= ${range.startTime}::date and ${sql.ref(column)} <= ${range.endTime}::date`;

/**
 * The range's distinct viewers, read from the visit rollups (migration 042): each counted on its first day in the
 * range, the stats_reach row whose previous visit day is before it; a few hundred rows whatever the audience.
 */
async function viewersOf(db: Db, activityId: number, range: StatsRange): Promise<number> {
  const { rows } = await sql<{ viewers: string | null }>`
    select sum(b.viewers) as viewers from stats_reach b
    where b.activity_id = ${activityId} and b.scope = '' and ${rangeDaysOf('b.day', range)}
      and b.prev_day < ${range.startTime}::date`.execute(db);
  return Number(rows[0]?.viewers ?? 0);
}

function percentage(range: StatsRange, viewers: number, counted: number): StatsPercentage {
  return { range, viewers, count: counted, others: viewers - counted, percentage: percentOf(counted, viewers) };
}

/**
 * GET /activity/{id}/stats/percentage/checkin-user: the viewers who checked in in the range, of the range's viewers;
 * one who checked in on a visit begun before the range is counted among them too.
 */
export async function getCheckinUserPercentage(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsRangeQuery,
): Promise<StatsPercentage> {
  const range = await resolve(db, caller, activityId, query);
  const [viewers, checked] = await Promise.all([
    viewersOf(db, activityId, range),
    sql<{ checkedIn: string; unseen: string }>`
      with checked as (
        select distinct r.viewer_id from checkins c join checkin_records r on r.checkin_id = c.id
        where c.activity_id = ${activityId} and ${within('r.created_at', range)}
      )
      select count(*) as checked_in,
        count(*) filter (where not exists (select 1 from stats_viewer_days d where d.activity_id = ${activityId}
          and d.scope = '' and d.viewer_id = checked.viewer_id and ${rangeDaysOf('d.day', range)})) as unseen
      from checked`.execute(db),
  ]);
  const row = checked.rows[0];
  return percentage(range, viewers + Number(row?.unseen ?? 0), Number(row?.checkedIn ?? 0));
}

/**
 * GET /activity/{id}/stats/percentage/login-user: a viewer signed in by SMS has a mobile's id, `m` and 31 more
 * characters (the watch feature's MOBILE_VIEWER_ID_PATTERN), so the viewer-days rollup's key finds them by prefix.
 */
export async function getLoginUserPercentage(
  db: Db,
  caller: Caller,
  activityId: number,
  query: StatsRangeQuery,
): Promise<StatsPercentage> {
  const range = await resolve(db, caller, activityId, query);
  const [viewers, signedIn] = await Promise.all([
    viewersOf(db, activityId, range),
    sql<{ count: string }>`
      select count(distinct d.viewer_id) as count from stats_viewer_days d
      where d.activity_id = ${activityId} and d.scope = '' and d.viewer_id >= 'm' and d.viewer_id < 'n'
        and d.viewer_id ~ ${MOBILE_VIEWER_ID_PATTERN} and ${rangeDaysOf('d.day', range)}`.execute(db),
  ]);
  return percentage(range, viewers, Number(signedIn.rows[0]?.count ?? 0));
}

/**
 * GET /activity/stats: one page of the caller's activities (a sub-account's own only), newest first, each with its
 * figures from what is kept as events arrive (the visit rollup, the pushes' sessions) or read by activity index.
 */
export async function listChannelStats(db: Db, caller: Caller, query: ChannelStatsQuery): Promise<ChannelStatsList> {
  let base = scopeActivities(db.selectFrom('activities'), caller);
  if (query.name) base = base.where('activities.name', 'ilike', containing(query.name));
  const [activities, total] = await Promise.all([
    base
      .select(['activities.id', 'activities.name', 'activities.isPushing', 'activities.createdAt'])
      .orderBy('activities.createdAt', 'desc')
      .orderBy('activities.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const ids = activities.map((activity) => activity.id);
  const figures = new Map<number, Record<string, string | number | null>>();
  if (ids.length > 0) {
    const { rows } = await sql<{
      id: number;
      pv: string | null;
      uv: string | null;
      liveTime: string | null;
      peakOnline: number | null;
      peakVirtual: number | null;
      comments: string | null;
      robotComments: string | null;
      income: string | null;
    }>`
      select a.id,
        (select s.visits from activity_visit_stats s where s.activity_id = a.id) as pv,
        (select s.unique_viewers from activity_visit_stats s where s.activity_id = a.id) as uv,
        (select sum(extract(epoch from (coalesce(i.ended_at, now()) - i.started_at)))::bigint
          from ingest_sessions i where i.activity_id = a.id) as live_time,
        (select max(i.peak_viewers) from ingest_sessions i where i.activity_id = a.id) as peak_online,
        (select max(o.virtual) from online_samples o where o.activity_id = a.id) as peak_virtual,
        (select count(*) filter (where not c.is_robot) from comments c
          where c.activity_id = a.id and c.status <> 'failed' and c.deleted_at is null) as comments,
        (select count(*) filter (where c.is_robot) from comments c
          where c.activity_id = a.id and c.status <> 'failed' and c.deleted_at is null) as robot_comments,
        (select -sum(l.amount) from ledger_entries l
          where l.activity_id = a.id and l.account = 'audience_sales'
            and (l.gift_order_id is not null or l.view_order_id is not null)) as income
      from unnest(${sql.val(ids)}::int[]) as a (id)`.execute(db);
    for (const row of rows) figures.set(row.id, row);
  }
  const n = (value: string | number | null | undefined) => Number(value ?? 0);
  return {
    items: activities.map((activity) => {
      const row = figures.get(activity.id);
      return {
        id: activity.id,
        name: activity.name,
        isPushing: activity.isPushing,
        createdAt: activity.createdAt.toISOString(),
        pv: n(row?.pv),
        uv: n(row?.uv),
        liveTime: n(row?.liveTime),
        peakOnline: n(row?.peakOnline),
        peakVirtual: n(row?.peakVirtual),
        comments: n(row?.comments),
        robotComments: n(row?.robotComments),
        income: n(row?.income),
      };
    }),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(total.count) },
  };
}
