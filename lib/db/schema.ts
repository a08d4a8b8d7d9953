// Generated from supabase/migrations by `npm run db:types` (scripts/generate-db-schema.ts): do not edit.
// tests/db/db-schema.test.ts fails when this file and the migrations disagree.
import type { ColumnType } from 'kysely';

/** A column an insert may leave out (a default or an identity); unlike Kysely's own, it also wraps a ColumnType. */
export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

/** Read as a Date; written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** Parsed by the driver on the way out; written as JSON text or a value the driver serializes. */
export type Json = ColumnType<unknown, unknown, unknown>;

export interface AllowanceWeeksTable {
  user_id: string;
  week_start: Timestamp;
  limit_cents: number;
  spent_cents: Generated<number>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: Generated<string>;
  key_hash: string;
  display_prefix: string;
  created_at: Generated<Timestamp>;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  daily_cap_cents: number | null;
  monthly_cap_cents: number | null;
  allowed_products: string[] | null;
  scopes: Generated<string[]>;
}

export interface AuthAccountsTable {
  provider: string;
  provider_account_id: string;
  user_id: string;
  type: string;
  created_at: Generated<Timestamp>;
}

export interface AuthVerificationTokensTable {
  token: string;
  identifier: string;
  expires: Timestamp;
}

export interface BriefAnswersTable {
  quote: string;
  price_cents: number;
  description: string;
  sales: Json;
  brief: Json;
  created_at: Generated<Timestamp>;
}

export interface CreditBalancesTable {
  user_id: string;
  purchased_cents: Generated<number>;
  updated_at: Generated<Timestamp>;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: string;
  source: string;
  kind: string;
  delta_cents: number;
  balance_after_cents: number;
  ledger_key: string;
  api_key_id: string | null;
  description: string | null;
  created_at: Generated<Timestamp>;
}

export interface CreditPurchasesTable {
  checkout_session_id: string;
  user_id: string;
  pack_id: string;
  amount_cents: number;
  credits_cents: number;
  processor: string;
  status: Generated<string>;
  payment_intent_id: string | null;
  reversed_cents: Generated<number>;
  created_at: Generated<Timestamp>;
  paid_at: Timestamp | null;
}

export interface DailyPricesTable {
  ticker: string;
  day: Timestamp;
  adjusted_close: number;
  volume: number | null;
  source: string;
  fetched_at: Generated<Timestamp>;
}

export interface InboundMessagesTable {
  message_id: string;
  publication_id: string;
  post_id: string | null;
  raw_key: string;
  received_at: Generated<Timestamp>;
  error: string | null;
  failed_at: Timestamp | null;
}

export interface InboundSendersTable {
  sender: string;
  publication_id: string;
  mapped_by: Generated<string>;
  created_at: Generated<Timestamp>;
}

export interface JobRunsTable {
  id: Generated<string>;
  function_id: string;
  event_name: string;
  event_data: Generated<Json>;
  dedupe_key: string | null;
  status: Generated<string>;
  attempts: Generated<number>;
  max_attempts: number;
  run_after: Generated<Timestamp>;
  lease_until: Timestamp | null;
  last_error: string | null;
  output: Json | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  finished_at: Timestamp | null;
}

export interface JobSchedulesTable {
  function_id: string;
  last_fired_at: Timestamp;
}

export interface JobStepsTable {
  run_id: string;
  step_id: string;
  output: Json | null;
  created_at: Generated<Timestamp>;
}

