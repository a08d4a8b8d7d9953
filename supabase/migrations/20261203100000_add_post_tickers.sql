-- The tickers each post names, as the mention finder reads them (lib/ai/text/tickers.ts: cashtags, "(NVDA)",
-- "NYSE: PG", "6758.T", company names, known bare tickers), so GET /api/v1/tickers/{ticker} counts the posts that
-- mention a ticker from rows instead of a word search ("NOW", "CAT" and "A" are words; "Nvidia" names NVDA).
-- Filled by lib/tickers/record-mentions.ts after each search indexing run, from the text the search indexed.

-- Which text a post's rows were read from: a post indexed again since (its text or title changed) is read again.
create table post_ticker_scans (
  post_id uuid primary key references posts (id) on delete cascade,
  indexed_at timestamptz not null
);

create table post_tickers (
  post_id uuid not null references post_ticker_scans (post_id) on delete cascade,
  ticker text not null check (length(ticker) between 1 and 20),
  mentions integer not null check (mentions > 0),
  primary key (post_id, ticker)
);

-- A ticker's posts (a few thousand at most), joined to posts for their dates.
create index post_tickers_ticker_idx on post_tickers (ticker);

-- A ticker's calls (its page, and GET /api/v1/stock-picks?ticker=), newest day first.
create index stock_picks_ticker_idx on stock_picks (ticker, pick_day desc);

alter table post_ticker_scans enable row level security;
alter table post_tickers enable row level security;
