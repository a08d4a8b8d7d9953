-- The catalogue: publications, their posts, each post's synthesized summary and the stock picks extracted from it.
-- Applied in order by the app at start-up (lib/db/migrate.ts) and compatible with `supabase db push`.

-- Trigram matching ranks publication search by name, author and host, typos included.
create extension if not exists pg_trgm;

-- pgvector is optional: present in PGlite and Supabase, absent from Debian's PostgreSQL. Without it the schema still
-- applies and semantic features report themselves off (lib/db/capabilities.ts).
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'vector') then
    create extension if not exists vector;
  end if;
end
$$;

-- One row per indexed newsletter, blog or podcast. slug is the normalized host of the site: lower case, no "www.".
create table publications (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique
    check (slug = lower(slug) and slug !~ '^www\.' and length(slug) between 1 and 253),
  title text,
  description text,
  site_url text not null,
  feed_url text,
  -- where posts come from: a newsletter platform (Substack, Beehiiv, Ghost), a generic RSS/Atom feed, a podcast feed,
  -- or e-mail delivered to inbound_email
  source_kind text not null check (source_kind in ('newsletter_platform', 'rss', 'podcast', 'email')),
  platform text,
  inbound_email text unique,
  image_url text,
  language text,
  author_name text,
  author_email text,
  copyright text,
  -- curated publishers form the "scoped" search tier
  is_scoped boolean not null default false,
  last_synced_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- An article or a podcast episode. guid is the feed-level identity used to upsert; slug names it in paid URLs.
create table posts (
  id uuid primary key default gen_random_uuid(),
  publication_id uuid not null references publications (id) on delete cascade,
  guid text not null,
  slug text not null check (slug ~ '^[a-z0-9][a-z0-9-]*$' and length(slug) <= 200),
  title text not null,
  subtitle text,
  description text,
  url text not null,
  author text,
  image_url text,
  audio_url text,
  body_text text not null default '',
  published_at timestamptz,
  -- stored per-post price; null means the default post price applies (spec: 0.10 to 10.00 USD)
  price_cents integer check (price_cents between 10 and 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (publication_id, guid),
  unique (publication_id, slug)
);

-- Publication detail lists a publication's posts newest first.
create index posts_publication_recent_idx on posts (publication_id, published_at desc nulls last, created_at desc, id desc);
create index posts_published_at_idx on posts (published_at desc nulls last);

-- The paid product. A post without a row here is "not ready".
create table post_summaries (
  post_id uuid primary key references posts (id) on delete cascade,
  summary text not null check (length(summary) > 0),
  model text not null,
  created_at timestamptz not null default now()
);

-- Ticker-level calls extracted from a post.
create table stock_picks (
  id uuid primary key default gen_random_uuid(),
  -- stable identity of one extracted call, so re-extraction updates instead of duplicating
  call_id text not null unique,
  post_id uuid not null references posts (id) on delete cascade,
  author text not null,
  ticker text not null,
  ticker_exchange text,
  instrument_type text not null check (instrument_type in ('EQUITY', 'ETF', 'OPTION', 'OTHER')),
  action text not null check (action in ('NEW_POSITION', 'ADD', 'HOLD', 'RECOMMENDATION', 'REDUCE', 'EXIT')),
  direction text not null check (direction in ('LONG', 'SHORT')),
  author_conviction smallint not null check (author_conviction between 0 and 5),
  conviction_label text not null,
  active_pick boolean not null default true,
  evidence_quote text not null,
  rationale_snippet text,
  extracted_at timestamptz not null default now(),
  -- the UTC day the pick belongs to: the source article's publication day, else the extraction day
  pick_day date not null,
  created_at timestamptz not null default now()
);

create index stock_picks_day_idx on stock_picks (pick_day desc);
create index stock_picks_post_idx on stock_picks (post_id);

-- The app connects as the table owner, which bypasses row level security. Enabling it without policies keeps these
-- tables closed to Supabase's public REST roles.
alter table publications enable row level security;
alter table posts enable row level security;
alter table post_summaries enable row level security;
alter table stock_picks enable row level security;
