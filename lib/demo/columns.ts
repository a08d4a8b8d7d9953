import type { DB } from '@/lib/db/schema';

/** Columns of table, each with the SQL type that jsonb_to_recordset reads it as. */
type Casts<T extends keyof DB> = Partial<Record<keyof DB[T] & string, string>>;

// The columns the demo corpus fills in each table: its types (./types.ts) and its loader (./load.ts) follow these.

export const PUBLICATION_COLUMNS = {
  id: 'uuid',
  slug: 'text',
  title: 'text',
  description: 'text',
  site_url: 'text',
  feed_url: 'text',
  source_kind: 'text',
  platform: 'text',
  inbound_email: 'text',
  image_url: 'text',
  language: 'text',
  author_name: 'text',
  author_email: 'text',
  copyright: 'text',
  is_scoped: 'boolean',
  last_synced_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const satisfies Casts<'publications'>;

export const POST_COLUMNS = {
  id: 'uuid',
  publication_id: 'uuid',
  guid: 'text',
  slug: 'text',
  title: 'text',
  subtitle: 'text',
  description: 'text',
  url: 'text',
  author: 'text',
  image_url: 'text',
  audio_url: 'text',
  body_text: 'text',
  published_at: 'timestamptz',
  price_cents: 'integer',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const satisfies Casts<'posts'>;

export const SUMMARY_COLUMNS = {
  post_id: 'uuid',
  summary: 'text',
  model: 'text',
  created_at: 'timestamptz',
} as const satisfies Casts<'post_summaries'>;

export const PICK_COLUMNS = {
  id: 'uuid',
  call_id: 'text',
  post_id: 'uuid',
  author: 'text',
  ticker: 'text',
  ticker_exchange: 'text',
  instrument_type: 'text',
  action: 'text',
  direction: 'text',
  author_conviction: 'smallint',
  conviction_label: 'text',
  active_pick: 'boolean',
  evidence_quote: 'text',
  rationale_snippet: 'text',
  extracted_at: 'timestamptz',
  pick_day: 'date',
} as const satisfies Casts<'stock_picks'>;
