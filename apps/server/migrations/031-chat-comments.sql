-- Live chat (seed 001 §3 "Comment", §4, §7; issue 10). Comments are appended and never removed: moderation moves a
-- comment's status (pending, passed, failed), pins it or marks it deleted, so the chat report and the replay a
-- reconnecting viewer gets read one table. A viewer is its anonymous watch-page id; robots' comments name the robot.
create table comments (
  id serial primary key,
  activity_id integer not null references activities (id),
  agent_id integer not null references agents (id) on delete cascade,
  viewer_id text,
  sid text,
  robot_id integer references robots (id) on delete set null,
  is_robot boolean not null default false,
  nickname text not null,
  avatar text,
  text text not null,
  status text not null check (status in ('pending', 'passed', 'failed')),
  pinned_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now()
);
create index comments_activity on comments (activity_id, id);
create index comments_pinned on comments (activity_id, pinned_at) where pinned_at is not null;

-- Who may not comment on an activity (a comment ban, 禁言) and who may not join its chat at all (the blacklist).
create table chat_restrictions (
  activity_id integer not null references activities (id),
  viewer_id text not null,
  kind text not null check (kind in ('ban', 'blacklist')),
  agent_id integer not null references agents (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (activity_id, kind, viewer_id)
);
