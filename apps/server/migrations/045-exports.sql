-- Exports (issue 11; seed 001 §7 "Statistics and exports", "Downloads").
--
-- The CSV cell rule, in SQL, so a download's lines are made where its rows are read and Node only streams them. It is
-- the rule of apps/server/src/platform/csv.ts, kept equal by a test on both engines: a cell a spreadsheet would run as
-- a formula (=, +, -, @, a tab or a carriage return first) is kept as text with a leading apostrophe, and a cell that
-- would break the row (a quote, a comma, a line break) is quoted with its quotes doubled. A null is an empty cell.
-- One SQL expression with no sub-select, so PostgreSQL inlines it into a query that calls it on a plain column (the
-- exports call it on their select's output columns): called per cell through the function executor, or on an
-- expression it would compute several times, it made the export seven times slower than COPY.
create function csv_cell(value text) returns text
  language sql immutable parallel safe as $$
  select case
    when value is null then ''
    when strpos(value, '"') > 0 or strpos(value, ',') > 0 or strpos(value, chr(10)) > 0 or strpos(value, chr(13)) > 0
      then '"' || replace(case when ascii(value) in (61, 43, 45, 64, 9, 13) then '''' || value
        else value end, '"', '""') || '"'
    -- The first character by its code (=, +, -, @, tab, carriage return): no string is made to compare.
    when ascii(value) in (61, 43, 45, 64, 9, 13) then '''' || value
    else value
  end
$$;

-- The columns an agent keeps for a table (GET|PUT /v3/agent/table-thead/{id}): one choice per agent, or per
-- sub-account (subagent_key is its id, 0 for the agent itself), per table id; the fields are the table's export's.
create table agent_table_theads (
  agent_id integer not null references agents (id) on delete cascade,
  subagent_key integer not null default 0,
  table_id text not null,
  fields jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (agent_id, subagent_key, table_id)
);

-- The dated exports read one activity's rows in time order, a batch at a time (keyset): these tables had no index
-- that starts with the activity and the time (comments have one since 043).
create index checkin_records_activity_time on checkin_records (activity_id, created_at, checkin_id, viewer_id);
create index vote_ballots_activity_time on vote_ballots (activity_id, created_at, vote_id, viewer_id);
