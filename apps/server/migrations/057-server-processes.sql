-- Stateless API processes (issue 15): every running server process has a row here that it keeps fresh while it lives.
-- A stream job (relay, live transcode) and a media transcode name the process whose ffmpeg runs it, so a stop made
-- through any process reaches that one, and only the jobs of a process whose heartbeat stopped are failed at start-up.
create table server_processes (
  id text primary key,
  host text not null,
  pid integer not null,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now()
);
create index server_processes_heartbeat_idx on server_processes (heartbeat_at);

-- Rows written before owners existed have none: they count as a dead process's.
alter table stream_jobs add column owner_process text;
create index stream_jobs_running_owner_idx on stream_jobs (owner_process) where status = 'running';

alter table media add column transcoded_by text;
