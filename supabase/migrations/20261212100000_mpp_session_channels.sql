-- MPP tempo.session channels (lib/payments/mpp-session/channel-store.ts): one row per TIP-1034 payment channel a payer
-- opened with this service's payee, holding mppx's server-side channel record (the highest voucher and its
-- signature, what was spent of it, what was settled on chain, a pending close, finalized). mppx reads and changes it
-- only through one locked read-modify-write per channel, so every instance on this database sees one order of
-- vouchers and charges. Amounts are atomic token units; the numeric columns repeat the record's for queries (what is
-- spent and not yet settled, and since when).
create table mpp_session_channels (
  channel_id text primary key check (channel_id ~ '^0x[0-9a-f]{64}$'),
  payer text not null,
  record jsonb not null,
  spent numeric(78, 0) not null,
  settled numeric(78, 0) not null,
  finalized boolean not null,
  last_charge_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mpp_session_channels_unsettled_idx on mpp_session_channels (last_charge_at)
  where spent > settled and not finalized;
alter table mpp_session_channels enable row level security;
