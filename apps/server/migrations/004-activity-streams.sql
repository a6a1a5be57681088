-- Each activity's live stream: app and stream name (public, in playback addresses) and a secret push key kept
-- encrypted (the agent copies it into OBS, so it must be readable by its owner).
alter table activities add column app text not null default 'live';
alter table activities add column stream text;
alter table activities add column stream_key_sealed text;
alter table activities add column spend numeric(12, 2) not null default 0;
create unique index activities_stream_idx on activities (app, stream);
