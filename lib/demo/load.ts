import type { Db, Queryable } from '@/lib/db/types';
import { generateCorpus } from './generate';
import type { CorpusOptions, DemoCorpus, DemoPost, DemoPublication } from './types';

export interface LoadCounts {
  publications: number;
  posts: number;
  summaries: number;
  picks: number;
}

export interface LoadOptions {
  /** Posts per INSERT statement (their summaries and picks follow in one statement each). Default 500. */
  batchSize?: number;
  /** Called after each batch with the number of posts loaded so far. */
  onProgress?(posts: number): void;
}

/*
 * Demo publications name invented feeds: their next poll is never, so the scheduled sync leaves them alone.
 *
 * Each batch is one INSERT ... SELECT FROM jsonb_to_recordset($1) per table, with the rows as a single JSON text
 * parameter. One round trip per batch is what makes 100,000 posts load quickly, and passing text (cast in SQL) rather
 * than an object keeps both drivers honest: postgres.js would JSON-encode an object bound to a jsonb parameter again.
 */

const PUBLICATIONS_SQL = `
  insert into publications (id, slug, title, description, site_url, feed_url, source_kind, platform, inbound_email,
    image_url, language, author_name, author_email, copyright, is_scoped, last_synced_at, created_at, updated_at,
    next_poll_at)
  select id, slug, title, description, site_url, feed_url, source_kind, platform, inbound_email,
    image_url, language, author_name, author_email, copyright, is_scoped, last_synced_at, created_at, updated_at,
    'infinity'::timestamptz
  from jsonb_to_recordset($1::text::jsonb) as r(id uuid, slug text, title text, description text, site_url text,
    feed_url text, source_kind text, platform text, inbound_email text, image_url text, language text,
    author_name text, author_email text, copyright text, is_scoped boolean, last_synced_at timestamptz,
    created_at timestamptz, updated_at timestamptz)`;

const POSTS_SQL = `
  insert into posts (id, publication_id, guid, slug, title, subtitle, description, url, author, image_url, audio_url,
    body_text, published_at, price_cents, created_at, updated_at)
  select id, publication_id, guid, slug, title, subtitle, description, url, author, image_url, audio_url,
    body_text, published_at, price_cents, created_at, updated_at
  from jsonb_to_recordset($1::text::jsonb) as r(id uuid, publication_id uuid, guid text, slug text, title text,
    subtitle text, description text, url text, author text, image_url text, audio_url text, body_text text,
    published_at timestamptz, price_cents integer, created_at timestamptz, updated_at timestamptz)`;

const SUMMARIES_SQL = `
  insert into post_summaries (post_id, summary, model, created_at)
  select post_id, summary, model, created_at
  from jsonb_to_recordset($1::text::jsonb) as r(post_id uuid, summary text, model text, created_at timestamptz)`;

const PICKS_SQL = `
  insert into stock_picks (id, call_id, post_id, author, ticker, ticker_exchange, instrument_type, action, direction,
    author_conviction, conviction_label, active_pick, evidence_quote, rationale_snippet, extracted_at, pick_day,
    created_at)
  select id, call_id, post_id, author, ticker, ticker_exchange, instrument_type, action, direction,
    author_conviction, conviction_label, active_pick, evidence_quote, rationale_snippet, extracted_at, pick_day,
    extracted_at
  from jsonb_to_recordset($1::text::jsonb) as r(id uuid, call_id text, post_id uuid, author text, ticker text,
    ticker_exchange text, instrument_type text, action text, direction text, author_conviction smallint,
    conviction_label text, active_pick boolean, evidence_quote text, rationale_snippet text,
    extracted_at timestamptz, pick_day date)`;

