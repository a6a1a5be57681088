-- What a package grants lapses with it. The package's own sub-account quota and contract flag move to its row in
-- agent_packages, the agent keeps only its base allowance (5 sub-accounts, no contract), and agent_entitlements says
-- what applies at the moment of the query: a package counts only while expires_at is in the future.
alter table agent_packages add column subagent_quota integer not null default 0;
alter table agent_packages add column has_contract boolean not null default false;

-- Until now a paid package raised agents.subagent_quota and set agents.has_contract: hand both to the package row.
update agent_packages p set subagent_quota = a.subagent_quota, has_contract = a.has_contract
  from agents a where a.id = p.agent_id;
update agents set subagent_quota = 5, has_contract = false
  where id in (select agent_id from agent_packages);

-- activity_quota is null when no package is current: the base allowance does not cap activities.
create view agent_entitlements as
select
  a.id as agent_id,
  coalesce(p.expires_at > now(), false) as package_current,
  case when p.expires_at > now() then p.activity_quota end as activity_quota,
  greatest(a.subagent_quota, case when p.expires_at > now() then p.subagent_quota else 0 end) as subagent_quota,
  a.has_contract or coalesce(p.expires_at > now() and p.has_contract, false) as has_contract
from agents a
left join agent_packages p on p.agent_id = a.id;