export interface MppSessionChannelsTable {
  channel_id: string;
  payer: string;
  record: Json;
  spent: string;
  settled: string;
  finalized: boolean;
  last_charge_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface PaymentOutboxTable {
  unique_key: string;
  record: Json;
  last_error: string | null;
  created_at: Generated<Timestamp>;
  recorded_at: Timestamp | null;
}

export interface PaymentReplayKeysTable {
  key: string;
  value: string;
  expires_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface PaymentsTable {
  id: Generated<string>;
  protocol: string;
  unique_key: string;
  amount_cents: number;
  spend_source: string | null;
  method: string | null;
  network: string | null;
  payer: string | null;
  reference: string | null;
  user_id: string | null;
  api_key_id: string | null;
  http_method: string;
  resource: string;
  delivered: Generated<boolean>;
  failure: string | null;
  created_at: Generated<Timestamp>;
  request_id: string | null;
}

export interface PickExtractionsTable {
  post_id: string;
  content_hash: string;
  generator: string;
  pick_count: number;
  extracted_at: Generated<Timestamp>;
}

export interface PostEmbeddingsTable {
  post_id: string;
  model: string;
  embedding: string;
  created_at: Generated<Timestamp>;
}

export interface PostFailuresTable {
  post_id: string;
  stage: string;
  error: string;
  attempts: Generated<number>;
  first_failed_at: Generated<Timestamp>;
  last_failed_at: Generated<Timestamp>;
  next_retry_at: Timestamp;
}

export interface PostSummariesTable {
  post_id: string;
  summary: string;
  model: string;
  created_at: Generated<Timestamp>;
  content_hash: string | null;
  generator: string | null;
}

export interface PostTickerScansTable {
  post_id: string;
  indexed_at: Timestamp;
}

export interface PostTickersTable {
  post_id: string;
  ticker: string;
  mentions: number;
}

export interface PostsTable {
  id: Generated<string>;
  publication_id: string;
  guid: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  url: string;
  author: string | null;
  image_url: string | null;
  audio_url: string | null;
  body_text: Generated<string>;
  published_at: Timestamp | null;
  price_cents: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  search_vector: string | null;
  search_indexed_at: Timestamp | null;
  content_html: string | null;
  content_hash: string | null;
  language: string | null;
  text_source: string | null;
  raw_key: string | null;
  raw_content_type: string | null;
  teaser: Generated<boolean>;
  page_outcome: string | null;
  page_checked_at: Timestamp | null;
  page_feed_hash: string | null;
}

export interface PriceSeriesTable {
  ticker: string;
  source: string;
  status: string;
  message: string | null;
  checked_at: Generated<Timestamp>;
}

export interface PublicationMembersTable {
  publication_id: string;
  user_id: string;
  created_at: Generated<Timestamp>;
}

export interface PublicationsTable {
  id: Generated<string>;
  slug: string;
  title: string | null;
  description: string | null;
  site_url: string;
  feed_url: string | null;
  source_kind: string;
  platform: string | null;
  inbound_email: string | null;
  image_url: string | null;
  language: string | null;
  author_name: string | null;
  author_email: string | null;
  copyright: string | null;
  is_scoped: Generated<boolean>;
  last_synced_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  feed_credentials_encrypted: string | null;
  feed_etag: string | null;
  feed_last_modified: string | null;
  last_checked_at: Timestamp | null;
  next_poll_at: Timestamp | null;
  poll_reason: string | null;
  last_error: string | null;
  last_error_at: Timestamp | null;
  consecutive_failures: Generated<number>;
  image_raw_key: string | null;
  full_text: Generated<string>;
  page_due_at: Timestamp | null;
}

export interface RateLimitBucketsTable {
  bucket: string;
  tat: Timestamp;
}

export interface SalesTable {
  id: Generated<string>;
  payment_id: string;
  post_id: string;
  publication_id: string;
  product: string;
  share_cents: number;
  created_at: Generated<Timestamp>;
}

export interface SearchChangesTable {
  seq: Generated<number>;
  post_id: string;
  xid: Generated<string>;
  changed_at: Generated<Timestamp>;
}

export interface SearchCorpusStatsTable {
  singleton: Generated<boolean>;
  doc_count: Generated<number>;
}

export interface SearchLanguagesTable {
  language: string;
  doc_count: Generated<number>;
}

export interface SearchTermStatsTable {
  lexeme: string;
  doc_count: number;
}

export interface ServiceSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Timestamp>;
}

export interface SessionTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  name: Generated<string>;
  kind: Generated<string>;
  last_used_at: Timestamp | null;
}

export interface StockPicksTable {
  id: Generated<string>;
  call_id: string;
  post_id: string;
  author: string;
  ticker: string;
  ticker_exchange: string | null;
  instrument_type: string;
  action: string;
  direction: string;
  author_conviction: number;
  conviction_label: string;
  active_pick: Generated<boolean>;
  evidence_quote: string;
  rationale_snippet: string | null;
  extracted_at: Generated<Timestamp>;
  pick_day: Timestamp;
  created_at: Generated<Timestamp>;
  generator: string | null;
  content_hash: string | null;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Generated<Timestamp>;
}

