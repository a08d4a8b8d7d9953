import { boilerplateSpans, within } from '@/lib/ai/text/boilerplate';
import { isNotAClaim } from '@/lib/ai/text/not-a-claim';
import { displayText, type Sentence, splitSentences } from '@/lib/ai/text/sentences';
import { lexemesOf, questionTerms } from './terms';
import type { BriefDraft, BriefGenerator, SourcePost } from './types';

export const EXTRACTIVE_BRIEF_GENERATOR = 'extractive-brief-v1';

/** Sentences quoted per source at most, claims per brief at most, and the words the answer stops adding at. */
const PER_SOURCE = 2;
const MAX_CLAIMS = 10;
const WORD_BUDGET = 260;
/**
 * Two sentences of different posts say the same thing, one claim with two citations, when they share this much of
 * their words and name the same figures and names: "loan growth of 5.4%" and "of 6.9%" are two claims.
 */
const SAME_CLAIM = 0.75;
const ANCHOR = /\d+(?:[.,]\d+)*%?|(?<=\s)[$\p{Lu}][\p{L}\d&.'’-]*/gu;

/** A sentence that leans on the one before ("This is why…", "But…") reads as a non sequitur on its own. */
const LEANS_BACK =
  /^(?:this|that|these|those|it|its|they|their|them|he|she|his|her|but|and|or|so|also|which|here|there|then|still|yet|however|meanwhile|instead|otherwise|the reason|as a result|for example|in other words|in short|to be sure|of course|against (?:that|this) backdrop|with that|in that context|the (?:quarter|company|firm|stock|bank|deal|move|trade|position)\b)\b/iu;
/** A post talking about itself ("this note is about…", "here is how we think about it") rather than the subject. */
const META =
  /\b(?:this (?:note|post|piece|issue|letter|newsletter|episode)|here is|here's|below|we discussed|as discussed|we will say so)\b/iu;
const FIGURE = /\$\d|\d%|\d(?:\.\d+)?x\b|\d(?:\.\d+)? ?(?:bn|billion|million|bps|basis points)\b/u;
/** A whole sentence: opens with a capital, a digit, a currency sign or a quote, and ends with its stop. */
const WHOLE = /^[\p{Lu}\d$€£(“"‘][\s\S]*[.!](?:["”’)\]]*)$/u;
const OPENS_WITH_QUOTE = /^(?:[^:“"‘«„]{1,40}:\s*)?["“‘«„]/u;

interface Candidate {
  source: number;
  sentence: Sentence;
  lexemes: Set<string>;
  /** Its figures and capitalized names (the first word aside), which a claim shared with another post must match. */
  anchors: string;
  score: number;
  matched: number;
}

/**
 * The offline brief: for each source, the sentences that best answer the question (the question's words, weighted by
 * how rare they are among the candidate sentences, plus a little for figures), quoted as they stand in the post.
 * Sentences of different posts that say the same thing become one claim with both citations. Only whole, clean
 * sentences of the author's own are candidates: no boilerplate (sponsor reads, links), no headings, quotations of
 * others, questions or sentences that lean on the one before, so every line reads on its own and is verbatim.
 */
export class ExtractiveBriefGenerator implements BriefGenerator {
  readonly generator = EXTRACTIVE_BRIEF_GENERATOR;

  async draft(question: string, sources: SourcePost[]): Promise<BriefDraft> {
    return draftExtractively(question, sources);
  }
}

export function draftExtractively(question: string, sources: SourcePost[]): BriefDraft {
  const terms = questionTerms(question);
  const candidates = sources.map((source, i) => candidatesOf(source, i + 1));
  const all = candidates.flat();
  // idf over the candidate sentences: a word every sentence holds ("bank" in a brief on banks) tells them apart least.
  const idf = terms.map((term) => {
    const df = all.filter((c) => [...term].some((lexeme) => c.lexemes.has(lexeme))).length;
    return Math.log(1 + all.length / (1 + df));
  });
  for (const c of all) score(c, terms, idf);

  const ranked = candidates.map((list, i) => rank(list, terms, lexemesOf(sources[i]!.title)));
  const claims: Claim[] = [];
  const used = new Set<Candidate>();
  let words = 0;
  for (let round = 0; round < PER_SOURCE; round++) {
    for (const list of ranked) {
      // A second sentence only when it is nearly as good an answer as the source's best.
      const options = list.filter((c) => !used.has(c) && (round === 0 || c.score >= list[0]!.score * 0.6));
      const chosen = choose(options, claims, round);
      if (!chosen) continue;
      const { candidate: c, same } = chosen;
      // Every source gets its first claim; later ones only within the budget.
      if (round > 0 && !same && (words + countWords(c.sentence.text) > WORD_BUDGET || claims.length >= MAX_CLAIMS)) {
        continue;
      }
      used.add(c);
      if (same) {
        same.cited.push(c);
        continue;
      }
      claims.push({ cited: [c], lexemes: c.lexemes, anchors: c.anchors });
      words += countWords(c.sentence.text);
    }
  }
  // With no question word found in any source, the sources do not answer it (a question of time alone, "latest",
  // has no words to find and is answered by the posts' leads).
  const answersQuestion = terms.length === 0 || all.some((c) => c.matched > 0);
  return {
    answersQuestion,
    claims: claims.map((claim) => ({
      text: attributed(claim.cited, sources),
      citations: claim.cited.map((c) => ({ source: c.source, quote: c.sentence.text })),
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
  const speaker = first.sentence.speaker && cited.length === 1 ? ` (${first.sentence.speaker})` : '';
  return `${who}${speaker}: ${first.sentence.text}`;
}

function publicationName(post: SourcePost): string {
  return post.publicationTitle?.trim() || post.publicationSlug;
}

/** A post's sentences that can stand as a quoted claim. */
function candidatesOf(post: SourcePost, source: number): Candidate[] {
  const boilerplate = boilerplateSpans(post.text);
  const title = lexemesOf(post.title);
  return (
    splitSentences(post.text)
      .map(withoutTeaserEllipsis)
      .filter((s) => {
        const n = countWords(s.text);
        return (
          n >= 6 &&
          n <= 60 &&
          !s.quoted &&
          !s.text.includes('\n') &&
          displayText(s.text) === s.text.replace(/ {2,}/gu, ' ') &&
          WHOLE.test(s.text) &&
          !OPENS_WITH_QUOTE.test(s.text) &&
          !isNotAClaim(s.text) &&
          !within(boilerplate, s.start, s.end)
        );
      })
      .map((sentence) => ({
        source,
        sentence,
        lexemes: lexemesOf(sentence.text),
        anchors: [...new Set(sentence.text.match(ANCHOR) ?? [])].sort().join(' '),
        score: 0,
        matched: 0,
      }))
      // The title said again (a feed repeating it as the first line); a sentence that merely names the title's words, as
      // one does under a two-word title ("NVIDIA Buy"), is kept.
      .filter((c) => shareHeld(c.lexemes, title) < 0.9)
  );
}

/**
 * A feed's teaser ends its last sentence with "..." or "…" after the stop ("… belassen. ..."): the sentence is quoted
 * without it (still verbatim, a prefix of the same text).
 */
function withoutTeaserEllipsis(sentence: Sentence): Sentence {
  const match = /[.!?]["”’)\]]*(?=\s+(?:\.{3}|…)$)/u.exec(sentence.text);
  if (!match) return sentence;
  const text = sentence.text.slice(0, match.index + match[0].length);
  return { ...sentence, text, end: sentence.start + text.length };
}

function score(c: Candidate, terms: Array<Set<string>>, idf: number[]): void {
  let sum = 0;
  terms.forEach((term, i) => {
    if (![...term].some((lexeme) => c.lexemes.has(lexeme))) return;
    c.matched += 1;
    sum += idf[i]!;
  });
  const figures = FIGURE.test(c.sentence.text) ? 0.15 : 0;
  // Early sentences state a post's point; the bonus fades over the first paragraphs.
  const lead = 0.2 / (1 + c.sentence.index / 3);
  const dependent = LEANS_BACK.test(c.sentence.text) || META.test(c.sentence.text);
  c.score = (sum + figures + lead) * (dependent ? 0.4 : 1);
}

/**
 * A source's sentences worth quoting, best first: those holding a question word. With none, the lead sentence of a
 * post whose title holds one (it is about the question, in other words); a post that matched otherwise has nothing
 * to quote, rather than a line beside the point.
 */
function rank(list: Candidate[], terms: Array<Set<string>>, title: Set<string>): Candidate[] {
  const matching = list.filter((c) => c.matched > 0 || terms.length === 0);
  if (matching.length === 0) {
    const about = terms.some((term) => [...term].some((lexeme) => title.has(lexeme)));
    const lead = about ? list.find((c) => !LEANS_BACK.test(c.sentence.text) && !META.test(c.sentence.text)) : null;
    return lead ? [lead] : [];
  }
  return [...matching].sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index);
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
