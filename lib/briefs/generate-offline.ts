import type { ClaimPassage } from './claims';
import { lexemesOf } from './terms';
import type { BriefDraft, BriefGenerator, SourcePost } from './types';

export const EXTRACTIVE_BRIEF_GENERATOR = 'extractive-brief-v2';

/** Passages quoted per source at most, claims per brief at most, and the words the answer stops adding at. */
const PER_SOURCE = 2;
const MAX_CLAIMS = 10;
const WORD_BUDGET = 260;
/**
 * Two passages of different posts say the same thing, one claim with two citations, when they share this much of
 * their words and name the same figures and names: "loan growth of 5.4%" and "of 6.9%" are two claims.
 */
const SAME_CLAIM = 0.75;
const ANCHOR = /\d+(?:[.,]\d+)*%?|(?<=\s)[$\p{Lu}][\p{L}\d&.'’-]*/gu;

interface Candidate {
  source: number;
  passage: ClaimPassage;
  lexemes: Set<string>;
  /** Its figures and capitalized names (the first word aside), which a claim shared with another post must match. */
  anchors: string;
  score: number;
}

/**
 * The offline brief: each source's claim passages (claims.ts: the sentences that state something about the question's
 * subject), best first, quoted as they stand in the post. Every source gets its best claim, and a second one when it is
 * nearly as good and the answer has room; passages of different posts that say the same thing become one claim with
 * both citations. Every source is cited: the price counts sources, and none is sold without a quote.
 */
export class ExtractiveBriefGenerator implements BriefGenerator {
  readonly generator = EXTRACTIVE_BRIEF_GENERATOR;

  async draft(_question: string, sources: SourcePost[]): Promise<BriefDraft> {
    return draftExtractively(sources);
  }
}

export function draftExtractively(sources: SourcePost[]): BriefDraft {
  const ranked = sources.map((source, i) =>
    source.claims.map((passage) => ({
      source: i + 1,
      passage,
      lexemes: lexemesOf(passage.quote),
      anchors: [...new Set(passage.quote.match(ANCHOR) ?? [])].sort().join(' '),
      score: passage.score,
    })),
  );
  const claims: Claim[] = [];
  const used = new Set<Candidate>();
  let words = 0;
  for (let round = 0; round < PER_SOURCE; round++) {
    for (const list of ranked) {
      // A second passage only when it is nearly as good an answer as the source's best.
      const options = list.filter((c) => !used.has(c) && (round === 0 || c.score >= list[0]!.score * 0.6));
      const chosen = choose(options, claims, round);
      if (!chosen) continue;
      const { candidate: c, same } = chosen;
      // Every source gets its first claim; later ones only within the budget.
      if (round > 0 && !same && (words + countWords(c.passage.quote) > WORD_BUDGET || claims.length >= MAX_CLAIMS)) {
        continue;
      }
      used.add(c);
      if (same) {
        same.cited.push(c);
        continue;
      }
      claims.push({ cited: [c], lexemes: c.lexemes, anchors: c.anchors });
      words += countWords(c.passage.quote);
    }
  }
  return {
    answersQuestion: claims.length > 0,
    claims: claims.map((claim) => ({
      text: attributed(claim.cited, sources),
      citations: claim.cited.map((c) => ({ source: c.source, quote: c.passage.quote })),
    })),
  };
}

/** A claim being drafted: the sentences that state it (one per source), and the first one's words and anchors. */
interface Claim {
  cited: Candidate[];
  lexemes: Set<string>;
  anchors: string;
}

/**
 * The candidate worth quoting next, and the claim it joins if it says what one already says. A sentence that repeats
 * another post's claim in other figures or names (newsletters built from the same template do) is worth less than a
 * new point: its score is discounted by how much of its words are already claimed (maximal marginal relevance), and
 * a near copy is taken only as a source's first claim when nothing else of it answers.
 */
function choose(
  options: Candidate[],
  claims: Claim[],
  round: number,
): { candidate: Candidate; same: Claim | undefined } | null {
  let best: { candidate: Candidate; same: Claim | undefined } | null = null;
  let bestValue = -1;
  for (const c of options) {
    const same = claims.find(
      (claim) =>
        !claim.cited.some((x) => x.source === c.source) &&
        claim.anchors === c.anchors &&
        overlap(claim.lexemes, c.lexemes) >= SAME_CLAIM,
    );
    const claimed = Math.max(0, ...claims.map((claim) => overlap(claim.lexemes, c.lexemes)));
    // The same sentence in other figures is a source's claim only when it has nothing else to say, never a second one.
    const echo = !same && claimed >= SAME_CLAIM;
    if (echo && round > 0) continue;
    const value = same ? c.score : c.score * (echo ? 0.1 : 1 - 0.8 * claimed);
    if (value > bestValue) {
      best = { candidate: c, same };
      bestValue = value;
    }
  }
  return best;
}

/**
 * The claim's sentence after who says it, so each line of the answer reads on its own: the publication and date of a
 * single source ("Net Interest Notes, 2026-11-25: …"), the publications of a claim several make.
 */
function attributed(cited: Candidate[], sources: SourcePost[]): string {
  const first = cited[0]!;
  const post = sources[first.source - 1]!;
  const names = [...new Set(cited.map((c) => publicationName(sources[c.source - 1]!)))];
  const who =
    cited.length === 1
      ? `${names[0]}${post.publishedAt ? `, ${post.publishedAt.toISOString().slice(0, 10)}` : ''}`
      : names.length === 1
        ? names[0]!
        : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const speaker = first.passage.speaker && cited.length === 1 ? ` (${first.passage.speaker})` : '';
  return `${who}${speaker}: ${first.passage.quote}`;
}

function publicationName(post: SourcePost): string {
  return post.publicationTitle?.trim() || post.publicationSlug;
}

/** Share of a's words that b holds. */
function shareHeld(a: Set<string>, b: Set<string>): number {
  if (a.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / a.size;
}

/** Share of the smaller set's words that the other holds. */
function overlap(a: Set<string>, b: Set<string>): number {
  return a.size <= b.size ? shareHeld(a, b) : shareHeld(b, a);
}

function countWords(text: string): number {
  return text.split(/\s+/u).filter(Boolean).length;
}
