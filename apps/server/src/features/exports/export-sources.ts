import { EXPORT_RANK_LIMIT, type ExportKind, STATS_TIME_ZONE } from '@yanbo/contracts';
import { type RawBuilder, sql } from 'kysely';

// Where each export's rows come from, in SQL: its columns as text (times already in Beijing time, money in yuan), the
// rows it reads, and the key its rows are read in order of, a batch at a time (keyset: each batch starts after the
// last row of the one before, through an index, so the 100th batch costs what the first did and nothing is held).

/** What an export reads: one activity (and for the dated ones, a range of instants); gain details read an agent. */
export interface ExportScope {
  agentId: number;
  /** The activity the export is about; for the gain details, the one asked for, if any. */
  activityId: number | null;
  /** A sub-account's gain details cover only its own activities. */
  subagentId: number | null;
  range: { from: string; to: string } | null;
  /** Which gain details: gift rewards, paid viewing or the shop's sales. */
  gainType?: 'gift-reward' | 'per-view' | 'goods';
}

/** A column of the order key: its SQL and the type its text value is read back as for the next batch. */
interface KeyPart {
  expr: RawBuilder<unknown>;
  type: 'timestamptz' | 'bigint' | 'integer' | 'text' | 'date';
}

export interface ExportSource {
  /** Each field's text (null is an empty cell). */
  columns: Record<string, RawBuilder<string | null>>;
  /** `from … where …`: the rows, already narrowed to the scope. */
  rows: RawBuilder<unknown>;
  groupBy?: RawBuilder<unknown>;
  /** The order, which is also the keyset: every part in the same direction, together unique. */
  key: KeyPart[];
  direction: 'asc' | 'desc';
  /** A rank list: at most this many rows, read in one batch (their rank is their row number). */
  limit?: number;
}

const zone = sql.lit(STATS_TIME_ZONE);

/**
 * Columns whose text can never need the CSV cell rule: times, counts, dates, fixed labels (no =, +, -, @ first, no
 * quote, comma or line break). A CSV line takes them as they are; every other column goes through csv_cell. The cell
 * rule is most of what a line costs the database beyond its columns, so this keeps an export near COPY's pace.
 */
const PLAIN = new WeakSet<object>();
function plain<T>(expr: RawBuilder<T>): RawBuilder<T> {
  PLAIN.add(expr);
  return expr;
}
export const isPlain = (expr: RawBuilder<unknown>) => PLAIN.has(expr);

/** An instant as `YYYY-MM-DD HH:mm:ss` in Beijing time, as people read it in Excel (issue 8). */
const beijing = (instant: RawBuilder<unknown>) =>
  plain(sql<string | null>`to_char(${instant} at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS')`);
/** A count, a rank, a day: never negative, never more than digits and dashes after the first. */
const text = (value: RawBuilder<unknown>) => plain(sql<string | null>`(${value})::text`);
/** fen as yuan with two decimals. */
const yuan = (fen: RawBuilder<unknown>) => sql<string | null>`to_char((${fen}) / 100.0, 'FM999999999999990.00')`;
const ref = (name: string) => sql.ref(name);

function inRange(column: string, scope: ExportScope) {
  if (!scope.range) return sql`true`;
  return sql`${ref(column)} >= ${scope.range.from}::timestamptz and ${ref(column)} < ${scope.range.to}::timestamptz`;
}

const activityOf = (scope: ExportScope) => scope.activityId ?? 0;

const deviceLabel = plain(sql<string>`case v.device when 'mobile' then '手机' when 'desktop' then '电脑'
  when 'tablet' then '平板' else '其他' end`);
/** The browser family, by the statistics' own classification (stats_browser_of, migration 042), in Chinese. */
const browserLabel = plain(sql<string>`case stats_browser_of(v.user_agent)
  when 'wechat' then '微信' when 'edge' then 'Edge' when 'opera' then 'Opera' when 'firefox' then 'Firefox'
  when 'chrome' then 'Chrome' when 'safari' then 'Safari' else '其他' end`);

