-- When the server last saw each open push alive. A push cut off by a crash never gets its unpublish, so at the next
-- start its ingest session is closed at that time instead of counting usage forever (issue 8, "A crash leaves no
-- ghost"). Null until the first sighting: such a session is closed at its start.
alter table ingest_sessions add column last_seen_at timestamptz;
