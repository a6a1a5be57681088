-- The interaction statistics (issue 11) read an activity's comments over a date range: by (activity, time), as the
-- other growing tables are indexed (ARCHITECTURE "Data that grows"), instead of every comment the activity has.
create index comments_activity_created on comments (activity_id, created_at);