/** The viewers of an activity, one row each (users; with `wechat`, those who watched inside WeChat). */
function viewers(scope: ExportScope, wechat: boolean): ExportSource {
  return {
    columns: {
      viewerId: sql`v.viewer_id`,
      firstVisitAt: beijing(sql`min(v.started_at)`),
      lastSeenAt: beijing(sql`max(v.last_seen_at)`),
      visits: text(sql`count(*)`),
      watchSeconds: text(sql`coalesce(sum(v.watch_seconds), 0)`),
    },
    rows: sql`from visits v where v.activity_id = ${activityOf(scope)} and ${inRange('v.started_at', scope)}
      ${wechat ? sql`and v.user_agent ~* 'MicroMessenger'` : sql``}`,
    groupBy: sql`v.viewer_id`,
    key: [{ expr: sql`v.viewer_id`, type: 'text' }],
    direction: 'asc',
  };
}

const SOURCES: Record<ExportKind, (scope: ExportScope) => ExportSource> = {
  'checkin-data': (scope) => ({
    columns: {
      checkedInAt: beijing(sql`r.created_at`),
      checkin: sql`c.title`,
      nickname: sql`r.nickname`,
      viewerId: sql`r.viewer_id`,
    },
    rows: sql`from checkin_records r join checkins c on c.id = r.checkin_id
      where r.activity_id = ${activityOf(scope)} and ${inRange('r.created_at', scope)}`,
    key: [
      { expr: sql`r.created_at`, type: 'timestamptz' },
      { expr: sql`r.checkin_id`, type: 'integer' },
      { expr: sql`r.viewer_id`, type: 'text' },
    ],
    direction: 'asc',
  }),
  'wechat-users': (scope) => viewers(scope, true),
  users: (scope) => viewers(scope, false),
  subscribers: (scope) => ({
    columns: {
      mobile: sql`s.mobile`,
      subscribedAt: beijing(sql`s.created_at`),
      remindedAt: beijing(sql`s.reminded_at`),
    },
    rows: sql`from activity_subscribers s where s.activity_id = ${activityOf(scope)}`,
    key: [
      { expr: sql`s.created_at`, type: 'timestamptz' },
      { expr: sql`s.id`, type: 'integer' },
    ],
    direction: 'desc',
  }),
  comments: (scope) => ({
    columns: {
      createdAt: beijing(sql`c.created_at`),
      nickname: sql`c.nickname`,
      viewerId: sql`c.viewer_id`,
      text: sql`c.text`,
      status: plain(sql`case c.status when 'passed' then '已通过' when 'pending' then '待审核' else '未通过' end`),
      // Real and virtual audience apart everywhere (issue 11).
      audience: plain(sql`case when c.is_robot then '虚拟观众' else '真实观众' end`),
    },
    rows: sql`from comments c
      where c.activity_id = ${activityOf(scope)} and c.deleted_at is null and ${inRange('c.created_at', scope)}`,
    key: [
      { expr: sql`c.created_at`, type: 'timestamptz' },
      { expr: sql`c.id`, type: 'integer' },
    ],
    direction: 'asc',
  }),
  'per-view': (scope) => gainDetails({ ...scope, gainType: 'per-view' }),
  'gift-reward': (scope) => gainDetails({ ...scope, gainType: 'gift-reward' }),
  goods: (scope) => gainDetails({ ...scope, gainType: 'goods' }),
  votes: (scope) => ({
    columns: {
      votedAt: beijing(sql`b.created_at`),
      vote: sql`vt.title`,
      nickname: sql`b.nickname`,
      viewerId: sql`b.viewer_id`,
      choices: sql`(select string_agg(vt.options ->> (c.value)::int, '、' order by (c.value)::int)
        from jsonb_array_elements_text(b.choices) c)`,
    },
    rows: sql`from vote_ballots b join votes vt on vt.id = b.vote_id
      where b.activity_id = ${activityOf(scope)} and ${inRange('b.created_at', scope)}`,
    key: [
      { expr: sql`b.created_at`, type: 'timestamptz' },
      { expr: sql`b.vote_id`, type: 'integer' },
      { expr: sql`b.viewer_id`, type: 'text' },
    ],
    direction: 'asc',
  }),
  'top-share': (scope) => ({
    columns: {
      rank: text(sql`row_number() over (order by i.invitees desc, i.last_invited_at, i.viewer_id)`),
      nickname: sql`i.nickname`,
      inviterId: sql`i.viewer_id`,
      invitees: text(sql`i.invitees`),
      lastInvitedAt: beijing(sql`i.last_invited_at`),
    },
    rows: sql`from activity_inviters i where i.activity_id = ${activityOf(scope)} and i.invitees > 0`,
    key: [
      { expr: sql`(-i.invitees)`, type: 'integer' },
      { expr: sql`i.last_invited_at`, type: 'timestamptz' },
      { expr: sql`i.viewer_id`, type: 'text' },
    ],
    direction: 'asc',
    limit: EXPORT_RANK_LIMIT,
  }),
  'allowed-mobiles': (scope) => ({
    columns: { index: text(sql`m.n`), mobile: sql`m.mobile` },
    rows: sql`from activity_settings s
      cross join lateral jsonb_array_elements_text(coalesce(s.data -> 'allowedMobiles', '[]'::jsonb))
        with ordinality as m(mobile, n)
      where s.activity_id = ${activityOf(scope)} and s.section = 'template'`,
    key: [{ expr: sql`m.n`, type: 'bigint' }],
    direction: 'asc',
  }),
  'user-visits': (scope) => ({
    columns: {
      visitAt: beijing(sql`v.started_at`),
      viewerId: sql`v.viewer_id`,
      device: deviceLabel,
      browser: browserLabel,
      ditch: sql`case when v.ditch_sign is null then ''
        else coalesce((select p.name from promotion_channels p where p.agent_id = v.agent_id and p.sign = v.ditch_sign
          limit 1), v.ditch_sign) end`,
      referrer: sql`v.referrer`,
      watchSeconds: text(sql`v.watch_seconds`),
      lastSeenAt: beijing(sql`v.last_seen_at`),
      ip: sql`v.ip`,
      region: sql`trim(v.province || ' ' || v.city)`,
    },
    rows: sql`from visits v where v.activity_id = ${activityOf(scope)} and ${inRange('v.started_at', scope)}`,
    // Seed 001 §7: user visits are listed visitAt descending.
    key: [
      { expr: sql`v.started_at`, type: 'timestamptz' },
      { expr: sql`v.id`, type: 'bigint' },
    ],
    direction: 'desc',
  }),
  // The statistics per day, from the rollups the statistics keep as visits arrive (migration 042): a day's row adds
  // its shards, so the download reads a few rows a day, never the visits.
  stats: (scope) => ({
    columns: {
      date: text(sql`to_char(b.bucket at time zone ${zone}, 'YYYY-MM-DD')`),
      pv: text(sql`sum(b.pv)`),
      uv: text(sql`sum(b.uv)`),
      watchSeconds: text(sql`sum(b.watch_seconds)`),
      avgWatchSeconds: text(sql`coalesce(round(sum(b.watch_seconds)::numeric / nullif(sum(b.uv), 0)), 0)`),
    },
    rows: sql`from stats_visit_buckets b
      where b.activity_id = ${activityOf(scope)} and b.grain = 'day' and ${inRange('b.bucket', scope)}`,
    groupBy: sql`b.bucket`,
    key: [{ expr: sql`b.bucket`, type: 'timestamptz' }],
    direction: 'asc',
  }),
  'top-gift': (scope) => ({
    columns: {
      rank: text(sql`row_number() over (order by g.amount desc, g.count desc, g.last_sent_at, g.viewer_id)`),
      nickname: sql`g.nickname`,
      viewerId: sql`g.viewer_id`,
      count: text(sql`g.count`),
      amount: yuan(sql`g.amount`),
      lastSentAt: beijing(sql`g.last_sent_at`),
    },
    rows: sql`from gift_ranks g where g.activity_id = ${activityOf(scope)}`,
    // The rank's own order (gift-send-service's rankOf): by value, then count, then who reached it first.
    key: [
      { expr: sql`(-g.amount)`, type: 'bigint' },
      { expr: sql`(-g.count)`, type: 'bigint' },
      { expr: sql`g.last_sent_at`, type: 'timestamptz' },
      { expr: sql`g.viewer_id`, type: 'text' },
    ],
    direction: 'asc',
    limit: EXPORT_RANK_LIMIT,
  }),
};

