-- A custom host belongs to the agent that proved control of it in DNS (issue 8), not to the first that typed it: an
-- unverified claim no longer blocks the host's real owner, and only one agent can hold a host verified.
drop index agent_branding_host_idx;
create unique index agent_branding_verified_host_idx on agent_branding ((customization ->> 'hostVerified'))
  where coalesce(customization ->> 'hostVerified', '') <> '';
