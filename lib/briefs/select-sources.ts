import { type SentenceEncoder, sentenceEncoder } from '@/lib/ai/text/sentence-encoder';
import { splitSentences } from '@/lib/ai/text/sentences';
import { BRIEF_DEFAULT_SOURCES } from '@/lib/api/contracts/briefs';
import { ApiError } from '@/lib/api/errors';
import type { Db, Queryable } from '@/lib/db/types';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { parseTimeWindow } from '@/lib/search/query/time-window';
import type { TopicSearchResult } from '@/lib/search/result';
import { searchPosts } from '@/lib/search/search-posts';
import { statesFigure, statesMoney } from './asked-figure';
import { statesOtherPlace } from './asked-place';
import { statesOtherTime } from './asked-time';
import { type CandidatePassages, type ClaimModel, learnedClaims } from './claim-model';
import { CLAIM_MODEL } from './claim-model-weights';
import { type ClaimPassage, readPassages } from './claims';
import { leadNeighbours, leadText } from './lead-meaning';
import { admittedClaims, closeToBest, scorePassages, THRESHOLDS, type Thresholds } from './meaning';
import { questionTopic } from './question-topic';
import { questionSubject, type Subject } from './subject';
import type { BriefInput, SourcePost, SourceSelection } from './types';

/**
 * Search is asked for six times the sources wanted, and at least 30 posts: the ones that hold no claim on the
 * question are dropped. An answer in other words than the question's is often a little further down.
 */
const CANDIDATES_PER_SOURCE = 6;
const MIN_CANDIDATES = 30;
/** Posts asked of the meaning index besides search's candidates: the judged answers it found were in its first ten. */
const LEAD_NEIGHBOURS = 10;

export interface SelectOptions {
  /** The query embedder for hybrid ranking, as search uses it; null or absent ranks lexically (fts). */
  embeddings?: EmbeddingProvider | null;
  /** Reads the passages' meaning against the question (meaning.ts); the process's model unless a test passes another. */
  encoder?: SentenceEncoder;
  /** Also score each post's lead against the question, which the learned claim test reads (claim-model.ts). */
  leads?: boolean;
  now?: Date;
}

/**
 * The posts a brief reads: topic search's own ranking, time phrases and tiers over the question (the `window`
 * phrase in place of any the question holds), among the given publications; of those, the ones holding a claim on the
 * question (claims.ts finds the passages that name its subject, meaning.ts admits the ones that say what it asks),
 * in search's rank order, at most `maxSources`, each with its claims: none, and the question is one the posts do not
 * answer. Deterministic for the same input, corpus and clock, which is what lets a 402 quote name them.
 */
export async function selectSources(db: Db, input: BriefInput, options: SelectOptions = {}): Promise<SourceSelection> {
  const wanted = input.maxSources ?? BRIEF_DEFAULT_SOURCES;
  const { subject, candidates, timeWindow } = await readCandidates(db, input, options);
  return { question: input.question, sources: chooseSources(subject, candidates, wanted), timeWindow };
}

/**
 * How claims are admitted: by the thresholds by evidence (meaning.ts), which the service uses; by the learned model
 * (claim-model.ts); or `gated`, the rules' claims that the model also admits. The learned test did not beat the rules
 * on leave-one-batch-out (docs/briefs.md), so it is measured (`npm run train:briefs`), not served.
 */
export type ClaimTest = 'learned' | 'rules' | 'gated';

/**
 * In search's rank order, the first `wanted` candidates that hold a claim, each with its claims: search ranks the post
 * on its whole text, the claim test reads only whether it answers (ordered by the best claim instead, the demo set's
 * recall@5 fell).
 */
export function chooseSources<P>(
  subject: Subject,
  candidates: ReadonlyArray<CandidatePassages & { post: P }>,
  wanted: number,
  test: ClaimTest = 'rules',
  model: ClaimModel = CLAIM_MODEL,
  thresholds: Thresholds = THRESHOLDS,
): Array<P & { claims: ClaimPassage[] }> {
  // A question for a quantity is answered only by a passage that states one (asked-figure.ts), for a sum of money by
  // one that states a sum, and for the
  // quantity of a time not by a passage on another year, month or quarter (asked-time.ts): a figure is of its time,
  // where a cause or an event may be told beside the month it came out in.
  const asked = subject.asksFigure ? (subject.askedTime ?? null) : null;
  const places = subject.askedPlaces ?? null;
  const answersFacets = (p: { quote: string }) =>
    (!subject.asksFigure || statesFigure(p.quote)) &&
    (!subject.asksMoney || statesMoney(p.quote)) &&
    !statesOtherTime(asked, p.quote) &&
    !statesOtherPlace(places, p.quote);
  const read =
    subject.asksFigure || asked || places
      ? candidates.map((c) => ({ ...c, passages: c.passages.filter(answersFacets) }))
      : candidates;
  const rules = () =>
    closeToBest(
      read.map((c) => c.passages),
      thresholds,
    ).map((kept) => admittedClaims(subject, kept, thresholds));
  let claims: ClaimPassage[][];
  if (test === 'rules') claims = rules();
  else if (test === 'learned') claims = learnedClaims(subject, read, model);
  else {
    // The rules' claims that the model also reads as answers.
    const learned = learnedClaims(subject, read, { ...model, margin: 1 });
    claims = rules().map((list, i) =>
      list.filter((c) => learned[i]!.some((l) => l.start === c.start && l.quote === c.quote)),
    );
  }
  const sources: Array<P & { claims: ClaimPassage[] }> = [];
  for (const [i, { post }] of candidates.entries()) {
    if (sources.length === wanted) break;
    if (claims[i]!.length > 0) sources.push({ ...post, claims: claims[i]! });
  }
  return sources;
}