/**
 * The agent's audience income of one type, from the ledger (a credit is negative there): a gift reward is an income
 * entry of a paid gift order, paid viewing one of a paid-view order, and a sale one of a shop order (its product and
 * buyer copied onto the order when it was placed).
 */
function gainDetails(scope: ExportScope): ExportSource {
  const activity = scope.activityId === null ? sql`true` : sql`l.activity_id = ${scope.activityId}`;
  // A sub-account sees only its own activities' income.
  const ownActivities =
    scope.subagentId === null
      ? sql`true`
      : sql`l.activity_id in (select a.id from activities a where a.agent_id = ${scope.agentId}
          and a.subagent_id = ${scope.subagentId})`;
  const { columns, source, entries } = gainColumns(scope.gainType ?? 'per-view');
  return {
    columns,
    rows: sql`from ledger_entries l ${source}
      where l.agent_id = ${scope.agentId} and l.account = 'audience_sales' and ${entries}
        and ${activity} and ${ownActivities} and ${inRange('l.created_at', scope)}`,
    key: [
      { expr: sql`l.created_at`, type: 'timestamptz' },
      { expr: sql`l.id`, type: 'bigint' },
    ],
    direction: 'desc',
  };
}

/** One type of gain details: its columns, the order table they read (joined as o) and which entries are of it. */
function gainColumns(type: NonNullable<ExportScope['gainType']>): Pick<ExportSource, 'columns'> & {
  source: RawBuilder<unknown>;
  entries: RawBuilder<unknown>;
} {
  switch (type) {
    case 'gift-reward':
      return {
        columns: {
          paidAt: beijing(sql`l.created_at`),
          orderId: text(sql`l.gift_order_id`),
          nickname: sql`o.nickname`,
          viewerId: sql`coalesce(l.viewer_id, o.viewer_id)`,
          gift: sql`o.gift_name`,
          count: text(sql`o.count`),
          paid: yuan(sql`o.amount`),
          // The agent's earnings: the ledger's credit, after the platform's fee.
          amount: yuan(sql`-l.amount`),
        },
        source: sql`join gift_orders o on o.id = l.gift_order_id`,
        entries: sql`l.gift_order_id is not null`,
      };
    case 'goods':
      return {
        columns: {
          paidAt: beijing(sql`l.created_at`),
          orderId: text(sql`l.shop_order_id`),
          buyer: sql`o.buyer_name`,
          viewerId: sql`coalesce(l.viewer_id, o.viewer_id)`,
          product: sql`o.product_name`,
          count: text(sql`o.count`),
          paid: yuan(sql`o.amount`),
          amount: yuan(sql`-l.amount`),
        },
        source: sql`join shop_orders o on o.id = l.shop_order_id`,
        entries: sql`l.shop_order_id is not null`,
      };
    case 'per-view':
      return {
        columns: {
          paidAt: beijing(sql`l.created_at`),
          viewerId: sql`l.viewer_id`,
          item: sql`l.memo`,
          amount: yuan(sql`-l.amount`),
        },
        source: sql``,
        entries: sql`l.view_order_id is not null`,
      };
  }
}

export function exportSource(kind: ExportKind, scope: ExportScope): ExportSource {
  return SOURCES[kind](scope);
}
