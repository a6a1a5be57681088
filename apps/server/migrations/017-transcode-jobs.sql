-- Live transcoding runs as a stream job of its own kind, at most one running per activity.
alter table stream_jobs drop constraint stream_jobs_kind_check;
alter table stream_jobs add constraint stream_jobs_kind_check check (kind in ('relay', 'transcode'));
create unique index stream_jobs_one_transcode_idx on stream_jobs (activity_id)
  where kind = 'transcode' and status = 'running';
