-- MPP settlements join x402's in wallet_settlements (lib/payments/settlements): a row keyed by a digest of the
-- credential is written before mppx is asked to charge, so a crash between the charge and its record leaves a row the
-- reconcile job resolves from the chain. payment_key is the payments.unique_key it is recorded under: for MPP it is
-- known only from the receipt (mpp:<method>:<reference>); x402 rows leave it null and are recorded under unique_key.
alter table wallet_settlements drop constraint wallet_settlements_protocol_check;
alter table wallet_settlements add constraint wallet_settlements_protocol_check check (protocol in ('x402', 'mpp'));
alter table wallet_settlements add column payment_key text;

