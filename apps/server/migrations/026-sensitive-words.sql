-- Sensitive word lists (seed 000 §7, issue 10): per agent, each with the action a match takes and a switch. The seeds
-- give no delete call, so a list is switched off rather than removed. Words are kept as the agent typed them, in order;
-- matching folds case and width itself.
create table sensitive_word_lists (
  id serial primary key,
  agent_id integer not null references agents (id) on delete cascade,
  name text not null,
  words text[] not null default '{}',
  action text not null default 'mask' check (action in ('mask', 'review', 'reject')),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (agent_id, name)
);
