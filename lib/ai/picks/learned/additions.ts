import { convictionOf, NAMED_POSITION, THING_OBJECT } from '@/lib/ai/picks/cues';
import type { CandidatePick } from '@/lib/ai/picks/extractor';
import { FEATURE_NAMES, type PairCandidate, type PostContext, pairCandidates } from './features';
import { groupScores, type PickModel } from './model';

const at = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);
const CUE = at('cue_any');
const TRADE_WORD = at('trade_word_near');
/**
 * The rules' precision checks, kept for the additions whatever the model says: a negated, rejected, considered,
 * conditional, dated, compared or not-owned mention, a question, a quotation, someone else's rating or trade, a
 * sponsor's line is never a call.
 */
const VETOES = (
  [
    'question',
    'quoted',
    'negated_before_cue',
    'context_clause_before_cue',
    'rejected',
    'condition',
    'dated_history',
    'others_rating',
    'compared_before',
    'not_owned_after',
    'sponsor_or_link',
    'product_article',
  ] as const
).map(at);
/**
 * Who acts: the author or a speaker in the first person, a list under the author's lead, a note's label ("Close:").
 * A speaker's turn alone is not enough: a post read as a transcript by its headings ("Disadvantages:") has turns too.
 */
const ACTORS = (['first_person_in_sentence', 'list_lead', 'item_label'] as const).map(at);
const REFERENT = at('referent');
const REFERENT_WORD = at('referent_word');
/** Words that say the author holds nothing: "no position", "watching", "we do not own". */
const NO_POSITION = /\b(?:no position|not|n['’]t|never|watch(?:ing|list)|considered|thinking about)\b/iu;
/** A plan or a condition anywhere in the sentence: "cut the position if HYG closes above $91" has not happened. */
const NOT_YET = /\b(?:if|unless|plan|planning|intend|will)\b/iu;
/** A trade in the modal before the company ("it'd be silly to buy X", "I would buy X"): a view, left to the rules. */
const MODAL_BEFORE = /\b(?:would|could|might|should|['’]d)\b/iu;
/** A verb that buys or opens; what follows it may be a thing of its own ("bought a new iPhone"). */
const BUYS = /\b(?:bought|buy|buying|added|add|adding|opened|open|picked up)\b/giu;
/** A product after its maker's name: "Garmin Vector", "Apple Watch". */
const PRODUCT_AFTER = /^\s+\p{Lu}[\p{L}\d]*/u;

/**
 * The learned step's calls the rules did not make: a company and direction the rules left out, whose pairs the model
 * scores at or above its threshold, stated by a sentence with an action cue or a word of a trade near the company that is neither a question nor negated
 * (the model never calls a bare mention). Its evidence is the best-scoring pair's sentence; every addition then passes
 * the same post-processing as the rules' calls (the evidence gate, boilerplate, quotations).
 */
export function learnedAdditions(ctx: PostContext, model: PickModel): CandidatePick[] {
  const called = new Set(ctx.rules.map((r) => `${r.ticker}|${r.direction}`));
  // A company the rules called for this speaker in one direction is not called in the other by the model: the rules
  // read the position's direction from its words ("Added 50% to the short"), the model from a label it cannot read.
  const calledBy = new Set(ctx.rules.map((r) => `${r.ticker}|${r.speaker ?? ''}`));
  const ruledSentences = new Set(ctx.rules.map((r) => r.evidenceQuote));
  const ruledParagraphs = new Set(ctx.sentences.filter((x) => ruledSentences.has(x.text)).map((x) => x.paragraph));
  const out: CandidatePick[] = [];
  for (const g of groupScores(model, pairCandidates(ctx))) {
    if (called.has(`${g.ticker}|${g.direction}`) || g.probability < model.addThreshold) continue;
    const c = g.best;
    if (calledBy.has(`${g.ticker}|${c.sentence.speaker ?? ''}`)) continue;
    const x = c.features;
    if (x[CUE] !== 1 && x[TRADE_WORD] !== 1) continue;
    if (VETOES.some((i) => x[i] === 1) || NO_POSITION.test(c.sentence.text) || NOT_YET.test(c.sentence.text)) continue;
    // The additions are stated trades; views and ratings stay the rules' to read.
    if (c.action === 'RECOMMENDATION') continue;
    const s = c.sentence.text;
    const at0 = c.mention.start - c.sentence.start;
    if (MODAL_BEFORE.test(s.slice(0, at0 >= 0 ? at0 : s.length))) continue;
    if (c.mention.via === 'name' && at0 >= 0 && PRODUCT_AFTER.test(s.slice(c.mention.end - c.sentence.start))) continue;
    if (!ACTORS.some((i) => x[i] === 1)) continue;
    // "Apple — bought a new iPhone for my daughter": the verb buys a thing of its own.
    if ((c.action === 'NEW_POSITION' || c.action === 'ADD') && buysAThing(s)) continue;
    // A pronoun in a paragraph the rules already read a call from is theirs to resolve; "our stake in Zylo Robotics"
    // names its company, known or not.
    if (
      x[REFERENT] === 1 &&
      (x[REFERENT_WORD] !== 1 || ruledParagraphs.has(c.sentence.paragraph) || NAMED_POSITION.test(s))
    )
      continue;
    // "…and Nvidia's earnings late in December. … That is why we keep the position sized modestly.": a company named
    // as a possessor is no referent (as in the rules), only ever in passing.
    if (x[REFERENT] === 1 && possessor(c.mention, ctx.text)) continue;
    if (listedElsewhere(c, ctx)) continue;
    out.push(asPick(c));
  }
  return out;
}

/** "Nvidia's earnings", "Goldman Sachs's case": the mention (which may hold its "'s") possesses what follows. */
function possessor(m: PairCandidate['mention'], text: string): boolean {
  return /['’]s?$/u.test(text.slice(m.start, m.end)) || /^(?:['’]s?|s['’])\s/u.test(text.slice(m.end, m.end + 3));
}

/** A verb that buys a thing of its own ("bought a new iPhone"), not a security. */
function buysAThing(s: string): boolean {
  for (const m of s.matchAll(BUYS)) if (THING_OBJECT.test(s.slice(m.index + m[0].length))) return true;
  return false;
}

/**
 * "RELX (LON: REL)", "CSL (ASX: CSL)": a name or US ticker written with its listing is that listing; the candidate on
 * the name is no instrument of its own. So is a name in a table's row beside its listing's cell ("Hitachi    6501.T").
 */
function listedElsewhere(c: PairCandidate, ctx: PostContext): boolean {
  const m = c.mention;
  return ctx.named.some(
    (o) =>
      o !== m &&
      o.ticker !== m.ticker &&
      (o.via === 'exchange' || o.via === 'suffix') &&
      m.via !== 'exchange' &&
      m.via !== 'suffix' &&
      ((o.start >= m.end && (o.start - m.end <= 4 || /^[ \t]+$/u.test(ctx.text.slice(m.end, o.start)))) ||
        (m.start >= o.end && (m.start - o.end <= 4 || /^[ \t]+$/u.test(ctx.text.slice(o.end, m.start))))),
  );
}

function asPick(c: PairCandidate): CandidatePick {
  const company = c.mention.company;
  return {
    ticker: c.ticker,
    tickerExchange: null,
    instrumentType: company?.type === 'ETF' ? 'ETF' : company ? 'EQUITY' : 'OTHER',
    action: c.action,
    direction: c.direction,
    authorConviction: convictionOf(c.sentence.text),
    activePick: c.action !== 'EXIT',
    evidenceQuote: c.sentence.text,
    rationaleSnippet: null,
    speaker: c.sentence.speaker,
  };
}
