-- x402 batch-settlement channels (lib/payments/batch-settlement/channel-store.ts): one row per payment channel a
-- payer opened with this service's payee, holding @x402/evm's server-side channel record (the cumulative amount
-- charged so far, the payer's latest voucher and signature, the on-chain balance and claimed total last seen, a
-- request in flight). The SDK reads and changes it only through one locked read-modify-write per channel, so every
-- instance on this database sees one order of vouchers. Amounts are atomic token units as decimal strings; the
-- numeric columns repeat the record's for queries (what is charged and not yet claimed, and since when).
create table x402_channels (
  channel_id text primary key check (channel_id ~ '^0x[0-9a-f]{64}$'),
  payer text not null,
  record jsonb not null,
  charged_cumulative numeric(78, 0) not null,
  claimed_total numeric(78, 0) not null,
  last_request_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index x402_channels_unclaimed_idx on x402_channels (last_request_at) where charged_cumulative > claimed_total;
alter table x402_channels enable row level security;
