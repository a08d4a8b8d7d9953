-- Accounts and money: users, their API keys and session tokens, credit ledgers, the weekly allowance, every payment
-- taken by any protocol, the sales it pays for, and the shared replay store of the wallet protocols.
-- Money rows are append-only. Balances are kept in step with the ledger by the same statement that writes the ledger
-- entry (lib/credits), and CHECK constraints make a negative balance impossible whatever the concurrency.

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email) and email like '%_@_%' and length(email) <= 320),
  created_at timestamptz not null default now()
);

-- Raw keys are shown once; only their SHA-256 is stored. display_prefix lets a user recognise a key in a list.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null default 'default' check (length(name) between 1 and 100),
  key_hash text not null unique,
  display_prefix text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_user_idx on api_keys (user_id, created_at desc);

-- Bearer session tokens of signed-in users (the dashboard and `admin session-token` issue them), stored hashed.
create table session_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);

-- Purchased credits, in US cents. The balance row changes only together with a credit_ledger entry.
create table credit_balances (
  user_id uuid primary key references users (id) on delete cascade,
  purchased_cents bigint not null default 0 check (purchased_cents >= 0),
  updated_at timestamptz not null default now()
);

-- The weekly sponsored allowance: one row per user and UTC week (Monday), spent_cents can never pass limit_cents.
create table allowance_weeks (
  user_id uuid not null references users (id) on delete cascade,
  week_start date not null,
  limit_cents integer not null check (limit_cents >= 0),
  spent_cents integer not null default 0 check (spent_cents >= 0 and spent_cents <= limit_cents),
  primary key (user_id, week_start)
);

-- Append-only history of both credit sources. ledger_key makes every entry happen once (a purchase id, a request id).
create table credit_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  source text not null check (source in ('purchased', 'sponsored')),
  kind text not null check (kind in ('grant', 'purchase', 'debit', 'refund')),
  delta_cents bigint not null check (delta_cents <> 0),
  -- balance of this source right after the entry: purchased credits, or the week's remaining allowance
  balance_after_cents bigint not null check (balance_after_cents >= 0),
  ledger_key text not null unique,
  api_key_id uuid references api_keys (id) on delete set null,
  description text,
  created_at timestamptz not null default now()
);
create index credit_ledger_user_idx on credit_ledger (user_id, id desc);

-- Every paid answer, whatever the protocol, recorded once: unique_key is the x402 authorization nonce, the MPP
-- receipt reference, the credit ledger key or the privileged request id. delivered = false marks a payment that was
-- taken but whose content could not be sent, so it is visible instead of lost.
create table payments (
  id uuid primary key default gen_random_uuid(),
  protocol text not null check (protocol in ('x402', 'mpp', 'credits', 'privileged')),
  unique_key text not null unique,
  amount_cents integer not null check (amount_cents >= 0),
  spend_source text check (spend_source in ('purchased', 'sponsored')),
  -- chain or card details: network, asset or currency, payer, transaction hash or receipt reference
  method text,
  network text,
  payer text,
  reference text,
  user_id uuid references users (id) on delete set null,
  api_key_id uuid references api_keys (id) on delete set null,
  http_method text not null,
  resource text not null,
  delivered boolean not null default true,
  failure text,
  created_at timestamptz not null default now()
);
create index payments_created_idx on payments (created_at desc);
create index payments_user_idx on payments (user_id, created_at desc);

-- What a payment bought, per source article: one sale per paid post fetch, one per distinct article of stock picks.
create table sales (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references payments (id) on delete cascade,
  post_id uuid not null references posts (id) on delete cascade,
  publication_id uuid not null references publications (id) on delete cascade,
  product text not null check (product in ('post_summary', 'stock_picks')),
  share_cents integer not null check (share_cents >= 0),
  created_at timestamptz not null default now(),
  unique (payment_id, post_id)
);
create index sales_publication_idx on sales (publication_id, created_at desc);

-- Shared replay store for the wallet protocols (mppx's AtomicStore, x402 nonces): one row per claimed key, held
-- across processes and restarts. Expired rows may be reclaimed.
create table payment_replay_keys (
  key text primary key,
  -- JSON text written by lib/payments/replay-store.ts (it carries bigints, which jsonb cannot)
  value text not null,
  expires_at timestamptz,
  created_at timestamptz not null default now()
);

-- A paid request for a post without a summary asks for one; the summary worker (jobs) consumes these.
create table summary_requests (
  post_id uuid primary key references posts (id) on delete cascade,
  requested_at timestamptz not null default now(),
  request_count integer not null default 1
);

alter table users enable row level security;
alter table api_keys enable row level security;
alter table session_tokens enable row level security;
alter table credit_balances enable row level security;
alter table allowance_weeks enable row level security;
alter table credit_ledger enable row level security;
alter table payments enable row level security;
alter table sales enable row level security;
alter table payment_replay_keys enable row level security;
alter table summary_requests enable row level security;
