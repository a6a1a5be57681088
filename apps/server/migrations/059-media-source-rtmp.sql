-- Live transcoding with a media process (issue 15): each media process reports where the API processes reach its RTMP,
-- so the one that hears a push start can run the transcode's ffmpeg against it. Null: a source that offers none (an
-- external media server's statistics, a media process without MEDIA_RTMP_URL from before this column).
alter table media_sources add column rtmp_url text;
