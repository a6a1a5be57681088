-- Catalogs (合辑, seed 001 §3 "Catalog", §5, §7): an agent's collection of activities in chapters, with a share card,
-- a description (abstract, sanitised rich text) and an appearance, shown on a public page. A sub-account's catalog
-- carries its id: the sub-account sees only its own. The name is unique within the agent (seed 001 §5).
create table catalogs (
  id serial primary key,
  agent_id integer not null references agents (id) on delete cascade,
  subagent_id integer references subagents (id) on delete cascade,
  name text not null,
  share jsonb not null default '{}',
  abstract text not null default '',
  appearance jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint catalogs_agent_name unique (agent_id, name)
);
create index catalogs_agent_created on catalogs (agent_id, created_at desc, id desc);

create table catalog_chapters (
  id serial primary key,
  catalog_id integer not null references catalogs (id) on delete cascade,
  agent_id integer not null references agents (id) on delete cascade,
  title text not null,
  position integer not null
);
create index catalog_chapters_catalog on catalog_chapters (catalog_id, position);

-- An activity is in one catalog at most (seed 001 §8 添加失败，活动已被应用在其它合辑中): the primary key holds the
-- rule even when two edits race.
create table catalog_activities (
  activity_id integer primary key references activities (id) on delete cascade,
  catalog_id integer not null references catalogs (id) on delete cascade,
  chapter_id integer not null references catalog_chapters (id) on delete cascade,
  agent_id integer not null references agents (id) on delete cascade,
  position integer not null
);
create index catalog_activities_chapter on catalog_activities (chapter_id, position);
create index catalog_activities_catalog on catalog_activities (catalog_id);

-- activities.catalog_id (seed 001 §3, the list's catalogId filter) now names a real catalog: nothing set it before.
update activities set catalog_id = null where catalog_id is not null;
alter table activities
  add constraint activities_catalog foreign key (catalog_id) references catalogs (id) on delete set null;
