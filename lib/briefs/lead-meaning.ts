import { sentenceEncoder } from '@/lib/ai/text/sentence-encoder';
import { splitSentences } from '@/lib/ai/text/sentences';
import { readCapabilities } from '@/lib/db/capabilities';
import type { Queryable } from '@/lib/db/types';
import type { Env } from '@/lib/env';
import type { EmbeddablePost } from '@/lib/search/embeddings/document-text';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import type { TimeWindow } from '@/lib/search/query/time-window';
import { vectorSql } from '@/lib/search/semantic/index-name';

/**
 * What a post is about, by meaning: its title and first sentence embedded with the sentence encoder (Universal
 * Sentence Encoder Lite, offline), kept beside search's vectors in post_embeddings under its own model id. A brief
 * asks it for the posts nearest its question besides search's: an answer in other words than the question's
 * ("Singapore dethrones US as world's most competitive economy", asked why the United States slipped in the
 * competitiveness rankings) shares too few words with it for search to rank it, and search's word vectors average
 * its sense away. On the real-text batches 6 and 7 most such posts were ranked 100th or lower by search, and in the
 * first ten by this.
 *
 * Built in the background after search's own index (lib/search/index/background.ts), about 10 ms a post on a quiet
 * machine; a post not yet embedded is only found by search.
 */
export const LEAD_MEANING: EmbeddingProvider = {
  id: 'use-lite:lead-v1',
  dimensions: 512,
  async embed(texts) {
    return (await sentenceEncoder.embed(texts)).map((vector) => Array.from(vector));
  },
  documentText: leadText,
};

/** The vector indexes the briefs keep besides search's: the lead meanings, unless BRIEFS_LEAD_INDEX is false. */
export function briefIndexes(config: Pick<Env, 'BRIEFS_LEAD_INDEX'>): EmbeddingProvider[] {
  return config.BRIEFS_LEAD_INDEX === false ? [] : [LEAD_MEANING];
}

/** The post's title and first sentence (at most LEAD_CHARS of it): what it is about, as its writer put it first. */
export function leadText(post: EmbeddablePost): string {
  const first = splitSentences(post.bodyText.slice(0, 2_000))[0]?.text ?? '';
  const lead = first.replace(/\s+/gu, ' ').trim().slice(0, LEAD_CHARS);
  return lead ? `${post.title.trim()}. ${lead}` : post.title.trim();
}
const LEAD_CHARS = 300;

/** Posts whose lead is nearer the question than this are not offered: below it, nothing of the judged sets answered. */
const MIN_SIMILARITY = 0.4;

export interface LeadNeighbour {
  publicationSlug: string;
  slug: string;
  similarity: number;
}

/**
 * The posts whose lead is nearest the question, nearest first: among the given publications and inside the time
 * window when there is one. None when the database has no vectors (no pgvector) or none of this model yet.
 */
export async function leadNeighbours(
  db: Queryable,
  question: string,
  options: { limit: number; publications: string[] | null; window: TimeWindow | null },
): Promise<LeadNeighbour[]> {
  if (!(await readCapabilities(db)).vector) return [];
  const [vector] = await LEAD_MEANING.embed([question]);
  const sql = vectorSql(LEAD_MEANING);
  const rows = await db.query<{ publication_slug: string; slug: string; distance: number }>(
    `select pub.slug as publication_slug, p.slug, (${sql.column} <=> $1${sql.cast}) as distance
       from post_embeddings e
       join posts p on p.id = e.post_id
       join publications pub on pub.id = p.publication_id
      where e.model = ${sql.model}
        and ($2::uuid[] is null or p.publication_id = any($2::uuid[]))
        and ($3::timestamptz is null or p.published_at >= $3::timestamptz)
        and ($4::timestamptz is null or p.published_at < $4::timestamptz)
      order by ${sql.column} <=> $1${sql.cast}
      limit $5`,
    [
      JSON.stringify(vector),
      options.publications,
      options.window?.startIso ?? null,
      options.window?.endIso ?? null,
      options.limit,
    ],
  );
  return rows
    .map((row) => ({ publicationSlug: row.publication_slug, slug: row.slug, similarity: 1 - Number(row.distance) }))
    .filter((row) => row.similarity >= MIN_SIMILARITY);
}
