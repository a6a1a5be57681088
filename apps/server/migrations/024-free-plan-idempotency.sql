-- One package table drives the /price card, the order confirmation and what is enforced (issue 8: the card said 2
-- sub-accounts, the confirmation 5, the quota stayed 5; with no package activities were not capped at all).
--
-- The free plan is a row of the same table (type 'free', price 0, not on sale): an agent with no current package holds
-- exactly its grants. Every package on sale grants at least what the free plan does, so buying one never lowers a cap.
alter table packages drop constraint packages_type_check;
alter table packages add constraint packages_type_check check (type in ('free', 'trail', 'annual', 'activity'));
alter table packages drop constraint packages_price_check;
alter table packages add constraint packages_price_check check (price > 0 or type = 'free');

insert into packages
  (id, name, type, description, price, activity_quota, subagent_quota, flux_gb, storage_gb, validity_days,
   is_ultimate_package, for_activity, sort, enabled)
values
  (100000, '免费版', 'free', '未购买套餐时的基础额度', 0, 20, 5, 10, 2, 1, false, false, 0, false);

-- The trial granted fewer activities and sub-accounts than an agent had without any package.
update packages set activity_quota = 30, subagent_quota = 5, flux_gb = 20, storage_gb = 5 where id = 100001;

-- What applies at the moment of the query: the current package's own grants, or the free plan's. agents.subagent_quota
-- (the old base allowance) no longer takes part: the free plan row is the base.
drop view agent_entitlements;
create view agent_entitlements as
select
  a.id as agent_id,
  coalesce(p.expires_at > now(), false) as package_current,
  case when p.expires_at > now() then p.activity_quota else coalesce(f.activity_quota, 0) end as activity_quota,
  case when p.expires_at > now() then p.subagent_quota else coalesce(f.subagent_quota, 0) end as subagent_quota,
  case when p.expires_at > now() then p.storage_gb else coalesce(f.storage_gb, 0) end as storage_gb,
  case when p.expires_at > now() then p.flux_gb else coalesce(f.flux_gb, 0) end as flux_gb,
  a.has_contract or coalesce(p.expires_at > now() and p.has_contract, false) as has_contract
from agents a
left join agent_packages p on p.agent_id = a.id
left join packages f on f.id = 100000;

-- Idempotency-Key: a POST an authenticated caller repeats with the same key gets the first answer instead of doing
-- the work twice (issue 8: 提交订单 twice made two orders 35 ms apart). A row is pending while the first request
-- runs, and keeps that request's answer once it is done; keys live 24 hours.
create table idempotency_keys (
  agent_id integer not null references agents (id) on delete cascade,
  key text not null,
  method text not null,
  path text not null,
  request_hash text not null,
  status text not null default 'pending' check (status in ('pending', 'done')),
  response_status integer,
  response_type text,
  response_body text,
  created_at timestamptz not null default now(),
  primary key (agent_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
