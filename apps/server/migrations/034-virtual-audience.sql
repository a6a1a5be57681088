-- An activity's virtual audience (issue 10): the curve its robots add to the online count viewers see while it pushes,
-- and the robots' own comments from a comment library. next_comment_at is claimed by one process at a time, so a
-- cluster posts each robot comment once.
create table virtual_audiences (
  activity_id integer primary key references activities (id),
  agent_id integer not null references agents (id) on delete cascade,
  enabled boolean not null default false,
  target integer not null default 0,
  ramp_minutes integer not null default 10,
  jitter_percent integer not null default 5,
  comments_enabled boolean not null default false,
  library_id integer not null default 0,
  comment_interval_seconds integer not null default 30,
  next_comment_at timestamptz,
  updated_at timestamptz not null default now()
);

-- The live operations screen's curve: one sample per activity every 10 s while it pushes, real and virtual viewers
-- apart, with the stream's health as the process holding the push measured it.
create table online_samples (
  activity_id integer not null references activities (id),
  agent_id integer not null references agents (id) on delete cascade,
  at timestamptz not null,
  real integer not null,
  virtual integer not null,
  bitrate_kbps integer,
  fps real,
  dropped_frames integer,
  viewer_latency_ms integer,
  latency_reports integer not null default 0,
  primary key (activity_id, at)
);

-- What the watch page's player last reported: how far behind the live edge it plays (ms).
alter table visits add column latency_ms integer;
