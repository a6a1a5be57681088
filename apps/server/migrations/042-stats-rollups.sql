-- Statistics rollups (issue 11): every figure of /stats/:id is read from these, never from raw visits (ARCHITECTURE
-- "read statistics from rollups kept as events arrive"). They are kept by triggers on visits, in the visit's own
-- transaction, because a trigger is the one design that keeps them right whatever changes a visit: an insert (a page
-- view), a heartbeat (watch time grows), a sign-in (the visit moves to another viewer id), a raw update of started_at,
-- a delete; several API processes writing at once need nothing beyond the row locks and the per-viewer advisory lock
-- the watch page already takes. An id-watermark catch-up would miss the updates, and rollups written by the service
-- would miss every writer but the service. Measured in bench/README.md (statistics): a visit's insert costs a little
-- more, every statistics call reads a few hundred rows.
--
-- Hot counters (every page view of an activity adds to the same hour, day, device and ditch rows) are split over 8
-- shards by the visit's id, so concurrent page views and heartbeats seldom wait on one row; readers add the shards.

-- The viewer's region, resolved once from its IP when the visit is recorded (ip2region, offline): a Chinese province
-- and city, or one of the buckets 局域网 (private and loopback), 海外 (abroad; city = the country), 未知 (no answer).
alter table visits add column province text not null default '未知';
alter table visits add column city text not null default '';

-- Page views, new viewers and watch time per local (Asia/Shanghai) hour and day; bucket = the local period's start.
-- uv is the distinct viewers of that one bucket. Watch time counts in the bucket its visit started in.
create table stats_visit_buckets (
  activity_id integer not null references activities (id) on delete cascade,
  grain text not null check (grain in ('hour', 'day')),
  bucket timestamptz not null,
  shard smallint not null,
  pv bigint not null default 0,
  uv bigint not null default 0,
  watch_seconds bigint not null default 0,
  primary key (activity_id, grain, bucket, shard)
);

-- Page views per local day by ditch sign (''), referring host (''), device class, browser family, and region
-- (key 'province|city').
create table stats_visit_breakdowns (
  activity_id integer not null references activities (id) on delete cascade,
  day date not null,
  dimension text not null check (dimension in ('ditch', 'host', 'device', 'browser', 'region')),
  key text not null,
  shard smallint not null,
  visits bigint not null default 0,
  primary key (activity_id, day, dimension, key, shard)
);

