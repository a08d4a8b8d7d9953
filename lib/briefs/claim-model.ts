import type { ClaimPassage } from './claims';
import type { ScoredPassage } from './meaning';
import type { Subject } from './subject';

/**
 * The claim test's last step, learned: whether a passage answers the question, as the probability a logistic model
 * gives it from what the rules read of it (claims.ts: which of the subject's names and noun phrases it holds, in itself
 * or the sentence it continues; the share of the question's weight; its place in the post; a stated cause for a "why")
 * and what the sentence encoder reads (meaning.ts: its similarity to the question, its post title's and lead's, and how
 * it stands against the best passage of the question). The weights were fitted by `npm run train:briefs`
 * (scripts/train-briefs.ts) on the judged claims of the real-text batches (tests/briefs-eval): a passage judged to
 * answer, against one judged not to, one offered for a question no post answers, or one of a post not judged to
 * answer. A passage is a claim when its probability reaches the model's threshold and stands within its margin of the
 * question's best, both chosen on those batches. Measured, not served: on leave-one-batch-out it answered as many
 * questions as the rules and refused fewer of those nothing answers (docs/briefs.md), so selectSources keeps the rules.
 */
export interface ClaimModel {
  /** Feature names, in the order of `weights` (CLAIM_FEATURES when trained by this code). */
  features: readonly string[];
  /** Each feature is centred and scaled before it is weighed, as in training. */
  mean: readonly number[];
  scale: readonly number[];
  weights: readonly number[];
  bias: number;
  /** A passage is a claim from this probability on. */
  threshold: number;
  /** An answer keeps the claims within this of its best claim's probability, across its posts. */
  margin: number;
}

/** One candidate post of a question, as readCandidates gives it: its scored passages and how much of it names the subject. */
export interface CandidatePassages {
  passages: readonly ScoredPassage[];
  /** Passages of the post that name the subject or that the rules admit (claims.ts readPassages). */
  mentions: number;
  /** Sentences of the post. */
  sentences: number;
}

export const CLAIM_FEATURES = [
  'rule_every_phrase',
  'rule_phrase_heads',
  'names_all',
  'names_some',
  'topic_key',
  'topic_other',
  'share',
  'meaning',
  'title_meaning',
  'lead_meaning',
  'meaning_below_best',
  'evidence_below_best',
  'best_meaning',
  'is_title',
  'early',
  'causal_for_why',
  'asks_why',
  'figures',
  'mentions',
  'mention_share',
  'post_rank',
  'question_names',
  'meaning_x_names_all',
  'meaning_x_rule',
] as const;

const FIGURE = /\$\d|\d%|\d(?:\.\d+)?x\b|\d(?:\.\d+)? ?(?:bn|billion|million|bps|basis points)\b/u;

/** Each candidate post's passages as feature vectors (CLAIM_FEATURES order), read together: some are relative to the best. */
export function claimFeatures(subject: Subject, posts: readonly CandidatePassages[]): number[][][] {
  const all = posts.flatMap((post) => post.passages);
  const best = Math.max(0, ...all.map((p) => p.meaning));
  const evidence = (p: ScoredPassage) => p.meaning + 0.5 * p.titleMeaning;
  const bestEvidence = Math.max(0, ...all.map(evidence));
  const names = subject.concepts.some((c) => c.kind === 'name' && !c.qualifier) ? 1 : 0;
  return posts.map((post, rank) =>
    post.passages.map((p) => {
      const rule = p.rule === 'every-phrase' ? 1 : 0;
      const namesAll = p.names === 'all' ? 1 : 0;
      return [
        rule,
        p.rule === 'phrase-heads' ? 1 : 0,
        namesAll,
        p.names === 'some' ? 1 : 0,
        p.topic === 'key' ? 1 : 0,
        p.topic === 'other' ? 1 : 0,
        p.share,
        p.meaning,
        p.titleMeaning,
        p.leadMeaning ?? p.titleMeaning,
        best - p.meaning,
        bestEvidence - evidence(p),
        best,
        p.start < 0 ? 1 : 0,
        1 / (1 + p.index / 3),
        subject.asksWhy && p.causal ? 1 : 0,
        subject.asksWhy ? 1 : 0,
        FIGURE.test(p.quote) ? 1 : 0,
        Math.log1p(post.mentions),
        post.mentions / Math.max(1, post.sentences),
        1 / (1 + rank / 5),
        names,
        p.meaning * namesAll,
        p.meaning * rule,
      ];
    }),
  );
}

/** The model's probability that a passage with these features answers the question. */
export function probabilityOf(features: readonly number[], model: ClaimModel): number {
  let z = model.bias;
  for (let i = 0; i < model.weights.length; i++) {
    z += model.weights[i]! * ((features[i]! - model.mean[i]!) / model.scale[i]!);
  }
  return 1 / (1 + Math.exp(-z));
}

/**
 * Each candidate post's claims: its passages whose probability reaches the threshold and stands within the margin of
 * the question's best, best first, each scored by its probability (which orders an answer's quotes).
 */
export function learnedClaims(
  subject: Subject,
  posts: readonly CandidatePassages[],
  model: ClaimModel,
): ClaimPassage[][] {
  const features = claimFeatures(subject, posts);
  const probabilities = features.map((list) => list.map((f) => probabilityOf(f, model)));
  const best = Math.max(-Infinity, ...probabilities.flat());
  return posts.map((post, i) =>
    post.passages
      .map((p, k) => ({ p, probability: probabilities[i]![k]! }))
      .filter(({ probability }) => probability >= model.threshold && probability >= best - model.margin)
      .map(({ p, probability }) => {
        const { rule: _r, names: _n, topic: _t, meaning: _m, titleMeaning: _tm, leadMeaning: _l, ...claim } = p;
        return { ...claim, score: probability };
      })
      .sort((a, b) => b.score - a.score || a.start - b.start),
  );
}
