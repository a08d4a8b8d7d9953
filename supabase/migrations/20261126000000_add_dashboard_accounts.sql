-- The dashboard (issue 13): sign-in through next-auth over our own tables, agent session tokens a user manages,
-- and credit packs bought with Stripe Checkout.

-- next-auth's user fields live on our users rows; users are linked to sign-in providers by e-mail.
alter table users add column name text check (length(name) <= 200);
alter table users add column email_verified timestamptz;

-- One row per OAuth identity (GitHub, Google) linked to a user. Provider tokens are not kept: we only sign in.
create table auth_accounts (
  provider text not null,
  provider_account_id text not null,
  user_id uuid not null references users (id) on delete cascade,
  type text not null,
  created_at timestamptz not null default now(),
  primary key (provider, provider_account_id)
);
create index auth_accounts_user_idx on auth_accounts (user_id);
alter table auth_accounts enable row level security;

-- E-mail magic links: next-auth stores the token's hash, never the token; a link works once and expires.
create table auth_verification_tokens (
  token text primary key,
  identifier text not null,
  expires timestamptz not null
);
alter table auth_verification_tokens enable row level security;

-- Session tokens get a name and a last use, so a user can tell them apart; 'dashboard' ones belong to a browser
-- sign-in (issued at sign-in, revoked at sign-out), 'agent' ones are created by the user for an agent.
alter table session_tokens add column name text not null default 'session' check (length(name) between 1 and 100);
alter table session_tokens add column kind text not null default 'agent' check (kind in ('agent', 'dashboard'));
alter table session_tokens add column last_used_at timestamptz;
create index session_tokens_user_idx on session_tokens (user_id, created_at desc);

-- Credit reversals (a refunded or lost-dispute purchase) are a ledger kind of their own.
alter table credit_ledger drop constraint credit_ledger_kind_check;
alter table credit_ledger add constraint credit_ledger_kind_check
  check (kind in ('grant', 'purchase', 'debit', 'refund', 'reversal'));

-- A credit pack checkout: opened by the dashboard, paid (credits granted) by a Stripe event or the local checkout,
-- then possibly reversed. payment_intent_id links refunds and disputes back to it.
create table credit_purchases (
  checkout_session_id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  pack_id text not null,
  amount_cents integer not null check (amount_cents > 0),
  credits_cents integer not null check (credits_cents > 0),
  -- 'stripe' or 'local' (the labelled test checkout of the embedded default)
  processor text not null check (processor in ('stripe', 'local')),
  status text not null default 'open' check (status in ('open', 'paid', 'expired')),
  payment_intent_id text unique,
  reversed_cents integer not null default 0 check (reversed_cents >= 0),
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index credit_purchases_user_idx on credit_purchases (user_id, created_at desc);
alter table credit_purchases enable row level security;

-- Stripe events already applied: a replayed or concurrently redelivered event is applied once.
create table stripe_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
alter table stripe_events enable row level security;

-- Publishers see the sales of their own publications on the dashboard (operators see all of them).
create table publication_members (
  publication_id uuid not null references publications (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (publication_id, user_id)
);
create index publication_members_user_idx on publication_members (user_id);
alter table publication_members enable row level security;

-- The dashboard's usage page filters a user's payments by day; its sales page groups sales by day.
create index sales_post_idx on sales (post_id, created_at desc);

-- Secrets the service generates for itself when none is configured (the sign-in cookie key), shared by every
-- instance on this database.
create table service_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
alter table service_secrets enable row level security;
