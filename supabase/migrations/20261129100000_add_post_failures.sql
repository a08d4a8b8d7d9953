-- Posts whose processing failed at one stage, quarantined instead of failing their feed's sync, the indexing batch
-- they were in, or the e-mail that brought them (lib/post-failures). A post stays stored and listed; the stage is
-- retried with backoff after next_retry_at (the indexer and the embedder skip it until then), and the row goes when
-- the stage succeeds. `admin posts failed` lists them, /readyz counts them, `admin posts reprocess --failed` retries.
create table post_failures (
  post_id uuid not null references posts (id) on delete cascade,
  stage text not null check (stage in ('index', 'embed', 'summary', 'picks')),
  error text not null,
  attempts integer not null default 1 check (attempts >= 1),
  first_failed_at timestamptz not null default now(),
  last_failed_at timestamptz not null default now(),
  next_retry_at timestamptz not null,
  primary key (post_id, stage)
);

create index post_failures_due_idx on post_failures (stage, next_retry_at);

-- An e-mail that was received and kept raw but could not be made into a post: answered 2xx all the same (a provider
-- would otherwise redeliver it forever), listed by `admin posts failed`, and rebuilt by `posts reprocess --failed`.
alter table inbound_messages add column error text;
alter table inbound_messages add column failed_at timestamptz;

alter table post_failures enable row level security;
