-- Watches (issue 51, docs/watches.md): an account follows a ticker, a topic or a publication and hears of each new
-- matching post by a signed webhook (Standard Webhooks) and in a pull feed (JSON Feed, Atom).

create table watches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('ticker', 'query', 'publication')),
  -- kind ticker: the ticker (upper case) and which of its events alert: 'mention' (a post names it), 'call' (a call
  -- on it is extracted).
  ticker text check (ticker is null or (length(ticker) between 1 and 20 and ticker = upper(ticker))),
  events text[] not null default '{}' check (events <@ array['mention', 'call']::text[]),
  -- kind query: the topic as typed, and the confidence a post must reach alone (lib/search/score.ts confidenceOf).
  query text check (query is null or length(query) between 2 and 200),
  -- Its words as topic search reads them (lib/search/query/prepare.ts), resolved again at each match, as search does.
  terms text[] check (terms is null or cardinality(terms) between 1 and 12),
  min_confidence text check (min_confidence is null or min_confidence in ('weak', 'strong')),
  -- kind publication.
  publication_id uuid references publications (id) on delete cascade,
  webhook_url text check (webhook_url is null or length(webhook_url) <= 2000),
  -- The Standard Webhooks signing secret (whsec_…): symmetric, so the service must read it to sign. It is shown to
  -- the owner once, at creation.
  webhook_secret text not null,
  -- The feed token (wft_…) is shown once; only its SHA-256 is kept, as for API keys.
  feed_token_hash text not null unique,
  -- The origin the watch was created on: the paid URLs its events carry (jobs have no request to read it from).
  base_url text not null,
  -- Set when a delivery has exhausted its retries (a day of them); cleared by the next delivered event.
  failing_since timestamptz,
  created_at timestamptz not null default now(),
  check (
    (kind = 'ticker' and ticker is not null and cardinality(events) > 0 and query is null and publication_id is null)
    or (kind = 'query' and query is not null and terms is not null and min_confidence is not null and ticker is null and publication_id is null)
    or (kind = 'publication' and publication_id is not null and ticker is null and query is null)
  )
);

create index watches_user_idx on watches (user_id, created_at desc);
-- Matching looks watches up directly by what a post carries: its tickers, its publication.
create index watches_ticker_idx on watches (ticker) where kind = 'ticker';
create index watches_publication_idx on watches (publication_id) where kind = 'publication';

-- A topic watch's terms as the lexemes a post may hold for them (every rung of each word's ladder, in every
-- stemming): a new post's lexemes find the watches it may match with one index lookup, before any scoring.
create table watch_terms (
  lexeme text not null,
  watch_id uuid not null references watches (id) on delete cascade,
  term_index smallint not null check (term_index between 0 and 11),
  primary key (lexeme, watch_id, term_index)
);
create index watch_terms_watch_idx on watch_terms (watch_id);

-- One row per thing a watch was told, written before any delivery so it survives a restart. A post matches a watch
-- once (match_key 'post'); a call extracted from it is one more event per distinct call (match_key
-- 'call:<ticker>:<direction>:<action>'), so an edited post alerts again only for a call it did not make before.
create table watch_events (
  id uuid primary key default gen_random_uuid(),
  watch_id uuid not null references watches (id) on delete cascade,
  post_id uuid not null references posts (id) on delete cascade,
  match_key text not null check (length(match_key) between 1 and 100),
  type text not null check (type in ('post.matched', 'call.extracted')),
  payload jsonb not null,
  created_at timestamptz not null default now(),
  -- none: the watch has no webhook (feed only); pending: to be sent at next_attempt_at; delivered; failing: retries
  -- exhausted.
  delivery_status text not null check (delivery_status in ('none', 'pending', 'delivered', 'failing')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz,
  last_response_code integer,
  delivered_at timestamptz,
  unique (watch_id, post_id, match_key)
);

create index watch_events_feed_idx on watch_events (watch_id, created_at desc);
create index watch_events_due_idx on watch_events (next_attempt_at) where delivery_status = 'pending';

-- Every webhook request made for an event, as the dashboard shows it.
create table webhook_attempts (
  id bigint generated always as identity primary key,
  event_id uuid not null references watch_events (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  outcome text not null check (outcome in ('delivered', 'failed')),
  response_code integer,
  error text check (error is null or length(error) <= 500),
  duration_ms integer not null check (duration_ms >= 0)
);

create index webhook_attempts_event_idx on webhook_attempts (event_id, attempted_at desc);

alter table watches enable row level security;
alter table watch_terms enable row level security;
alter table watch_events enable row level security;
alter table webhook_attempts enable row level security;
