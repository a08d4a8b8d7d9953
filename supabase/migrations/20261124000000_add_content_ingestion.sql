-- Content in: feed sync state per publication, the post's sanitized HTML and the source of its text, which generator
-- wrote each summary and pick (and from which text), the e-mail sender mapping, raw sources kept in object storage,
-- and the durable job queue the embedded default runs in-process (production runs the same jobs on Inngest).

-- Sync state. feed_url holds the feed without credentials; a private feed's token or basic-auth pair is kept only
-- encrypted (lib/ingest/secrets) and never leaves the server.
alter table publications add column feed_credentials_encrypted text;
alter table publications add column feed_etag text;
alter table publications add column feed_last_modified text;
-- Every check, successful or not (a 304 moves only this).
alter table publications add column last_checked_at timestamptz;
alter table publications add column next_poll_at timestamptz;
alter table publications add column poll_reason text;
-- The last failure, kept until a sync succeeds; consecutive_failures drives the back-off.
alter table publications add column last_error text;
alter table publications add column last_error_at timestamptz;
alter table publications add column consecutive_failures integer not null default 0 check (consecutive_failures >= 0);
-- Raw copy of the publication's image in object storage (lib/storage).
alter table publications add column image_raw_key text;

create index publications_next_poll_idx on publications (next_poll_at) where feed_url is not null;

-- Publications older than ingestion came from the demo loader (or by hand) and name feeds nobody fetched: the
-- scheduled sync leaves them alone until an operator syncs one (`sync <slug>` plans its next poll).
update publications set next_poll_at = 'infinity' where feed_url is not null;

-- content_hash is contentHash(body_text): summaries and picks are keyed on it, so unchanged text is never processed
-- twice and a changed text invalidates both.
alter table posts add column content_html text;
alter table posts add column content_hash text;
alter table posts add column language text;
-- Where body_text came from: the feed's full HTML, its excerpt only, a published podcast transcript, a transcription
-- of the audio, the show notes, or an e-mail.
alter table posts add column text_source text
  check (text_source in ('feed_content', 'feed_excerpt', 'transcript', 'transcription', 'show_notes', 'email'));
-- Raw source kept for re-processing: the inbound MIME message or the fetched transcript.
alter table posts add column raw_key text;
alter table posts add column raw_content_type text;

alter table post_summaries add column content_hash text;
alter table post_summaries add column generator text;
alter table stock_picks add column generator text;
alter table stock_picks add column content_hash text;

-- Picks already extracted for a post's current text: extraction is skipped when this row matches its content_hash.
create table pick_extractions (
  post_id uuid primary key references posts (id) on delete cascade,
  content_hash text not null,
  generator text not null,
  pick_count integer not null check (pick_count >= 0),
  extracted_at timestamptz not null default now()
);

-- Inbound e-mail: which publication a sender (address or List-Id) writes to. Created on first mail, or set by an
-- operator to point an address at an existing publication.
create table inbound_senders (
  sender text primary key check (sender = lower(sender) and length(sender) between 3 and 320),
  publication_id uuid not null references publications (id) on delete cascade,
  mapped_by text not null default 'first_mail' check (mapped_by in ('first_mail', 'operator')),
  created_at timestamptz not null default now()
);

-- One row per accepted message: a redelivered Message-ID is recognised and stored once.
create table inbound_messages (
  message_id text primary key check (length(message_id) between 1 and 998),
  publication_id uuid not null references publications (id) on delete cascade,
  post_id uuid references posts (id) on delete set null,
  raw_key text not null,
  received_at timestamptz not null default now()
);

-- The local job engine (lib/jobs/local): one row per function run triggered by an event. dedupe_key makes a repeated
-- event (the same summary requested twice) start no second run while the first is queued or running.
create table job_runs (
  id uuid primary key default gen_random_uuid(),
  function_id text not null,
  event_name text not null,
  event_data jsonb not null default '{}'::jsonb,
  dedupe_key text,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null check (max_attempts >= 1),
  run_after timestamptz not null default now(),
  -- a running row whose lease passed belongs to a process that died: it is queued again
  lease_until timestamptz,
  last_error text,
  output jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index job_runs_active_dedupe_idx on job_runs (function_id, dedupe_key)
  where dedupe_key is not null and status in ('queued', 'running');
create index job_runs_ready_idx on job_runs (run_after) where status = 'queued';
create index job_runs_recent_idx on job_runs (created_at desc);

-- Memoized step results: a retried run skips the steps that already succeeded, as Inngest does.
create table job_steps (
  run_id uuid not null references job_runs (id) on delete cascade,
  step_id text not null,
  output jsonb,
  created_at timestamptz not null default now(),
  primary key (run_id, step_id)
);

-- When each scheduled function last fired, so a restart neither skips nor repeats a tick.
create table job_schedules (
  function_id text primary key,
  last_fired_at timestamptz not null
);

alter table pick_extractions enable row level security;
alter table inbound_senders enable row level security;
alter table inbound_messages enable row level security;
alter table job_runs enable row level security;
alter table job_steps enable row level security;
alter table job_schedules enable row level security;
