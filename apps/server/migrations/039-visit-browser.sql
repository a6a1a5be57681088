-- A visit counts for the viewer the page is (viewer_id: its mobile's id once signed in by SMS, else its browser's
-- anonymous id) and remembers the browser that started it (browser_id: its signed viewer cookie's id), so a viewer
-- who signs in or out mid-visit keeps the same visit: its heartbeats are still accepted and it moves to the new id.
-- Visits from before this column have none; their viewer_id is their browser's id.
alter table visits add column browser_id text;
