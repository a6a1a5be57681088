-- Aggregation pages (多会场, seed 000 §2 /aggregation, §3, §4): one public entry page grouping several of the agent's
-- activities as venues, in order, each with a label. A sub-account's aggregation carries its id: the sub-account sees
-- only its own, and those hold only its activities.
create table aggregations (
  id serial primary key,
  agent_id integer not null references agents (id) on delete cascade,
  subagent_id integer references subagents (id) on delete cascade,
  name text not null,
  cover text not null default '',
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index aggregations_agent_created on aggregations (agent_id, created_at desc, id desc);

-- An activity is a venue of one aggregation at most (seed 001 §8 添加失败，活动已被应用在其它多会场中): the primary key
-- holds the rule even when two edits race.
create table aggregation_venues (
  activity_id integer primary key references activities (id) on delete cascade,
  aggregation_id integer not null references aggregations (id) on delete cascade,
  agent_id integer not null references agents (id) on delete cascade,
  label text not null default '',
  position integer not null
);
create index aggregation_venues_aggregation on aggregation_venues (aggregation_id, position);
