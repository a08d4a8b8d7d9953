-- The request id of a paid answer (its X-Request-Id), so that an agent reading its ledger over the API
-- (GET /api/v1/account/ledger) can match each charge to the response it paid for. Null for payments recorded before
-- this column, and for answers served without a request id (in-process calls).
alter table payments add column request_id text check (length(request_id) <= 200);
