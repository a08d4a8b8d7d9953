-- Daily closes for the tickers that have calls and for their benchmarks (issue 48, docs/track-record.md). One row per
-- ticker and trading day. adjusted_close is split- and dividend-adjusted as the source gives it (the only close kept:
-- outcomes are computed from it alone). source says where a row came from: 'massive' (the configured end-of-day provider) or 'demo' (the demo
-- corpus's own market model), so a record never mixes invented figures with real ones unnoticed.
create table daily_prices (
  ticker text not null,
  day date not null,
  adjusted_close double precision not null check (adjusted_close > 0),
  volume double precision,
  source text not null check (source in ('massive', 'demo')),
  fetched_at timestamptz not null default now(),
  primary key (ticker, day)
);

-- What the provider last answered for a ticker: 'ok' with closes, 'no_data' when it knows no closes for it (delisted,
-- unknown, not a US listing), 'error' with the reason. A call on a ticker without closes is counted unpriced, and this
-- says why; it also keeps the daily fetch from asking again within the day.
create table price_series (
  ticker text primary key,
  source text not null check (source in ('massive', 'demo')),
  status text not null check (status in ('ok', 'no_data', 'error')),
  message text,
  checked_at timestamptz not null default now()
);

alter table daily_prices enable row level security;
alter table price_series enable row level security;
