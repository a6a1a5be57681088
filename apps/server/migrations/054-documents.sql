-- Documents (文档, seed 000 §1 "document applications", §2 /application/document): an agent's library of files
-- (PDF, Office files, pictures) kept outside the public files, bound to activities, with a permission per document:
-- read online only, or also download; and optionally only for viewers signed in by SMS. A sub-account's document
-- carries its id: the sub-account sees only its own. upload_key holds the upload's Idempotency-Key, so an upload sent
-- twice stores one document.
create table documents (
  id serial primary key,
  agent_id integer not null references agents (id) on delete cascade,
  subagent_id integer references subagents (id) on delete cascade,
  name text not null,
  file_key text not null,
  mime_type text not null,
  kind text not null check (kind in ('pdf', 'word', 'excel', 'powerpoint', 'image')),
  size_bytes integer not null,
  permission text not null default 'read' check (permission in ('read', 'download')),
  sign_in_required boolean not null default false,
  upload_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint documents_agent_upload_key unique (agent_id, upload_key)
);
create index documents_agent_id on documents (agent_id, id desc);

create table document_activities (
  document_id integer not null references documents (id) on delete cascade,
  activity_id integer not null references activities (id) on delete cascade,
  agent_id integer not null references agents (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (document_id, activity_id)
);
create index document_activities_activity on document_activities (activity_id, document_id);