/** The candidate posts of a question in search's rank order, each with its passages scored by meaning. */
export async function readCandidates(db: Db, input: BriefInput, options: SelectOptions = {}) {
  const now = options.now ?? new Date();
  const publications = input.publications?.length ? await publicationIds(db, input.publications) : null;
  const embeddings = options.embeddings ?? null;
  const wanted = input.maxSources ?? BRIEF_DEFAULT_SOURCES;
  const result = await searchPosts(
    db,
    {
      q: searchQuery(input, now),
      limit: Math.max(MIN_CANDIDATES, wanted * CANDIDATES_PER_SOURCE),
      mode: embeddings ? 'hybrid' : 'fts',
      now,
      publications,
    },
    { embeddings },
  );
  const [subject, nearest] = await Promise.all([
    questionSubject(db, input.question),
    leadNeighbours(db, input.question, { limit: LEAD_NEIGHBOURS, publications, window: result.timeWindow }),
  ]);
  const posts = await loadSources(db, interleave(result.items, nearest));
  const read = posts.map((post) => readPassages(subject, post));
  const scored = await scorePassages(
    options.encoder ?? sentenceEncoder,
    input.question,
    posts.map((post, i) => ({
      title: post.title,
      lead: options.leads ? leadText({ title: post.title, subtitle: null, bodyText: post.text }) : undefined,
      passages: read[i]!,
    })),
  );
  const candidates = posts.map((post, i) => ({
    post,
    passages: scored[i]!,
    mentions: read[i]!.length,
    sentences: splitSentences(post.text).length,
  }));
  return { subject, candidates, timeWindow: result.timeWindow };
}

/**
 * Search's candidates and the posts whose lead is nearest the question by meaning (lead-meaning.ts), taken in turn and
 * each once, so that the meaning test's budget (meaning.ts's PER_QUESTION) reaches both lists' best.
 */
function interleave(searched: readonly PostRef[], nearest: readonly PostRef[]): PostRef[] {
  const seen = new Set<string>();
  const out: PostRef[] = [];
  for (let i = 0; i < Math.max(searched.length, nearest.length); i++) {
    for (const ref of [searched[i], nearest[i]]) {
      if (!ref) continue;
      const key = `${ref.publicationSlug}/${ref.slug}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(ref);
    }
  }
  return out;
}

type PostRef = Pick<TopicSearchResult['items'][number], 'publicationSlug' | 'slug'>;

/** The question's topic as search reads it; an explicit window replaces the question's own time phrase. */
function searchQuery(input: BriefInput, now: Date): string {
  const topic = questionTopic(input.question);
  if (!input.window) return topic;
  return `${parseTimeWindow(topic, now).rest.trim()} ${input.window}`;
}

/** Publication ids of the slugs, in one read; an unknown slug is a 404 that names it (a typo is not "no sources"). */
async function publicationIds(db: Queryable, slugs: string[]): Promise<string[]> {
  const rows = await db.query<{ id: string; slug: string }>(
    'select id, slug from publications where slug = any($1::text[])',
    [slugs],
  );
  const unknown = slugs.filter((slug) => !rows.some((row) => row.slug === slug));
  if (unknown.length > 0) {
    throw new ApiError({ code: 'not_found', message: `Publication not indexed: ${unknown.join(', ')}` });
  }
  return rows.map((row) => row.id).sort();
}

/** The ranked items' posts with their text, in rank order; a post with no text has nothing to quote and is left out. */
async function loadSources(db: Queryable, items: readonly PostRef[]): Promise<Array<Omit<SourcePost, 'claims'>>> {
  if (items.length === 0) return [];
  const rows = await db.query<{
    id: string;
    publication_id: string;
    publication_slug: string;
    publication_title: string | null;
    slug: string;
    title: string;
    published_at: Date | null;
    body_text: string;
  }>(
    `select p.id, p.publication_id, pub.slug as publication_slug, pub.title as publication_title, p.slug, p.title, p.published_at, p.body_text
       from unnest($1::text[], $2::text[]) as wanted (publication_slug, post_slug)
       join publications pub on pub.slug = wanted.publication_slug
       join posts p on p.publication_id = pub.id and p.slug = wanted.post_slug`,
    [items.map((item) => item.publicationSlug), items.map((item) => item.slug)],
  );
  const byKey = new Map(rows.map((row) => [`${row.publication_slug}/${row.slug}`, row]));
  return items.flatMap((item) => {
    const row = byKey.get(`${item.publicationSlug}/${item.slug}`);
    if (!row || row.body_text.trim() === '') return [];
    return [
      {
        id: row.id,
        publicationId: row.publication_id,
        publicationSlug: row.publication_slug,
        publicationTitle: row.publication_title,
        postSlug: row.slug,
        title: row.title,
        publishedAt: row.published_at,
        text: row.body_text,
      },
    ];
  });
}
