-- Photo live (图片直播, seed 001 §2 "Photo list", §3 "Photo list: per activity, id used as listId", §7 "Photos"): an
-- activity's photo lists, and the photos photographers upload into them. A photo keeps only what viewers get: a
-- thumbnail and a display picture made on upload (orientation applied, metadata such as GPS dropped); `position`
-- orders a list (highest first: a new photo goes on top, a reorder swaps positions), and a hidden photo is kept for
-- the console but left out of the watch page.
create table photo_lists (
  id serial primary key,
  activity_id integer not null references activities (id),
  agent_id integer not null references agents (id) on delete cascade,
  title text not null,
  description text not null default '',
  cover text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index photo_lists_activity on photo_lists (activity_id, id);
create index photo_lists_agent on photo_lists (agent_id, updated_at desc);

create table photos (
  id serial primary key,
  list_id integer not null references photo_lists (id) on delete cascade,
  activity_id integer not null references activities (id),
  agent_id integer not null references agents (id) on delete cascade,
  name text not null,
  display_key text not null,
  thumb_key text not null,
  width integer not null,
  height integer not null,
  thumb_width integer not null,
  thumb_height integer not null,
  bytes bigint not null,
  position integer not null,
  hidden boolean not null default false,
  created_at timestamptz not null default now()
);
create index photos_list_order on photos (list_id, position desc, id desc);
create index photos_list_published on photos (list_id, position desc, id desc) where not hidden;
