-- Invitation cards and the top-share ranking (seed 001 §3 "Audience user" invitedBy, §7 top-share, invitee; issue
-- 10). A viewer is its anonymous watch-page id. activity_inviters holds a viewer once it opened its invitation card
-- (its nickname then) and the count of viewers it brought, kept in the invitation's own transaction, so the ranking
-- never counts invitations. activity_invitees holds who invited whom: once per invitee per activity, never oneself.
create table activity_inviters (
  activity_id integer not null references activities (id),
  viewer_id text not null,
  agent_id integer not null references agents (id) on delete cascade,
  nickname text not null,
  invitees integer not null default 0,
  card_opened_at timestamptz not null default now(),
  last_invited_at timestamptz,
  primary key (activity_id, viewer_id)
);
create index activity_inviters_rank on activity_inviters (activity_id, invitees desc, last_invited_at)
  where invitees > 0;

create table activity_invitees (
  activity_id integer not null references activities (id),
  invitee_id text not null,
  inviter_id text not null,
  agent_id integer not null references agents (id) on delete cascade,
  invited_at timestamptz not null default now(),
  primary key (activity_id, invitee_id),
  foreign key (activity_id, inviter_id) references activity_inviters (activity_id, viewer_id) on delete cascade,
  check (invitee_id <> inviter_id)
);
create index activity_invitees_inviter on activity_invitees (activity_id, inviter_id, invited_at);
create index activity_invitees_time on activity_invitees (activity_id, invited_at);

-- Text live (图文直播, intro tab type textLive): the organiser's text and picture updates during the event, newest
-- first on the watch page; a deleted post is gone for viewers at once.
create table text_live_posts (
  id serial primary key,
  activity_id integer not null references activities (id),
  agent_id integer not null references agents (id) on delete cascade,
  text text not null,
  images jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create index text_live_posts_activity on text_live_posts (activity_id, id);
