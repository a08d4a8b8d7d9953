-- Request counters of the rate limits (lib/rate-limits): one row per bucket (policy and client) and fixed window,
-- shared by every instance on this database. Rows of old windows are swept by the service.
create table rate_limit_hits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start)
);
alter table rate_limit_hits enable row level security;

-- When a summary was last asked for: repeated unpaid requests for a not-ready post send the generation event again
-- only after a pause, not on every request.
alter table summary_requests add column last_sent_at timestamptz;
