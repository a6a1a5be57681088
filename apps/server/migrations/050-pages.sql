-- Pages (自定义页面, seed 001 §2 "Page builder", §3 "Page", §4): an agent's portal pages built from components. A page
-- keeps the draft the console edits (data) apart from what the public sees (published_data, copied from the draft
-- when it is published), so saving an edit never changes the public page. A sub-account's page carries its id: the
-- sub-account sees only its own. data may hold a legacy form (seed 001 §4), converted when the page is read.
create table pages (
  id serial primary key,
  agent_id integer not null references agents (id) on delete cascade,
  subagent_id integer references subagents (id) on delete cascade,
  name text not null,
  data jsonb not null,
  draft_saved_at timestamptz not null default now(),
  published_data jsonb,
  published_at timestamptz,
  bottom_nav jsonb not null default '{"enabled": false, "items": [], "color": "#666666", "activeColor": "#1677ff"}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pages_published_pair check ((published_data is null) = (published_at is null))
);
create index pages_agent_created on pages (agent_id, created_at desc, id desc);

-- Columns (seed 001 §3 "Column (list) of a page: listId"): named lists of a page's activities, a group's or chosen
-- ones, that its components show. They go with their page.
create table page_lists (
  id serial primary key,
  page_id integer not null references pages (id) on delete cascade,
  agent_id integer not null references agents (id) on delete cascade,
  title text not null,
  source jsonb not null,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index page_lists_page on page_lists (page_id, sort_order, id);

-- The agent's home page (seed 001 §4 "Home page"), served at the root of its custom host: one at most per agent (the
-- primary key), and it stops being one when its page is deleted.
create table agent_homepages (
  agent_id integer primary key references agents (id) on delete cascade,
  page_id integer not null unique references pages (id) on delete cascade,
  set_at timestamptz not null default now()
);
