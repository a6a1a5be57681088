-- Media as its own process (issue 15): each media process (and an external media server whose statistics are read)
-- is a source whose latest report is kept here: the streams it receives with their viewers and health. Every API
-- process reads the ingest list from it, and the one that finds a source silent past MEDIA_REPORT_LAPSE_INTERVALS of
-- its interval deletes the row and ends the pushes only that source carried.
create table media_sources (
  source text primary key,
  interval_ms integer not null,
  -- The sender's clock (ms since the epoch): a report older than the last one applied is ignored.
  sent_at bigint not null,
  reported_at timestamptz not null default now(),
  -- A media process's report is the truth for its pushes (they start and end with it); a media server's statistics
  -- only count viewers and describe the streams.
  pushes boolean not null default false,
  streams jsonb not null default '[]'
);
create index media_sources_reported_at_idx on media_sources (reported_at);
