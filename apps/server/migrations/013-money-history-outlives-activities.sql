-- Orders and ledger entries are money history: an activity destroyed for good (POST /v3/activity/{id}/destroy) must
-- neither take them with it nor rewrite them (the ledger refuses edits). They keep the activity's id as the fact it
-- was, without a foreign key.
alter table ledger_entries drop constraint if exists ledger_entries_activity_id_fkey;
alter table package_orders drop constraint if exists package_orders_activity_id_fkey;
