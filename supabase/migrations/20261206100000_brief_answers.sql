-- The answer a research brief's wallet payment paid for, written after the payment was verified and before any money
-- moved, keyed by the quote the payment is bound to (the resource `/api/v1/briefs?quote=…`). A payer told to retry
-- the identical request (payment_pending, or a lost response) gets this answer, even if search would now pick other
-- sources. Rows are kept a week: longer than any settlement stays unresolved.
create table brief_answers (
  quote text primary key check (length(quote) <= 64),
  price_cents integer not null check (price_cents >= 0),
  description text not null,
  sales jsonb not null,
  brief jsonb not null,
  created_at timestamptz not null default now()
);
create index brief_answers_created_at_idx on brief_answers (created_at);
