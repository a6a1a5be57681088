-- The impersonations an agent's upper agents made (GET /agent/agent/{id}/impersonations): the login tickets they took.
create index login_tickets_impersonation_idx on login_tickets (agent_id, created_at desc) where created_by is not null;
