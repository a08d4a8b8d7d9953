import { type SentenceEncoder, similarity } from '@/lib/ai/text/sentence-encoder';
import type { ClaimPassage, ReadPassage } from './claims';
import type { Subject } from './subject';

/**
 * The claim test's second half: whether a passage says what the question asks, read by meaning. The rules
 * (claims.ts) find the passages that name the question's subject; the sentence encoder (Universal Sentence Encoder
 * Lite, offline) scores each against the question, and against the question the post's title, and a passage is a
 * claim only when question–passage similarity plus half the question–title similarity reaches the threshold its
 * evidence calls for:
 * - the rules admit it (it holds every noun phrase of the question): `rule`, which keeps out a sentence that names
 *   the subject and says something else;
 * - it names the question's names and the most specific word of its noun phrases, not the rest (`key`: "Average hourly
 *   earnings rose…", asked how much US hourly pay grew);
 * - it names the names and only other words of the noun phrases (`other`): held higher, since sentences on another
 *   side of a well-known name score high too. A passage with the names alone is never a claim: on batches 1 to 5,
 *   most such passages above any threshold said something else of the name (Modi's election, asked about India's
 *   economy).
 * A passage naming only some of the names (the post names the rest) is held `some` higher, and one the rules do not
 * admit needs a similarity of its own of at least `floor`. The thresholds were calibrated on the judged claims of
 * batches 1 to 5 (tests/briefs-eval), a few hundredths above the best-scoring passage of any question no post answers:
 * a paid answer that misses is worse than a free refusal. `other` was raised from 0.93 to 1.0 once the lead-meaning
 * index (lead-meaning.ts) brought more posts on a question's neighbours: on batches 1 to 7, of the judged passages so
 * admitted, 16 did not answer and 9 did, and between 0.93 and 1.0, 9 did not and 4 did.
 */
export interface Thresholds {
  rule: number;
  heads: number;
  key: number;
  other: number;
  /** Added to a threshold when the passage names only some of the question's names (the post names the rest). */
  some: number;
  /** Weight of the post title's similarity to the question, added to the passage's own. */
  title: number;
  /** A passage the rules do not admit needs at least this similarity of its own, whatever its post's title. */
  floor: number;
  /** An answer keeps the admitted passages within this of its best one's evidence (ANSWER_MARGIN). */
  margin: number;
}
/**
 * An answer keeps the admitted passages whose evidence is within this of the best one's, across its posts. A claim
 * far below the best said something else of the subject more often than not: on batches 1 to 7, of the judged claims
 * more than 0.15 below the best of their question, 12 did not answer and 6 did; within it, 102 answered and 22 did not
 * (the admitted passages of every candidate post, measured before this cut).
 */
export const ANSWER_MARGIN = 0.15;

export const THRESHOLDS: Thresholds = {
  rule: 0.6,
  heads: 0.7,
  key: 0.76,
  other: 1.0,
  some: 0.05,
  title: 0.5,
  floor: 0.55,
  margin: ANSWER_MARGIN,
};
/** A "why" question: a passage stating a cause scores this much higher (claims.ts's CAUSAL). */
const CAUSE_BONUS = 0.08;
/**
 * Passages read by meaning at most, per post (its best by the rules' reading) and per question (in search's rank
 * order): each costs the model about 10 ms, and the ones past these caps changed no answer on the judged batches.
 */
export const PER_POST = 4;
export const PER_QUESTION = 48;

export interface ScoredPassage extends ReadPassage {
  /** The question–passage similarity (cosine of their sentence vectors). */
  meaning: number;
  /** The question's similarity to the post's title: a post about the question backs the passage. */
  titleMeaning: number;
  /**
   * The question's similarity to the post's lead (its title and first sentence, lead-meaning.ts's leadText), when it
   * was asked for (the learned claim test reads it; the rules do not).
   */
  leadMeaning?: number;
}

export type Admission = 'rule' | 'heads' | 'meaning' | null;

