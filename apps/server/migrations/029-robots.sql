-- Virtual audience robots (seed 000 §7, issue 10): an agent's robots, each a nickname and one of the product's avatars.
create table robots (
  id serial primary key,
  agent_id integer not null references agents (id) on delete cascade,
  nickname text not null,
  avatar text not null,
  created_at timestamptz not null default now()
);
create index robots_agent on robots (agent_id, id);
