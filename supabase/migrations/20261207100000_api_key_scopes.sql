-- What an API key may read besides its own spending. A key handed to an agent reads, by default, only the account's
-- balance and its own debits and refunds: not the other keys' ids and spending, the purchases, nor the signed-in
-- user's weekly allowance. 'account:read' lets it read the whole account, as the owner's session does
-- (lib/accounts/api-keys/scopes.ts). Keys made before this migration get no scope.
alter table api_keys
  add column scopes text[] not null default '{}' check (scopes <@ array['account:read']::text[]);
