-- Branding and settings: the login-page template of an agent's custom host, its template activity, its own official
-- account on the messaging platform, one custom host per agent, and which agent's promotion link a sign-up came by.

alter table agent_branding add column login_template jsonb not null default '{}';
alter table agent_branding add column template_activity_id integer references activities (id);
-- Null until the agent authorises its official account; the app secret inside is encrypted.
alter table agent_branding add column official_account jsonb;

-- A custom host shows one agent's login page, so it belongs to one agent only.
create unique index agent_branding_host_idx on agent_branding ((customization ->> 'host'))
  where coalesce(customization ->> 'host', '') <> '';

create table agent_promotions (
  agent_id integer primary key references agents (id),
  promoter_id integer not null references agents (id),
  created_at timestamptz not null default now()
);
create index agent_promotions_promoter_idx on agent_promotions (promoter_id);
