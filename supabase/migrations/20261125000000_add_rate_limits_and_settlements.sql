-- The rate limits' state (lib/rate-limits, GCRA): per bucket (policy and client) the theoretical arrival time of the
-- next request, shared by every instance on this database. Rows long in the past are swept by the service.
create table rate_limit_buckets (
  bucket text primary key,
  tat timestamptz not null
);
alter table rate_limit_buckets enable row level security;

-- When a summary was last asked for: repeated unpaid requests for a not-ready post send the generation event again
-- only after a pause, not on every request.
alter table summary_requests add column last_sent_at timestamptz;

-- Wallet settlements whose outcome is not known yet (lib/payments/settlements): written before the facilitator is
-- asked to settle, so a timeout or a crash leaves a row to reconcile instead of money taken and forgotten. 'pending'
-- rows are reconciled by the payments-reconcile job or by the payer retrying the identical request; 'settled' ones
-- are delivered on that retry (payments.unique_key then holds the same key).
create table wallet_settlements (
  unique_key text primary key,
  protocol text not null check (protocol in ('x402')),
  status text not null check (status in ('pending', 'settled', 'failed')),
  resource text not null,
  amount_cents integer not null,
  network text not null,
  payer text,
  transaction text,
  payment_payload jsonb not null,
  payment_requirements jsonb not null,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index wallet_settlements_open_idx on wallet_settlements (updated_at) where status = 'pending';
alter table wallet_settlements enable row level security;

-- Settled payments whose record could not be written when they were taken: kept here (or, if the database itself
-- failed, in DATA_DIR/payment-outbox.jsonl) until the reconcile job records them.
create table payment_outbox (
  unique_key text primary key,
  record jsonb not null,
  last_error text,
  created_at timestamptz not null default now(),
  recorded_at timestamptz
);
alter table payment_outbox enable row level security;