/** The evidence a passage gives by meaning: its similarity to the question, and a share of its post title's. */
export function evidenceOf(passage: ScoredPassage, t: Thresholds = THRESHOLDS): number {
  return passage.meaning + t.title * passage.titleMeaning;
}

/** Each post's admitted passages that stand within the margin (ANSWER_MARGIN) of the best admitted passage of any post. */
export function closeToBest(
  posts: readonly (readonly ScoredPassage[])[],
  t: Thresholds = THRESHOLDS,
): ScoredPassage[][] {
  const admitted = posts.map((passages) => passages.filter((p) => admissionOf(p, t) !== null));
  const best = Math.max(-Infinity, ...admitted.flat().map((p) => evidenceOf(p, t)));
  return admitted.map((passages) => passages.filter((p) => evidenceOf(p, t) >= best - t.margin));
}

/** Which threshold a passage is held to, by what of the subject it names (see above); null: none, never a claim. */
export function admissionOf(passage: ScoredPassage, t: Thresholds = THRESHOLDS): Admission {
  const m = evidenceOf(passage, t);
  if (passage.rule === 'every-phrase' && m >= t.rule) return 'rule';
  if (passage.rule === 'phrase-heads' && m >= t.heads) return 'heads';
  if (!passage.names || passage.meaning < t.floor) return null;
  const some = passage.names === 'some' ? t.some : 0;
  if (passage.topic === 'key' && m >= t.key + some) return 'meaning';
  if (passage.topic === 'other' && m >= t.other + some) return 'meaning';
  return null;
}

/** The passages worth scoring of one post: the ones the rules admit first, then the ones naming the key topic word. */
export function toScore(passages: readonly ReadPassage[], room = PER_POST): ReadPassage[] {
  const rank = (p: ReadPassage) =>
    p.rule === 'every-phrase' ? 0 : p.rule ? 1 : p.topic === 'key' ? 2 : p.topic === 'other' ? 3 : 4;
  return [...passages].sort((a, b) => rank(a) - rank(b) || b.score - a.score).slice(0, Math.min(room, PER_POST));
}

/**
 * Each post's passages with their similarity to the question, and the post title's and lead's, in one call to the
 * encoder.
 */
export async function scorePassages(
  encoder: SentenceEncoder,
  question: string,
  posts: ReadonlyArray<{ title: string; lead?: string; passages: readonly ReadPassage[] }>,
): Promise<ScoredPassage[][]> {
  let room = PER_QUESTION;
  const chosen = posts.map((post) => {
    const list = toScore(post.passages, room);
    room -= list.length;
    return list;
  });
  const read = posts.filter((_, i) => chosen[i]!.length > 0);
  const texts = [
    ...chosen.flat().map((p) => p.quote),
    ...read.flatMap((post) => (post.lead === undefined ? [post.title] : [post.title, post.lead])),
  ];
  if (texts.length === 0) return chosen.map(() => []);
  const [q, ...vectors] = await encoder.embed([question, ...texts]);
  let at = 0;
  let title = chosen.flat().length;
  return chosen.map((list, i) => {
    if (list.length === 0) return [];
    const titleMeaning = similarity(q!, vectors[title++]!);
    const lead = posts[i]!.lead === undefined ? {} : { leadMeaning: similarity(q!, vectors[title++]!) };
    return list.map((p) => ({ ...p, meaning: similarity(q!, vectors[at++]!), titleMeaning, ...lead }));
  });
}

/** The claims of a post: its admitted passages, scored by meaning (and a stated cause, for a "why"), best first. */
export function admittedClaims(
  subject: Subject,
  passages: readonly ScoredPassage[],
  thresholds: Thresholds = THRESHOLDS,
): ClaimPassage[] {
  return passages
    .filter((p) => admissionOf(p, thresholds) !== null)
    .map(({ rule: _r, names: _n, topic: _t, meaning, titleMeaning: _m, leadMeaning: _l, ...p }) => ({
      ...p,
      score: meaning + (subject.asksWhy && p.causal ? CAUSE_BONUS : 0) + p.score * 0.1,
    }))
    .sort((a, b) => b.score - a.score || a.start - b.start);
}
