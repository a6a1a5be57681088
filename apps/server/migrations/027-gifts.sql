-- Global gifts (seed 000 §7, issue 10): the gifts an agent's viewers can send, with an icon and a price in fen (0 is
-- free). A deleted gift keeps its row, so gifts already sent still name what they were; a name is unique among the
-- gifts not deleted.
create table gifts (
  id serial primary key,
  agent_id integer not null references agents (id) on delete cascade,
  name text not null,
  icon text not null,
  price integer not null check (price >= 0),
  enabled boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index gifts_agent_name on gifts (agent_id, name) where deleted_at is null;
create index gifts_agent_sort on gifts (agent_id, sort, id) where deleted_at is null;
