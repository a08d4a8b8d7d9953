-- Spend caps an operator or a user puts on an API key handed to an agent: at most so many cents per UTC day and per
-- UTC month, and only some products. Null: no cap. Enforced when the key pays (lib/accounts/api-keys/spend-cap.ts),
-- from the key's own debits in credit_ledger, under a lock on the key's row so that concurrent requests cannot pass
-- the cap together.
alter table api_keys
  add column daily_cap_cents integer check (daily_cap_cents between 1 and 100000000),
  add column monthly_cap_cents integer check (monthly_cap_cents between 1 and 100000000),
  add column allowed_products text[] check (
    cardinality(allowed_products) > 0
    and allowed_products <@ array['post_summary', 'stock_picks', 'research_brief']::text[]
  );

-- A capped key's spending this month, read at every paid request it makes.
create index credit_ledger_api_key_debits_idx on credit_ledger (api_key_id, created_at)
  where kind = 'debit' and api_key_id is not null;