-- Which viewers came in which local hour (for each hour's UV).
create table stats_viewer_hours (
  activity_id integer not null references activities (id) on delete cascade,
  viewer_id text not null,
  hour timestamptz not null,
  visits integer not null,
  primary key (activity_id, viewer_id, hour)
);

-- Which viewers came on which local day, per scope: '' the whole activity, 'p:<province>', 'c:<province>|<city>'.
create table stats_viewer_days (
  activity_id integer not null references activities (id) on delete cascade,
  scope text not null,
  viewer_id text not null,
  day date not null,
  visits integer not null,
  primary key (activity_id, scope, viewer_id, day)
);

-- UV over any range of days, exact: each viewer-day row counted under (day, the viewer's previous day in the scope,
-- '-infinity' for none). The viewers of [s, e] are the rows with s <= day <= e whose previous day is before s (each
-- viewer's first day in the range), so UV(s, e) = sum(viewers) over day in [s, e] and prev_day < s: at most a few
-- hundred rows per range, instead of a count(distinct) over every visit (a sum of daily UVs would count a viewer
-- once per day it came).
create table stats_reach (
  activity_id integer not null references activities (id) on delete cascade,
  scope text not null,
  day date not null,
  prev_day date not null,
  shard smallint not null,
  viewers bigint not null default 0,
  primary key (activity_id, scope, day, prev_day, shard)
);

-- Classification, the one definition the triggers, the rebuild and the user-visit list share. The order matters: Edge
-- and WeChat also say Chrome or Safari.
create function stats_browser_of(user_agent text) returns text language sql immutable as $$
  select case
    when user_agent ~* 'MicroMessenger' then 'wechat'
    when user_agent ~* 'Edg(e|A|iOS)?/' then 'edge'
    when user_agent ~* '(OPR|Opera)/' then 'opera'
    when user_agent ~* '(Firefox|FxiOS)/' then 'firefox'
    when user_agent ~* '(Chrome|Chromium|CriOS)/' then 'chrome'
    when user_agent ~* '(Safari/|AppleWebKit/)' then 'safari'
    else 'other' end
$$;

create function stats_device_of(device text) returns text language sql immutable as $$
  select case when device in ('mobile', 'desktop', 'tablet') then device else 'other' end
$$;

create function stats_host_of(referrer text) returns text language sql immutable as $$
  select coalesce(lower(substring(referrer from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#:@]+)')), '')
$$;

-- A visit of a viewer on a day, in a scope, added (sign 1) or taken away (-1). Answers 1 when the viewer-day is new,
-- -1 when it is gone, 0 otherwise; keeps the reach rows of the day and of the viewer's next day right (the next day's
-- previous day is this one while it exists).
create function stats_viewer_day_add(p_activity integer, p_scope text, p_viewer text, p_day date, p_shard smallint,
  sign integer) returns integer language plpgsql as $$
declare
  left_visits integer;
  prev date;
  next date;
begin
  if sign > 0 then
    insert into stats_viewer_days as d (activity_id, scope, viewer_id, day, visits)
      values (p_activity, p_scope, p_viewer, p_day, 1)
      on conflict (activity_id, scope, viewer_id, day) do update set visits = d.visits + 1
      returning d.visits into left_visits;
    if left_visits > 1 then return 0; end if;
  else
    update stats_viewer_days set visits = visits - 1
      where activity_id = p_activity and scope = p_scope and viewer_id = p_viewer and day = p_day
      returning visits into left_visits;
    if left_visits is null or left_visits > 0 then return 0; end if;
    delete from stats_viewer_days
      where activity_id = p_activity and scope = p_scope and viewer_id = p_viewer and day = p_day;
  end if;
  select coalesce(max(day) filter (where day < p_day), '-infinity'::date), min(day) filter (where day > p_day)
    into prev, next from stats_viewer_days
    where activity_id = p_activity and scope = p_scope and viewer_id = p_viewer;
  insert into stats_reach as r (activity_id, scope, day, prev_day, shard, viewers)
    select p_activity, p_scope, x.day, x.prev_day, p_shard, x.delta
    from (values (p_day, prev, sign), (next, prev, -sign), (next, p_day, sign)) as x (day, prev_day, delta)
    where x.day is not null
    on conflict (activity_id, scope, day, prev_day, shard) do update set viewers = r.viewers + excluded.viewers;
  return sign;
end
$$;

-- One visit counted in (sign 1) or out (-1) of every rollup: a few multi-row upserts, so a page view costs a handful
-- of statements, not one per counter.
create function stats_visit_apply(v visits, sign integer) returns void language plpgsql as $$
declare
  local_at timestamp := v.started_at at time zone 'Asia/Shanghai';
  local_day date := local_at::date;
  hour_at timestamptz := date_trunc('hour', local_at) at time zone 'Asia/Shanghai';
  day_at timestamptz := date_trunc('day', local_at) at time zone 'Asia/Shanghai';
  v_shard smallint := (v.id % 8)::smallint;
  hour_visits integer;
  new_in_hour integer := 0;
  new_in_day integer;
begin
  -- The lock the watch page takes around a viewer's visits (watch-service.ts lockViewerVisits): a viewer's rows are
  -- changed by one transaction at a time, in whichever process.
  perform pg_advisory_xact_lock(hashtext('visit:' || v.activity_id || ':' || v.viewer_id));
  if sign > 0 then
    insert into stats_viewer_hours as h (activity_id, viewer_id, hour, visits) values (v.activity_id, v.viewer_id, hour_at, 1)
      on conflict (activity_id, viewer_id, hour) do update set visits = h.visits + 1
      returning h.visits into hour_visits;
    if hour_visits = 1 then new_in_hour := 1; end if;
  else
    update stats_viewer_hours set visits = visits - 1
      where activity_id = v.activity_id and viewer_id = v.viewer_id and hour = hour_at
      returning visits into hour_visits;
    if hour_visits = 0 then
      delete from stats_viewer_hours where activity_id = v.activity_id and viewer_id = v.viewer_id and hour = hour_at;
      new_in_hour := -1;
    end if;
  end if;
  new_in_day := stats_viewer_day_add(v.activity_id, '', v.viewer_id, local_day, v_shard, sign);
  perform stats_viewer_day_add(v.activity_id, 'p:' || v.province, v.viewer_id, local_day, v_shard, sign);
  perform stats_viewer_day_add(v.activity_id, 'c:' || v.province || '|' || v.city, v.viewer_id, local_day, v_shard, sign);
  insert into stats_visit_buckets as b (activity_id, grain, bucket, shard, pv, uv, watch_seconds)
    values (v.activity_id, 'hour', hour_at, v_shard, sign, new_in_hour, sign * v.watch_seconds),
      (v.activity_id, 'day', day_at, v_shard, sign, new_in_day, sign * v.watch_seconds)
    on conflict (activity_id, grain, bucket, shard) do update set
      pv = b.pv + excluded.pv, uv = b.uv + excluded.uv, watch_seconds = b.watch_seconds + excluded.watch_seconds;
  insert into stats_visit_breakdowns as k (activity_id, day, dimension, key, shard, visits)
    values (v.activity_id, local_day, 'ditch', coalesce(v.ditch_sign, ''), v_shard, sign),
      (v.activity_id, local_day, 'host', stats_host_of(v.referrer), v_shard, sign),
      (v.activity_id, local_day, 'device', stats_device_of(v.device), v_shard, sign),
      (v.activity_id, local_day, 'browser', stats_browser_of(v.user_agent), v_shard, sign),
      (v.activity_id, local_day, 'region', v.province || '|' || v.city, v_shard, sign)
    on conflict (activity_id, day, dimension, key, shard) do update set visits = k.visits + excluded.visits;
end
$$;

create function stats_visits_rollup() returns trigger language plpgsql as $$
declare
  local_at timestamp;
begin
  if tg_op = 'INSERT' then
    perform stats_visit_apply(new, 1);
  elsif tg_op = 'DELETE' then
    perform stats_visit_apply(old, -1);
  elsif (old.activity_id, old.viewer_id, old.started_at, old.ditch_sign, old.referrer, old.user_agent, old.device,
      old.province, old.city) is distinct from (new.activity_id, new.viewer_id, new.started_at, new.ditch_sign,
      new.referrer, new.user_agent, new.device, new.province, new.city) then
    perform stats_visit_apply(old, -1);
    perform stats_visit_apply(new, 1);
  else
    -- A heartbeat: only the watch time of the hour and day the visit started in grows.
    local_at := new.started_at at time zone 'Asia/Shanghai';
    insert into stats_visit_buckets as b (activity_id, grain, bucket, shard, watch_seconds)
      values (new.activity_id, 'hour', date_trunc('hour', local_at) at time zone 'Asia/Shanghai', (new.id % 8)::smallint,
          new.watch_seconds - old.watch_seconds),
        (new.activity_id, 'day', date_trunc('day', local_at) at time zone 'Asia/Shanghai', (new.id % 8)::smallint,
          new.watch_seconds - old.watch_seconds)
      on conflict (activity_id, grain, bucket, shard) do update set watch_seconds = b.watch_seconds + excluded.watch_seconds;
  end if;
  return null;
end
$$;

create trigger stats_visits_insert after insert on visits for each row execute function stats_visits_rollup();
create trigger stats_visits_delete after delete on visits for each row execute function stats_visits_rollup();
-- Only a change the rollups count fires it: a heartbeat that adds no second, or a latency report, costs nothing.
create trigger stats_visits_update after update on visits for each row
  when ((old.activity_id, old.viewer_id, old.started_at, old.ditch_sign, old.referrer, old.user_agent, old.device,
      old.province, old.city, old.watch_seconds) is distinct from (new.activity_id, new.viewer_id, new.started_at,
      new.ditch_sign, new.referrer, new.user_agent, new.device, new.province, new.city, new.watch_seconds))
  execute function stats_visits_rollup();

-- The rollups of one activity (or of all, p_activity null) recounted from its visits in a few set-wise statements:
-- the backfill of the visits that came before this migration, and the bulk loads of bench/stats.ts, which insert
-- with the triggers off. The recount test proves it equals what the triggers keep.
-- Its sorts and windows run over every visit at once: a larger work_mem keeps them in memory for the statement. The
-- viewer tables are written in their keys' order, so their primary keys grow at the end instead of at random (1,000,000
-- visits: 17 s to 6.5 s for the viewer-hours, 36 s to 17 s for the viewer-days).
create function stats_rollup_rebuild(p_activity integer) returns void language plpgsql set work_mem = '64MB' as $$
begin
  delete from stats_visit_buckets where p_activity is null or activity_id = p_activity;
  delete from stats_visit_breakdowns where p_activity is null or activity_id = p_activity;
  delete from stats_viewer_hours where p_activity is null or activity_id = p_activity;
  delete from stats_viewer_days where p_activity is null or activity_id = p_activity;
  delete from stats_reach where p_activity is null or activity_id = p_activity;

  create temporary table stats_rebuild_visits on commit drop as
    select v.activity_id, v.viewer_id, v.watch_seconds, v.ditch_sign, v.referrer, v.user_agent, v.device,
      v.province, v.city,
      (v.started_at at time zone 'Asia/Shanghai')::date as local_day,
      date_trunc('hour', v.started_at at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai' as hour_at,
      date_trunc('day', v.started_at at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai' as day_at
    from visits v where p_activity is null or v.activity_id = p_activity;
  analyze stats_rebuild_visits;

  insert into stats_viewer_hours (activity_id, viewer_id, hour, visits)
    select activity_id, viewer_id, hour_at, count(*) from stats_rebuild_visits group by 1, 2, 3 order by 1, 2, 3;
  insert into stats_viewer_days (activity_id, scope, viewer_id, day, visits)
    select activity_id, s.scope, viewer_id, local_day, count(*)
    from stats_rebuild_visits,
      lateral (values (''), ('p:' || province), ('c:' || province || '|' || city)) as s (scope)
    group by 1, 2, 3, 4 order by 1, 2, 3, 4;
  insert into stats_reach (activity_id, scope, day, prev_day, shard, viewers)
    select activity_id, scope, day, prev_day, 0, count(*)
    from (
      select activity_id, scope, day,
        coalesce(lag(day) over (partition by activity_id, scope, viewer_id order by day), '-infinity'::date) as prev_day
      from stats_viewer_days where p_activity is null or activity_id = p_activity
    ) chained
    group by 1, 2, 3, 4;
  insert into stats_visit_buckets (activity_id, grain, bucket, shard, pv, uv, watch_seconds)
    select t.activity_id, 'hour', t.hour_at, 0, t.pv, coalesce(h.uv, 0), t.watch
    from (select activity_id, hour_at, count(*) as pv, sum(watch_seconds) as watch
          from stats_rebuild_visits group by 1, 2) t
    left join (select activity_id, hour, count(*) as uv from stats_viewer_hours
               where p_activity is null or activity_id = p_activity group by 1, 2) h
      on h.activity_id = t.activity_id and h.hour = t.hour_at;
  insert into stats_visit_buckets (activity_id, grain, bucket, shard, pv, uv, watch_seconds)
    select t.activity_id, 'day', t.day_at, 0, t.pv, coalesce(d.uv, 0), t.watch
    from (select activity_id, day_at, local_day, count(*) as pv, sum(watch_seconds) as watch
          from stats_rebuild_visits group by 1, 2, 3) t
    left join (select activity_id, day, count(*) as uv from stats_viewer_days
               where scope = '' and (p_activity is null or activity_id = p_activity) group by 1, 2) d
      on d.activity_id = t.activity_id and d.day = t.local_day;
  insert into stats_visit_breakdowns (activity_id, day, dimension, key, shard, visits)
    select activity_id, local_day, b.dimension, b.key, 0, count(*)
    from stats_rebuild_visits,
      lateral (values ('ditch', coalesce(ditch_sign, '')), ('host', stats_host_of(referrer)),
        ('device', stats_device_of(device)), ('browser', stats_browser_of(user_agent)),
        ('region', province || '|' || city)) as b (dimension, key)
    group by 1, 2, 3, 4;
  drop table stats_rebuild_visits;
end
$$;

select stats_rollup_rebuild(null);