export interface SummaryRequestsTable {
  post_id: string;
  requested_at: Generated<Timestamp>;
  request_count: Generated<number>;
  last_sent_at: Timestamp | null;
}

export interface TrackRecordCallsTable {
  publication_id: string;
  position: number;
  call: Json;
}

export interface TrackRecordInputsTable {
  singleton: Generated<boolean>;
  prices_version: Generated<number>;
}

export interface TrackRecordsTable {
  publication_id: string;
  calls_version: Generated<number>;
  computed_calls_version: number | null;
  computed_prices_version: number | null;
  computed_at: Timestamp | null;
  summary: Json | null;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  created_at: Generated<Timestamp>;
  name: string | null;
  email_verified: Timestamp | null;
}

export interface WalletSettlementsTable {
  unique_key: string;
  protocol: string;
  status: string;
  resource: string;
  amount_cents: number;
  network: string;
  payer: string | null;
  transaction: string | null;
  payment_payload: Json;
  payment_requirements: Json;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  payment_key: string | null;
}

export interface WatchEventsTable {
  id: Generated<string>;
  watch_id: string;
  post_id: string;
  match_key: string;
  type: string;
  payload: Json;
  created_at: Generated<Timestamp>;
  delivery_status: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  last_response_code: number | null;
  delivered_at: Timestamp | null;
}

export interface WatchTermsTable {
  lexeme: string;
  watch_id: string;
  term_index: number;
}

export interface WatchesTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  ticker: string | null;
  events: Generated<string[]>;
  query: string | null;
  terms: string[] | null;
  min_confidence: string | null;
  publication_id: string | null;
  webhook_url: string | null;
  webhook_secret: string;
  feed_token_hash: string;
  base_url: string;
  failing_since: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  event_id: string;
  attempted_at: Generated<Timestamp>;
  outcome: string;
  response_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface X402ChannelsTable {
  channel_id: string;
  payer: string;
  record: Json;
  charged_cumulative: string;
  claimed_total: string;
  last_request_at: Timestamp;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface DB {
  allowance_weeks: AllowanceWeeksTable;
  api_keys: ApiKeysTable;
  auth_accounts: AuthAccountsTable;
  auth_verification_tokens: AuthVerificationTokensTable;
  brief_answers: BriefAnswersTable;
  credit_balances: CreditBalancesTable;
  credit_ledger: CreditLedgerTable;
  credit_purchases: CreditPurchasesTable;
  daily_prices: DailyPricesTable;
  inbound_messages: InboundMessagesTable;
  inbound_senders: InboundSendersTable;
  job_runs: JobRunsTable;
  job_schedules: JobSchedulesTable;
  job_steps: JobStepsTable;
  mpp_session_channels: MppSessionChannelsTable;
  payment_outbox: PaymentOutboxTable;
  payment_replay_keys: PaymentReplayKeysTable;
  payments: PaymentsTable;
  pick_extractions: PickExtractionsTable;
  post_embeddings: PostEmbeddingsTable;
  post_failures: PostFailuresTable;
  post_summaries: PostSummariesTable;
  post_ticker_scans: PostTickerScansTable;
  post_tickers: PostTickersTable;
  posts: PostsTable;
  price_series: PriceSeriesTable;
  publication_members: PublicationMembersTable;
  publications: PublicationsTable;
  rate_limit_buckets: RateLimitBucketsTable;
  sales: SalesTable;
  search_changes: SearchChangesTable;
  search_corpus_stats: SearchCorpusStatsTable;
  search_languages: SearchLanguagesTable;
  search_term_stats: SearchTermStatsTable;
  service_secrets: ServiceSecretsTable;
  session_tokens: SessionTokensTable;
  stock_picks: StockPicksTable;
  stripe_events: StripeEventsTable;
  summary_requests: SummaryRequestsTable;
  track_record_calls: TrackRecordCallsTable;
  track_record_inputs: TrackRecordInputsTable;
  track_records: TrackRecordsTable;
  users: UsersTable;
  wallet_settlements: WalletSettlementsTable;
  watch_events: WatchEventsTable;
  watch_terms: WatchTermsTable;
  watches: WatchesTable;
  webhook_attempts: WebhookAttemptsTable;
  x402_channels: X402ChannelsTable;
}
