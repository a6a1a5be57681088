-- Comment libraries (seed 001 §3 "Comment library", §7; issue 10): canned comments an agent's robots post and its
-- staff reuse. Library 0 is the product's default library and is not stored; these are the agent's own.
create table comment_libraries (
  id serial primary key,
  agent_id integer not null references agents (id) on delete cascade,
  name text not null,
  items text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index comment_libraries_agent_name on comment_libraries (agent_id, name);
