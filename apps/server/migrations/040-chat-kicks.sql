-- A viewer kicked out of an activity's chat (踢出) stays out until `until`: its socket is closed at once, and the chat
-- refuses it when it comes back (a reload, another tab) until then. One row per activity and viewer; a later kick
-- moves `until` on.
create table chat_kicks (
  activity_id integer not null references activities (id) on delete cascade,
  viewer_id text not null,
  agent_id integer not null references agents (id) on delete cascade,
  until timestamptz not null,
  primary key (activity_id, viewer_id)
);