function publicationRow(p: DemoPublication) {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    description: p.description,
    site_url: p.siteUrl,
    feed_url: p.feedUrl,
    source_kind: p.sourceKind,
    platform: p.platform,
    inbound_email: p.inboundEmail,
    image_url: p.imageUrl,
    language: p.language,
    author_name: p.authorName,
    author_email: p.authorEmail,
    copyright: p.copyright,
    is_scoped: p.isScoped,
    last_synced_at: p.lastSyncedAt,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

function postRow(p: DemoPost) {
  return {
    id: p.id,
    publication_id: p.publicationId,
    guid: p.guid,
    slug: p.slug,
    title: p.title,
    subtitle: p.subtitle,
    description: p.description,
    url: p.url,
    author: p.author,
    image_url: p.imageUrl,
    audio_url: p.audioUrl,
    body_text: p.bodyText,
    published_at: p.publishedAt,
    price_cents: p.priceCents,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

async function insertBatch(tx: Queryable, batch: DemoPost[], counts: LoadCounts): Promise<void> {
  await tx.query(POSTS_SQL, [JSON.stringify(batch.map(postRow))]);
  const summaries = batch.flatMap((p) =>
    p.summary
      ? [{ post_id: p.id, summary: p.summary.summary, model: p.summary.model, created_at: p.summary.createdAt }]
      : [],
  );
  if (summaries.length > 0) await tx.query(SUMMARIES_SQL, [JSON.stringify(summaries)]);
  const picks = batch.flatMap((p) =>
    p.picks.map((k) => ({
      id: k.id,
      call_id: k.callId,
      post_id: k.postId,
      author: k.author,
      ticker: k.ticker,
      ticker_exchange: k.tickerExchange,
      instrument_type: k.instrumentType,
      action: k.action,
      direction: k.direction,
      author_conviction: k.authorConviction,
      conviction_label: k.convictionLabel,
      active_pick: k.activePick,
      evidence_quote: k.evidenceQuote,
      rationale_snippet: k.rationaleSnippet,
      extracted_at: k.extractedAt,
      pick_day: k.pickDay,
    })),
  );
  if (picks.length > 0) await tx.query(PICKS_SQL, [JSON.stringify(picks)]);
  counts.posts += batch.length;
  counts.summaries += summaries.length;
  counts.picks += picks.length;
}

/**
 * Inserts a corpus in one transaction, so a failed load leaves the catalogue as it was rather than half-seeded. Posts
 * are pulled from the corpus iterator one batch at a time: memory stays bounded by the batch size.
 */
export async function loadCorpus(db: Db, corpus: DemoCorpus, opts: LoadOptions = {}): Promise<LoadCounts> {
  const batchSize = Math.max(1, Math.floor(opts.batchSize ?? 500));
  return db.transaction(async (tx) => {
    const counts: LoadCounts = { publications: 0, posts: 0, summaries: 0, picks: 0 };
    if (corpus.publications.length > 0) {
      await tx.query(PUBLICATIONS_SQL, [JSON.stringify(corpus.publications.map(publicationRow))]);
      counts.publications = corpus.publications.length;
    }
    // One batch in flight while the next is generated: on a networked PostgreSQL the CPU-bound generation overlaps
    // the server's work. At most two batches exist at once, so memory stays bounded.
    let inFlight: Promise<void> | null = null;
    const send = (batch: DemoPost[]) => insertBatch(tx, batch, counts).then(() => opts.onProgress?.(counts.posts));
    let batch: DemoPost[] = [];
    for (const post of corpus.posts) {
      batch.push(post);
      if (batch.length >= batchSize) {
        if (inFlight) await inFlight;
        inFlight = send(batch);
        batch = [];
      }
    }
    if (inFlight) await inFlight;
    if (batch.length > 0) await send(batch);
    return counts;
  });
}

/** Generates the deterministic demo corpus for (seed, posts, now) and loads it. */
export async function seedDemoCorpus(db: Db, options: CorpusOptions, load: LoadOptions = {}): Promise<LoadCounts> {
  return loadCorpus(db, generateCorpus(options), load);
}
