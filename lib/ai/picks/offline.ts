import { type Sentence, splitSentences } from '@/lib/ai/text/sentences';
import { findTickerMentions, type TickerMention } from '@/lib/ai/text/tickers';
import { instrumentFor, tickerForName, tickerForOrdinaryName } from '@/lib/reference/universe';
import {
  type Action,
  COMPARED,
  CONTEXT_CLAUSE,
  type Cue,
  convictionOf,
  type Direction,
  FIRST_PERSON,
  findCues,
  isModal,
  NAMED_POSITION,
  NEGATED,
  NOT_OWNED_AFTER,
  PUT,
  postposedStatus,
  REJECTED,
  rationaleFrom,
  SUBORDINATE,
  sectionCue,
  THING_OBJECT,
  THIRD_PARTY,
} from './cues';
import type { CandidatePick, ExtractedPick, PickExtractionInput, PickExtractor } from './extractor';
import { foreignTrade } from './foreign';
import { ITEM_LEAD, leadsOf } from './leads';
import { learnedAdditions } from './learned/additions';
import type { PostContext } from './learned/features';
import { PICK_MODEL, type PickModel } from './learned/model';
import { postProcessPicks } from './post-process';
import { weakMentions } from './weak-names';

export const RULES_GENERATOR = 'rules-v12';

/**
 * The embedded default's extractor, no network. A call is a clause in which the author (first person, or the
 * understood subject of a portfolio note such as "Bought FCX at $38"), or a transcript's speaker, states an action
 * (lib/ai/picks/cues.ts: verbs in their tenses, ratings, views) on an instrument the universe resolves. The instrument
 * is the one the action governs: the mention right after the cue (and the ones listed with it), else the one before,
 * else the company a pronoun refers to ("I'm short it"). Negated, rejected, hypothetical-past and compared mentions
 * are not calls; neither are other people's trades. Measured by scripts/eval-picks.ts on tests/fixtures/picks.
 */
export class RuleBasedPickExtractor implements PickExtractor {
  readonly generator = RULES_GENERATOR;

  async extract(input: PickExtractionInput): Promise<ExtractedPick[]> {
    return extractByRules(input);
  }
}

interface Found {
  pick: CandidatePick;
  sentence: Sentence;
}

const PRIORITY: Record<Action, number> = { EXIT: 6, REDUCE: 5, ADD: 4, NEW_POSITION: 3, HOLD: 2, RECOMMENDATION: 1 };
const SKIP_SENTENCE =
  /\?["”’)]*$|^(?:disclosure|disclaimer|note|this is not|not investment advice|positions? (?:may|can|are subject)|past performance)\b|\bnot (?:investment|financial) advice\b/iu;
const PRONOUN =
  /^\s*(?:(?:on|in|of|from|out of|with|against)\s+)?(?:(?:about|roughly|around|nearly|almost)\s+)?(?:(?:some|more|half|a (?:third|quarter|fifth|tenth)|one[- ](?:third|quarter|fifth)|two[- ]thirds|\d+%|all|the rest|part|most|a bit|a little)\s+(?:of\s+)?)?(?:it|them|shares|stake|position|holding|(?:(?:the|our|my) )?(?:whole|entire|full|remaining) (?:position|stake|holding)|the (?:stock|shares|name|position|company|miner|bank|trade|ETF|fund|REIT|business)|this (?:one|name|stock|position)|that (?:one|name|stock|position)|our (?:position|stake|shares|holding))\b/iu;
/**
 * A definite description of the position ("the shares", "the stock", "the position"): unlike "it", it can refer back
 * over a whole passage to the company the passage is about ("Deere … [four sentences] … We bought the shares").
 */
/** After a view's noun, what it advises: "(our recommendation) is to buy", "(our call) remains to own". */
const ADVISED = /^\s*(?:is|was|remains)\s+to\s+(?:buy|own|accumulate|add to)(?=\s+(?:the|our|my)\b)/iu;
const DEFINITE =
  /^\s*(?:\d+(?:\.\d+)?%\s+(?=to\b))?(?:(?:on|in|of|from|out of|to)\s+)?(?:(?:about|roughly|around|nearly|almost)\s+)?(?:(?:some|more|half|a (?:third|quarter|fifth)|all|the rest|part|most)\s+(?:of\s+)?)?(?:the|our|my) (?:(?:whole|entire|full|remaining)\s+)?(?:stock|shares|position|stake|short(?![- ](?:term|run|end|side|interest|squeeze|sellers?|report)))\b/iu;
/** The word of a pair trade's short leg: "short", "against", "against a short in". */
const PAIR_SHORT = /^(?:short|against|versus|vs\.?)(?:$|\s+(?:a|an|our|the) short\b)/iu;
/** A sentence whose subject is the company it is about, by a definite description: "The stock fell", "Its shares". */
const OPENS_WITH_DESCRIPTION = /^[\s"“]*(?:the (?:stock|shares|company)|its (?:stock|shares))\b/iu;
/** A pronoun or definite description as the subject of the cue: "the shares stay in the portfolio", "and it stays". */
const SUBJECT_REFERENT =
  /(?:^|[,;:]\s*(?:and\s+|but\s+|so\s+)?|\b(?:and|but|so)\s+|\b(?:we|I)\s+(?:still\s+|now\s+)?(?:think|believe|feel|argue|would argue|are convinced|am convinced)\s+(?:that\s+)?)(?:it|the (?:shares|stock|position|stake)|this (?:one|name|stock|position)|that (?:one|name|stock|position))(?:\s+(?:still|also|now|too))?\s*$/iu;
/** What may follow a verb whose object is understood: "we added today", "we sold last week at ₩265,000". */
const BARE_END =
  /^[\s,]*(?:(?:today|yesterday|this (?:week|month|morning|quarter)|last (?:week|month|quarter)|recently|again|here|on the (?:dip|pullback|news|print)|on weakness|too|as well|in the (?:spring|summer|autumn|fall|winter)|in (?:January|February|March|April|May|June|July|August|September|October|November|December)|on (?:Monday|Tuesday|Wednesday|Thursday|Friday)|at (?:\S{0,3})?[\d.,]+|at (?:today['’]s|current|these|this|the current) (?:prices?|levels?|valuation)|after the [\w\s%-]{1,30}?|with (?:a|an) [\w\s-]{1,25}?|for now|for the moment|into (?:earnings|the print|results))\b[\s,]*)*[.!]?$/iu;
const LONG_AGO =
  /\b(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten|several|many) (?:years|decades) ago|years ago|back in (?:19|20)\d\d)\b|^\s*In (?:19|20)\d\d,? (?:we|I)\b/u;
/**
 * A trade dated by its year ("in 2021", "in March 2019") or told as what followed another ("three years later"): a
 * position's history, as a post that looks back tells it ("we sold it the next year"); today's trades are dated by the
 * week, the day or the month.
 */
const DATED =
  /\blast year\b|\b(?:in|during)\s+the\s+(?:(?:early|late)\s+)?(?:spring|summer|autumn|fall|winter|first half|second half|(?:first|second|third|fourth) quarter)\s+of\s+(?:19|20)\d\d\b|\b(?:in|during)\s+(?:(?:early|late|mid-?)\s*)?(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+)?(?:19|20)\d\d\b(?!\s*[-–]\s*\d)|\b(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a few|several|many) (?:years|decades)|a (?:year|decade)) later\b|\bthe (?:next|following) (?:year|spring|summer|autumn|fall|winter)\b/iu;
/** A time told from another one: "eighteen months later", "a week after". */
const LATER =
  /^[^.;]{0,40}?\b(?:(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|a few|several) (?:days?|weeks?|months?|years?) (?:later|after)|later that year)\b/iu;
/** A relative clause or an appositive with one of its own, after the object: ", which we…", ", a company we…". */
const AFTER_RELATIVE = /,\s+(?:which|who|whose|an?\s+(?:[\w-]+\s+){0,3}?(?:that|which|we|I)\b)[^;]*$/iu;
/** A note's heading that is a company with its ticker (or a cashtag) and a colon or dash: "Whirlpool (WHR): …". */
const COMPANY_NOTE =
  /^[\s"“]*(?:\$[A-Za-z][\w.]*|[\p{Lu}][\w.&'’-]*(?:\s+[\p{Lu}&][\w.&'’-]*){0,4}\s*\((?:[A-Z]{2,6}:\s*)?[$]?[A-Z][A-Z0-9.-]{0,9}\))\s*[:—–]\s*$/u;
/** What a trade's verb acts on when it is a security: "the June $290/$330 call spread", "more shares", "the puts". */
const SECURITY_OBJECT =
  /^\s*(?:(?:the|a|an|some|more|our|my|half|all|another|\d[\d,]*)\s+)*(?:[\w$/.&'’-]+\s+){0,4}?(?:shares|stock|calls?|puts?|call spreads?|put spreads?|spreads?|position|stake|LEAPS|options|ADRs?|units)\b/iu;
/** A cue in the past tense: "recommended", "bought", "sold", "went long". */
const PAST_TRADE = /\b(?:\w+ed|bought|sold|took|went|got|cut|put|made|held|kept|ran)\b/iu;
/** What follows a relative or subordinate word: another clause's time, not the trade's. */
const SUBORDINATE_REST = /\b(?:where|which|that|because|while|whose|when|until|though|although)\b.*$/isu;
/**
 * A condition that has not happened, before the trade: "Should it drop below $50 I would buy", "If it gets back to
 * $70, we will take a look". Not the reader's ("If you do not own it, I would buy it here"), not a want ("If I want a
 * phone-cycle stock, I own Qualcomm": what the speaker owns for it), not "even if", and a
 * colon or a dash ends the condition ("If we had to own one name: this week we bought…").
 */
const CONDITION_BEFORE =
  /(?:^|[,;(]\s*|\b(?:and|but|so|then)\s+)(?<!\beven\s)(?:if|unless|in case)\s+(?!(?:you|anything|so|not|only|necessary|needed)\b|(?:I|we) (?:want|need)\b)[^.;:—–]*$|^[\s"“]*should\s+(?!you\b)\S+[^.;:—–]*$/iu;
/** A condition after a modal trade: "I would buy it if it fell to $60" (not "if you don't own it", "if I were you"). */
const CONDITION_AFTER = /\b(?:if|unless)\s+(?!(?:you|I were you|anything|so|needed|necessary)\b)/iu;
/**
 * Someone else's rating move, told with its subject: "A Wall Street broker upgraded Home Depot to buy", "Another cut
 * Target to underweight". The author's own is in the first person, or has no subject at all ("Upgraded Etsy to Buy").
 */
const RATING_MOVE =
  /^(.*?)\b(?:upgrad(?:ed|es)|downgrad(?:ed|es)|cut|cuts|raised|raises|lowered|lowers|moved|moves|initiated|initiates|started|starts|reiterated|reiterates|resumed|resumes)\b[^.;]{0,80}?\bto\s+(?:an?\s+)?(?:strong\s+)?(?:buy|sell|hold|neutral|outperform|underperform|overweight|underweight|equal[- ]weight|market[- ]perform|sector[- ]perform|accumulate|reduce)\b/iu;
/** The subject pronoun starts its clause ("We added.", "and we sold"), not a relative clause ("the equity we shorted"). */
const OWN_CLAUSE =
  /(?:^|[,;:]|\b(?:and|so|then|but)\b)\s*(?:(?:after|before|when|once|following|on|in|at|this|last|today|yesterday|now|then|finally|also)\b[^,;]{0,30}?,?\s+)?(?:we|I)(?:['’]\w+)?(?:\s+\w+){0,3}\s*$|^\s*(?:we|I)\b[^,;]*\band\s*$/iu;
const CLAUSE_BREAK =
  /;|\s[—–]\s|\s+(?:but|while|whereas|although|though|however)\s+|,\s+(?:and|but)\s+(?=(?:we|I)\b)/giu;
/** Between two instruments one action governs: "FCX, SCCO and TECK", "Visa (V) and Moody's (MCO)". */
const CHAIN_GAP =
  /^[\s,)]*(?:,|and|&|as well as|plus|or)\s+(?:also\s+)?(?:(?:the|some|a|shares of|in|of|on|to|more|our)\s+)*(?:[A-Z][\w&'’.-]*\s+){0,4}\(?$|^\s*,\s*$/u;

function clausesOf(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let from = 0;
  for (const m of text.matchAll(CLAUSE_BREAK)) {
    // "BUY — Intuitive Surgical": a dash after a label introduces its object.
    if (/[—–]/u.test(m[0]) && text.slice(from, m.index!).trim().split(/\s+/u).length <= 2) continue;
    // "Chipotle Mexican Grill — new position": a dash after a company's name that opens the sentence, its status.
    if (/[—–]/u.test(m[0]) && from === 0 && ITEM_LEAD.test(text.slice(0, m.index!))) continue;
    out.push({ start: from, end: m.index! });
    from = m.index! + m[0].length;
  }
  out.push({ start: from, end: text.length });
  return out;
}

const SHORT_WORDS = new RegExp(
  String.raw`\bshort(?:s|ed|ing)?\b(?![- ](?:term|dated|of|squeeze|interest|sellers?))|${PUT}(?![- ](?:term|dated))`,
  'iu',
);

/** Does the clause describe a short (a short, shorting, bought puts)? Sold puts are a long, "put it on" is no put. */
function shortContext(clause: string): boolean {
  return SHORT_WORDS.test(
    clause.replace(
      new RegExp(
        String.raw`\b(?:sold|sell|selling|writing|wrote)(?:\s+[\w$.-]+){0,6}\s+(?:${PUT})|\bin short\b`,
        'giu',
      ),
      '',
    ),
  );
}

/**
 * List items under a heading that says what was done to them ("Buys", "Sells", "No change"): the index of each item's
 * first sentence, with the heading's action. A heading is a paragraph of one short sentence followed by list items;
 * the section ends at the next paragraph that is not a list item.
 */
function sectionsOf(sentences: Sentence[]): Map<number, { action: Action; dir: Direction | null }> {
  const out = new Map<number, { action: Action; dir: Direction | null }>();
  let current: { action: Action; dir: Direction | null } | null = null;
  for (const s of sentences) {
    if (s.listItem) {
      if (current) out.set(s.index, current);
    } else if (s.indexInParagraph === 0) {
      const next = sentences[s.index + 1];
      const alone = !next || next.paragraph !== s.paragraph;
      current = alone && next?.listItem && s.text.split(/\s+/u).length <= 4 ? sectionCue(s.text) : null;
    }
  }
  return out;
}

/** People a post introduces as its guests ("talks with Ana Ruiz", "joined by Ana Ruiz"): their stated calls count. */
function guestsOf(text: string, sentences: Sentence[]): Map<string, string> {
  const guests = new Map<string, string>();
  const add = (name: string) => {
    guests.set(name, name);
    const first = name.split(' ')[0]!;
    if (!guests.has(first)) guests.set(first, name);
  };
  for (const m of text.matchAll(
    /\b(?:our guest|guest|joined by|talks? with|talked with|spoke with|speaks with|interview(?:s|ed)? with|conversation with|sat down with|sits down with)\s+([A-Z][a-z]+(?: [A-Z][a-z'’-]+){0,2})/gu,
  )) {
    add(m[1]!);
  }
  for (const s of sentences) if (s.speaker) add(s.speaker);
  return guests;
}

/** A note's label of a word or two before its company: "Pressed: ", "New short: ", "Update: ". */
const SHORT_LABEL = /^[\s"“]*\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*)?\s*:\s+/u;
/** Before a mention that opens its sentence: nothing, or its company's name when the mention is the ticker after it. */
const LEADS = /^[\s"“]*(?:(?:\p{Lu}[\p{L}\p{N}.&'’-]*\s+){1,5}\(\s*(?:[A-Z]{2,6}:\s*)?)?$/u;

const NAMED_ACTOR =
  /^\s*([A-Z][a-z]+(?: [A-Z][a-z'’-]+){0,2})(?:['’]s\b[^,;]*|(?:\s+(?:has been|has|is|was|also|still|recently|now|currently|just|remains|and)){0,3})\s*$/u;

export function extractByRules(input: PickExtractionInput, model: PickModel | null = PICK_MODEL): ExtractedPick[] {
  const ctx = pairContextOf(input);
  // The learned step (lib/ai/picks/learned): calls the rules left out, scored over (company, sentence) pairs.
  const added = model ? learnedAdditions(ctx, model) : [];
  return postProcessPicks([...ctx.rules, ...added], {
    text: ctx.text,
    author: input.author,
    generator: RULES_GENERATOR,
    weakNames: ctx.weak,
  });
}

/** A post as the rules and the learned step read it: its sentences, every company it names, the rules' candidates. */
export function pairContextOf(input: PickExtractionInput): PostContext & { weak: TickerMention[] } {
  const text = typeof input.text === 'string' ? input.text : '';
  const mentions = findTickerMentions(text);
  const distinctive = weakMentions(text, mentions);
  const weak = [...distinctive, ...itemNameMentions(text, [...mentions, ...distinctive])].sort(
    (a, b) => a.start - b.start,
  );
  const title = typeof input.title === 'string' ? input.title : '';
  const rules = candidatesByRules(text, mentions, weak, title);
  const named = [...mentions, ...weak].sort((a, b) => a.start - b.start);
  return { text, title, sentences: splitSentences(text), named, rules, weak };
}

/** The rules' candidate calls, before the post-processing every generator's output passes (post-process.ts). */
export function candidatesByRules(
  text: string,
  strong: TickerMention[] = findTickerMentions(text),
  weak: TickerMention[] = weakMentions(text, strong),
  title = '',
): CandidatePick[] {
  const sentences = splitSentences(text);
  let postSubject = postSubjectOf(title, sentences, strong);
  const guests = guestsOf(text, sentences);
  // A weak mention ("I'm short Rivian") is only ever the object a cue governs: never a subject, topic or referent.
  const mentions = strong;
  const named = [...strong, ...weak].sort((a, b) => a.start - b.start);
  const found: Found[] = [];
  /** The instrument a pronoun refers to: the latest one named as a sentence's subject, else the latest named. */
  let subject = null as { mention: TickerMention; sentence: number; paragraph: number; speaker: string | null } | null;
  let latest: { mention: TickerMention; sentence: number; speaker: string | null } | null = null;
  /**
   * The company a passage is about: named as a sentence's subject, and no other named since in the speaker's turn.
   * What "the shares" refer to further on.
   */
  let topic = null as { mention: TickerMention; sentence: number; paragraph: number; speaker: string | null } | null;
  const sections = sectionsOf(sentences);
  const leads = leadsOf(sentences);
  /** Another company opened a sentence as its subject since the post's subject was last named: "it" is ambiguous. */
  let subjectChallenged = false;
  /** How often each company has been named so far: the post's subject must be named at least as often as any other. */
  const namedSoFar = new Map<string, number>();

  // Each sentence's turn in a transcript: a count of the changes of speaker before it.
  const turnOf: number[] = [];
  sentences.forEach((x, i) => {
    turnOf.push(i === 0 ? 0 : turnOf[i - 1]! + (x.speaker !== sentences[i - 1]!.speaker ? 1 : 0));
  });

  // Whether a quotation is open where each sentence begins: a quoted reader's question may run over two sentences.
  const quoteOpen = sentences.map(() => false);
  sentences.forEach((x, i) => {
    const prev = sentences[i - 1];
    if (prev && prev.paragraph === x.paragraph) quoteOpen[i] = quotedAt(prev.text, prev.text.length, quoteOpen[i - 1]!);
  });

  // A company that opens a sentence inside a paragraph still on the passage's company is named in passing (a peer,
  // a competitor): "The company has not had a year of negative traffic. Darden Restaurants reported the same week…",
  // "Active customers have shrunk. … Amazon (AMZN) keeps getting better, and PDD Holdings (PDD) …". Within its
  // paragraph it is the subject as any opener; the next paragraph goes back to what the passage was about.
  type Passage = { mention: TickerMention; sentence: number; paragraph: number; speaker: string | null } | null;
  type Referents = { subject: Passage; topic: Passage; subjectChallenged: boolean };
  let paragraphStart: Referents | null = null;
  let passingSince: Referents | null = null;
  let paragraphNamed = false;
  let paragraphOnTopic = false;

  sentences.forEach((sentence, index) => {
    if (index === 0 || sentences[index - 1]!.paragraph !== sentence.paragraph) {
      if (passingSince) {
        ({ subject, topic, subjectChallenged } = passingSince);
        latest = null;
      }
      passingSince = null;
      paragraphStart = { subject, topic, subjectChallenged };
      paragraphNamed = false;
      paragraphOnTopic = index > 0 && OPENS_WITH_DESCRIPTION.test(sentence.text);
    }
    const inSentence = named
      .filter((m) => m.start >= sentence.start && m.end <= sentence.end)
      .map((m) => ({ ...m, start: m.start - sentence.start, end: m.end - sentence.start }));
    const s = sentence.text;
    // A company named by one distinctive word is a sentence's subject where it opens the sentence before a verb
    // ("Elevance fell 9% on the day") or is the whole sentence (an answer: "Stryker."); only then can "it" or "the
    // stock" refer to it, and the evidence gate still asks for words of a security or a post about markets.
    const own = inSentence.filter((m) => !m.weak || (m === inSentence[0] && weakSubject(s, m, index === 0)));
    // In a transcript a pronoun refers within its speaker's turn, or to what the previous turn named ("Tesla is up
    // 60% since the summer. Where are you?" then "I'm short it.").
    // Only while this turn has named nothing of its own ("I'm going the other way on Super Micro. I shorted it.").
    const namedInTurn = latest !== null && turnOf[latest.sentence] === turnOf[index];
    const sameTurn = (x: { speaker: string | null; sentence: number }) =>
      x.speaker === sentence.speaker ||
      index - x.sentence <= 1 ||
      (!namedInTurn && turnOf[x.sentence] === turnOf[index]! - 1);
    const previous =
      subject && index - subject.sentence <= 3 && subject.paragraph >= sentence.paragraph - 1 && sameTurn(subject)
        ? subject.mention
        : latest && index - latest.sentence <= 2
          ? latest.mention
          : null;
    // "I finally bought it. Marvell Technology (MRVL) at $74.": the object named right after.
    const next = sentences[index + 1];
    // Only within the paragraph: the next paragraph's first company starts a new passage ("We added to the position.
    // ¶ Starbucks' turnaround is the story everyone wants").
    const following =
      next && next.speaker === sentence.speaker && next.paragraph === sentence.paragraph
        ? mentions.find(
            (m) => m.start >= next.start && m.end <= next.end && /^[\s"“]*$/u.test(text.slice(next.start, m.start)),
          )
        : undefined;
    // "The shares" may refer further back than "it", within the speaker's turn, to the company last written about.
    // The company a passage is about stays its topic over the next two paragraphs that name no other company
    // ("Caterpillar reported on Thursday. … [a paragraph on mining] … We think the shares are a buy here").
    const described =
      topic &&
      (index - topic.sentence <= 6 || sentence.paragraph - topic.paragraph <= 2) &&
      topic.speaker === sentence.speaker
        ? topic.mention
        : null;
    // In the sentence, the subject, else the company an earlier clause called ("Took profits in FIX after the stock
    // doubled; we sold 40% of the position"); else the previous sentences'.
    const referentAt = (at: number, clauseStart: number, definite: boolean): TickerMention | null => {
      const here = own.filter((m) => m.end <= at);
      const first = here[0];
      // The sentence's opener, with its name before the ticker ("Safran (SAF.PA), which builds … we recommend it").
      if (first && LEADS.test(s.slice(0, first.start))) return first;
      const called = new Set(found.filter((f) => f.sentence === sentence).map((f) => f.pick.ticker));
      // So does a later cue of the same clause: "We trimmed Advantest after the shares doubled, cutting the position
      // by a third" cuts the position just traded, not the one the paragraph before was about.
      const earlierClause = own.filter((m) => m.end <= Math.max(clauseStart, at) && called.has(m.ticker)).at(-1);
      // "it" refers to the company its paragraph, or the one before, is about; "the shares" as far as the topic goes.
      const near = described && topic && topic.paragraph >= sentence.paragraph - 1 ? described : null;
      // Last, the company the whole post is about, unless another company has since opened a sentence as its subject.
      const mostNamed = Math.max(0, ...namedSoFar.values());
      const ofPost =
        postSubject && !subjectChallenged && (namedSoFar.get(postSubject.ticker) ?? 0) >= mostNamed
          ? postSubject
          : null;
      // "The retailer we do own, TJX (TJX), keeps benefiting. We are keeping our full position.": the company the
      // author called in the sentence before, in this paragraph, after the subject was last named.
      const lastCalls = found.filter(
        (f) => f.sentence.index === index - 1 && f.sentence.paragraph === sentence.paragraph,
      );
      const justCalled =
        here.length === 0 &&
        lastCalls.length > 0 &&
        lastCalls.every((f) => f.pick.ticker === lastCalls[0]!.pick.ticker) &&
        (!subject || subject.sentence < index - 1)
          ? own.length === 0
            ? (named.find(
                (m) =>
                  m.ticker === lastCalls[0]!.pick.ticker &&
                  m.start >= sentences[index - 1]!.start &&
                  m.end <= sentences[index - 1]!.end,
              ) ?? null)
            : null
          : null;
      return (
        earlierClause ??
        justCalled ??
        previous ??
        here[here.length - 1] ??
        (definite ? described : near) ??
        following ??
        ofPost
      );
    };
    if (topic && topic.speaker !== sentence.speaker) topic = null;
    if (own.length > 0) {
      const distinct = new Set(own.map((m) => m.ticker)).size;
      const firstOfParagraph = index === 0 || sentences[index - 1]!.paragraph !== sentence.paragraph;
      const before: Referents | null = paragraphStart;
      const backTo = before?.topic?.mention ?? before?.subject?.mention ?? postSubject;
      if (
        !paragraphNamed &&
        !firstOfParagraph &&
        before &&
        backTo &&
        sentence.speaker === null &&
        (paragraphOnTopic || distinct >= 2) &&
        !own.some((m) => m.ticker === backTo.ticker)
      ) {
        passingSince = before;
      }
      paragraphNamed = true;
      const single = own.every((m) => m.ticker === own[0]!.ticker);
      // "Republic Services' new plants are a threat": a company's possession opening a sentence about the company
      // the passage is about names it in passing; the passage stays on its company.
      const inPassing = single && possessive(s, own[0]!) && topic !== null && topic.mention.ticker !== own[0]!.ticker;
      if (!inPassing) latest = { mention: own[own.length - 1]!, sentence: index, speaker: sentence.speaker };
      // "Pressed: Opendoor (OPEN).": a note's short label before the company leaves it the sentence's opener.
      const opens = LEADS.test(s.slice(0, own[0]!.start).replace(SHORT_LABEL, ''));
      // "Amazon's platform is taking budgets": a possessor is no subject a later "the short" or "it" refers to,
      // unless what it possesses is its stock ("Chipotle's shares fell").
      const possessor =
        possessive(s, own[0]!) && !/^(?:['’]s?|s['’])?\s*(?:shares|stock|ADRs?)\b/iu.test(s.slice(own[0]!.end));
      if (!inPassing && single && opens) {
        topic = { mention: own[0]!, sentence: index, paragraph: sentence.paragraph, speaker: sentence.speaker };
      } else if (!inPassing && own.some((m) => m.ticker !== topic?.mention.ticker)) topic = null;
      // "Canadian National (CNR.TO), which we have held…": a ticker after its company's name opens the sentence too.
      // Without a company in the title, the post is about the first company named, when it opens the post.
      if (postSubject === undefined) postSubject = opens && index <= 1 ? own[0]! : null;
      if (!inPassing && opens && !possessor) {
        subject = { mention: own[0]!, sentence: index, paragraph: sentence.paragraph, speaker: sentence.speaker };
      }
      const ofPost = postSubject;
      if (ofPost) {
        if (opens && !possessive(s, own[0]!) && own[0]!.ticker !== ofPost.ticker) subjectChallenged = true;
        else if (own.some((m) => m.ticker === ofPost.ticker)) subjectChallenged = false;
      }
      for (const m of own) namedSoFar.set(m.ticker, (namedSoFar.get(m.ticker) ?? 0) + 1);
    }
    // "The stock fell 12% in September. I bought it then.": a sentence about the topic by a definite description
    // makes it the subject a pronoun refers to.
    if (own.length === 0 && described && OPENS_WITH_DESCRIPTION.test(s)) {
      subject = { mention: described, sentence: index, paragraph: sentence.paragraph, speaker: sentence.speaker };
    }
    if (SKIP_SENTENCE.test(s)) return;
    // A sentence in German, French, Spanish, Portuguese or Italian (foreign.ts): the author's trade on the one
    // company it names.
    const foreign = own.length > 0 && own.every((m) => m.ticker === own[0]!.ticker) ? foreignTrade(s) : null;
    if (foreign) {
      const m = own[0]!;
      found.push({
        sentence,
        pick: {
          ticker: m.ticker,
          tickerExchange: m.via !== 'exchange' && m.via !== 'suffix' ? null : m.exchange,
          instrumentType: m.company?.type === 'ETF' ? 'ETF' : m.company ? 'EQUITY' : 'OTHER',
          action: foreign.action,
          direction: foreign.dir,
          authorConviction: convictionOf(s),
          activePick: foreign.action !== 'EXIT',
          evidenceQuote: s,
          rationaleSnippet: null,
          speaker: sentence.speaker,
        },
      });
      return;
    }
    for (const clause of clausesOf(s)) {
      const body = s.slice(clause.start, clause.end);
      const cues = findCues(body, clause.start, clause.start === 0);
      const inClause = inSentence.filter((m) => m.start >= clause.start && m.end <= clause.end);
      // An item under "Buys", "Sells" or "No change" that states no action of its own takes its heading's.
      const section = clause.start === 0 ? sections.get(index) : undefined;
      const first = inClause[0];
      if (section && first && !cues.some((c) => c.kind === 'label' || c.start <= first.end + 2)) {
        cues.unshift({ ...section, start: 0, end: 0, kind: 'label', option: false });
      }
      // An item under a first-person lead ("We made three changes this week:"): the lead's actor is the item's, and
      // an item that states no action of its own takes the lead's ("I sold these:" then "Nike").
      const lead = clause.start === 0 ? leads.get(index) : undefined;
      // "Eli Lilly: increased to 6%": a status after the item's company, as after a company with its ticker.
      // "$CRWD starter, 1/3 size", "AMAT unchanged": a cashtag or a bare ticker needs no separator before its status.
      const itemName =
        lead && first
          ? (/^[^:—–]{1,60}[:—–]\s*/u.exec(body) ?? /^(?:\$[A-Za-z][\w.]*|[A-Z]{2,5})\s+/u.exec(body))
          : null;
      const status =
        itemName && ITEM_LEAD.test(itemName[0]) ? postposedStatus(body.slice(itemName[0].length), true) : null;
      if (status && first && cues.length === 0) {
        cues.unshift({ ...status, start: itemName![0].length, end: itemName![0].length, kind: 'label', option: false });
      }
      if (lead?.action && first && !section && !cues.some((c) => c.start <= first.end + 2 || c.kind === 'label')) {
        cues.unshift({ action: lead.action, dir: lead.dir, start: 0, end: 0, kind: 'label', option: false });
      }
      if (othersRating(body)) continue;
      cues.forEach((cue, c) => {
        const before = s.slice(clause.start, cue.start);
        if (NEGATED.test(before) || CONTEXT_CLAUSE.test(before)) return;
        // A reader's or someone else's words in quotation marks: their first person is not the author's.
        if (quotedAt(s, cue.start, quoteOpen[index]!)) return;
        const upTo = cues[c + 1]?.start ?? clause.end;
        // A trade under a condition that has not happened: a hypothetical, not a call.
        if (CONDITION_BEFORE.test(before) || (isModal(before) && CONDITION_AFTER.test(s.slice(cue.end, upTo)))) return;
        // A position's history dated by its year: "we sold it in 2021", "bought in 2017 and sold three years later";
        // a trade told in the past tense, its date not in a clause of its own ("short X, where the 2027 debt…").
        // Only a subordinate clause after the cue is another clause's time; one that holds the cue ("Peloton, which
        // we bought in early 2021") dates it.
        const span =
          s.slice(cues[c - 1]?.end ?? clause.start, cue.end) + s.slice(cue.end, upTo).replace(SUBORDINATE_REST, '');
        // "My worst one was shorting GameStop in January 2021": a trade told as what the past was, in the gerund.
        const pastTrade =
          PAST_TRADE.test(s.slice(cue.start, cue.end)) ||
          (/ing\b/iu.test(s.slice(cue.start, cue.end)) && /\b(?:was|were)\s+(?:\w+\s+)?$/iu.test(before));
        if (pastTrade && DATED.test(span)) return;
        // "In the autumn of 2020 we bought Zoom … and sold it eighteen months later": a trade told as what followed
        // a dated one is dated too.
        if (pastTrade && DATED.test(s.slice(0, cue.start)) && LATER.test(s.slice(cue.end, upTo))) return;
        // "I own no Tesla shares", "we hold no position in Lucid": the cue's object is negated.
        if (/^\s+(?:no|none|neither|nothing)\b/iu.test(s.slice(cue.end, clause.end))) return;
        // "growing faster than we like": a comparison, not a view.
        if (/\b(?:than|as)\s*$/iu.test(before)) return;
        // A position's history, not today's call: "we sold it two years ago", "in 2023 we bought".
        // A relative clause or an appositive after the trade keeps its own time: "we are opening a position in
        // Intuitive Surgical, a company we wish we had owned ten years ago" is today's trade.
        const ownTime = s.slice(clause.start, cue.end) + s.slice(cue.end, clause.end).replace(AFTER_RELATIVE, '');
        if (LONG_AGO.test(ownTime)) return;
        if (REJECTED.test(s) && /\b(?:but|however|though|yet)\b/iu.test(s.slice(cue.end))) return;
        // "Covering" is a trade only where a short is in view: reporters cover an event, analysts a stock.
        const cueText = s.slice(cue.start, cue.end);
        if (cue.kind === 'verb' && /^cover/iu.test(cueText) && !/\bshort/iu.test(cueText)) {
          const before2 = sentences[index - 1]?.paragraph === sentence.paragraph ? sentences[index - 1]!.text : '';
          if (!/\bshort(?:s|ed|ing)?\b/iu.test(`${before2} ${s}`)) return;
        }
        const guest = guests.get(NAMED_ACTOR.exec(s.slice(clause.start, cues[0]!.start))?.[1] ?? '') ?? null;
        // "Walmart: trimmed by a third" under a first-person lead, "MMM: sold all 45 shares" under "Sales": the
        // company, then the author's action on it; not
        // "Apple — bought a new iPhone", whose verb has a thing of its own as its object.
        const leadActor =
          Boolean((lead || section) && ITEM_LEAD.test(before)) &&
          !((cue.action === 'NEW_POSITION' || cue.action === 'ADD') && THING_OBJECT.test(s.slice(cue.end, clause.end)));
        // A pair's short leg has its long leg's actor: "Long Home Depot against Lowe's", "we are long X, short Y".
        const cueWord = s.slice(cue.start, cue.end);
        const longLeg = PAIR_SHORT.test(cueWord) ? before.toLowerCase().lastIndexOf('long ') : -1;
        const actorBefore = longLeg >= 0 ? before.slice(0, longLeg) : before;
        // "Vulcan Materials (VMC): bought the June call spread": a note headed by the company, with its ticker, whose
        // verb acts on a security or on nothing named (not "Costco (COST): bought a distributor").
        const afterCue = s.slice(cue.end, clause.end);
        // Not among the items of someone else's list ("Three changes in the Pershing Square portfolio:"): a list's
        // items have the actor of their lead, and a lead that is not the author's gives none.
        const prior = sentences[index - 1];
        const unledItem = !lead && (sentence.listItem || Boolean(prior && /:\s*$/u.test(prior.text)));
        const companyNote =
          clause.start === 0 &&
          !unledItem &&
          COMPANY_NOTE.test(before) &&
          (cue.option || BARE_END.test(afterCue) || SECURITY_OBJECT.test(afterCue));
        if (
          !guest &&
          !leadActor &&
          !companyNote &&
          !actorOk(cue, actorBefore, cueWord, body, sentence, clause.start === 0)
        )
          return;
        let action: Action = cue.action;
        let dir: Direction | null = cue.dir ?? (leadActor && lead?.dir === 'SHORT' ? 'SHORT' : null);
        // A rating or coverage without a direction of its own: a sell rating is short, any other long.
        if (action === 'RECOMMENDATION' && dir === null) {
          dir = /\b(?:sell|underperform|underweight)\b/iu.test(s.slice(cue.start, clause.end)) ? 'SHORT' : 'LONG';
        }
        if (cue.kind === 'verb' && isModal(before)) {
          if (action === 'NEW_POSITION' || action === 'ADD') action = 'RECOMMENDATION';
          else if (action === 'EXIT') {
            action = 'RECOMMENDATION';
            dir ??= 'SHORT';
          }
        }
        const nextCue = cues[c + 1]?.start ?? clause.end;
        const targets = cue.adjacent ? subjectOf(s, cue, clause.start, inClause) : governed(s, cue, nextCue, inClause);
        let chosen = targets;
        const rest = s.slice(cue.end, clause.end);
        // "We sold the position": the cue may have taken the article ("sold the").
        // "Our recommendation is to buy the shares below $170": a view told as what it advises, on the shares.
        const advised = cue.kind === 'view' && FIRST_PERSON.test(before) ? rest.replace(ADVISED, '') : rest;
        const definite =
          DEFINITE.test(advised) ||
          (/\b(?:the|our|my)\s*$/iu.test(cueText) &&
            /^\s*(?:(?:whole|entire|full|remaining)\s+)?(?:stock|shares|position|stake)\b/iu.test(rest));
        // "the shares stay in the portfolio": a pronoun subject of a hold or a view (a verb's is the company acting).
        const subjectReferent = cue.kind !== 'verb' && SUBJECT_REFERENT.test(before);
        // "We think the shares are a buy": a definite description as the subject refers as far as one as the object.
        const describedSubject =
          subjectReferent && /\b(?:the|this|that) (?:shares|stock|position|stake)\s*$/iu.test(before);
        // "I added to the position": the cue itself names the position it acts on.
        const ownObject =
          /\b(?:(?:the|our|my) (?:\w+ )?(?:short|long|position|stake|holding)(?: position)?|it|them)$/iu.test(cueText);
        // "We added to the position", like "we bought the shares", refers as far back as the passage's company.
        const namesPosition = ownObject && !/\b(?:it|them)$/iu.test(cueText);
        const referent =
          chosen.length === 0
            ? referentAt(cue.start, clause.start, definite || describedSubject || namesPosition)
            : null;
        const understood =
          BARE_END.test(rest) &&
          (OWN_CLAUSE.test(before) || /^(?:[Ww]e|I)\b/u.test(cueText)) &&
          FIRST_PERSON.test(`${before}${cueText}`);
        // "We sold our whole position in Zylo Robotics": the position is in a company it names, known or not.
        const namedObject = NAMED_POSITION.test(`${cueText}${rest}`.slice(0, 80));
        const byReferent = Boolean(
          referent &&
            !namedObject &&
            (((PRONOUN.test(rest) || definite || ownObject) && !cue.adjacent) || understood || subjectReferent),
        );
        if (byReferent) chosen = [referent!];
        // "Eli Lilly (LLY): opened a new plant in Ohio": the company before the verb, a thing of its own after it.
        if (
          (action === 'NEW_POSITION' || action === 'ADD') &&
          THING_OBJECT.test(rest.replace(/^\s*/u, ' ')) &&
          chosen.every((m) => m.end <= cue.start)
        ) {
          chosen = [];
        }
        for (const m of chosen) {
          // "We're short the stock and we pressed it": a pronoun's call keeps the direction its sentence set up, or
          // the one an earlier call in the post gave the position ("We are short the stock. … we added to it").
          const short =
            shortContext(s.slice(cue.start, nextCue)) ||
            (byReferent && (shortContext(s.slice(0, cue.start)) || shortBefore(found, m.ticker, sentence.speaker)));
          const direction = dir ?? (short ? 'SHORT' : 'LONG');
          const option = cue.option;
          found.push({
            sentence,
            pick: {
              ticker: m.ticker,
              tickerExchange: option || (m.via !== 'exchange' && m.via !== 'suffix') ? null : m.exchange,
              instrumentType: option ? 'OPTION' : m.company?.type === 'ETF' ? 'ETF' : m.company ? 'EQUITY' : 'OTHER',
              action,
              direction,
              authorConviction: convictionOf(s),
              activePick: action !== 'EXIT',
              evidenceQuote: s,
              rationaleSnippet: null,
              speaker: sentence.speaker ?? guest,
            },
          });
        }
      });
    }
  });

  // One call per speaker, instrument and direction: the strongest action the post states.
  const best = new Map<string, Found>();
  for (const f of found) {
    const key = `${f.pick.speaker ?? ''}|${f.pick.ticker}|${f.pick.direction}`;
    const known = best.get(key);
    if (!known || PRIORITY[f.pick.action] > PRIORITY[known.pick.action]) best.set(key, f);
  }
  // "Action: Sell" and "we sold our shares" state one exit, not a short besides it.
  for (const [key, f] of best) {
    if (f.pick.action !== 'RECOMMENDATION' || f.pick.direction !== 'SHORT') continue;
    const long = best.get(`${f.pick.speaker ?? ''}|${f.pick.ticker}|LONG`);
    if (long && (long.pick.action === 'EXIT' || long.pick.action === 'REDUCE')) best.delete(key);
  }
  const calls = [...best.values()].sort((a, b) => a.sentence.index - b.sentence.index);
  const callSentences = new Set(calls.map((f) => f.sentence.index));
  const candidates = calls.map(({ pick, sentence }) => {
    const next = sentences[sentence.index + 1];
    const sameParagraph = next && next.paragraph === sentence.paragraph ? next : undefined;
    return {
      ...pick,
      rationaleSnippet: rationaleFrom(sentence.text, sameParagraph?.text, callSentences.has(sentence.index + 1)),
    };
  });
  return candidates;
}

/** "Chipotle's third quarter", "Republic Services' plants": the mention is a possessor, not the sentence's subject. */
function possessive(s: string, m: TickerMention): boolean {
  return /^(?:['’]s?|s['’])\s/u.test(s.slice(m.end)) || /['’]s?$/u.test(s.slice(m.start, m.end));
}

/** A weak mention (one distinctive word) that opens its sentence before a verb or makes the whole sentence. */
function weakSubject(s: string, m: TickerMention, opensPost: boolean): boolean {
  if (!/^[\s"“]*$/u.test(s.slice(0, m.start))) return false;
  // The post's first sentence may also say what the company does ("Copart runs online auctions"): the company the
  // post is about. Later, such a sentence is as often a peer's ("Nordson runs a similar playbook").
  if (
    opensPost &&
    /^\s+(?!(?:customers|investors|executives|analysts|bulls|bears|users|employees|workers|fans|owners|buyers|sellers|drivers|products|stores|plans|was|has|is|its|this|as|us)\b)[a-z]{3,}s\b/u.test(
      s.slice(m.end),
    )
  ) {
    return true;
  }
  return /^(?:[.!]?\s*$|\s+(?:is|was|has|had|fell|rose|dropped|jumped|slid|gained|lost|reported|said|cut|raised|posted|missed|beat|guided|trades|traded|closed|ended)\b)/u.test(
    s.slice(m.end),
  );
}

/**
 * The company a post is about: the one its title names alone, else the first company the text names, when it opens
 * the first sentence (or the second, after a heading). Where it is used, no other company may have been named more often so far, nor have opened
 * a sentence as its subject since the post's subject was last named. Null in a transcript, whose speakers each have
 * their own subject.
 */
function postSubjectOf(
  title: string,
  sentences: Sentence[],
  strong: TickerMention[],
): TickerMention | null | undefined {
  if (sentences.some((x) => x.speaker)) return null;
  const inTitle = new Set(findTickerMentions(title).map((m) => m.ticker));
  if (inTitle.size === 1) {
    const ticker = [...inTitle][0]!;
    return strong.find((m) => m.ticker === ticker) ?? null;
  }
  // Undefined: the first company the text names decides (candidatesByRules).
  return inTitle.size > 1 ? null : undefined;
}

/** The label of a portfolio note or trade alert, before a verb whose subject is the author. */
const NOTE_LABEL =
  /^[\s\p{S}\p{P}]*(?:new|update|today|trade|trade alert|alert|action|entry|options?|open|close|opening|closing|this (?:week|month))(?:\s*(?:#|no\.?\s*)?\d{1,3})?\s*[:—–]\s*$/iu;

/**
 * "Ferrari: trimmed back to 4%", "Block — new position" in a list under a lead or heading of the author's moves: a
 * name of one ordinary word ("Ferrari N.V.", "Block, Inc.", "Target") is the company there, because the item opens
 * with it and states an action on it. Nowhere else: "Target: a history of the discount store" is a book.
 */
export function itemNameMentions(text: string, taken: TickerMention[]): TickerMention[] {
  const sentences = splitSentences(text);
  const items = new Set([...leadsOf(sentences).keys(), ...sectionsOf(sentences).keys()]);
  const out: TickerMention[] = [];
  for (const s of sentences) {
    if (!items.has(s.index)) continue;
    out.push(...itemTickers(s, taken));
    const m = /^(\p{Lu}\p{Ll}+)\s*[:—–]\s*/u.exec(s.text);
    if (!m) continue;
    const start = s.start;
    const end = start + m[1]!.length;
    if (taken.some((t) => start < t.end && end > t.start)) continue;
    const ticker = tickerForName(m[1]!) ?? tickerForOrdinaryName(m[1]!);
    const company = ticker ? instrumentFor(ticker) : null;
    if (!ticker || !company) continue;
    const rest = s.text.slice(m[0].length);
    const acts = postposedStatus(rest) || findCues(rest, 0, true).some((c) => c.start === 0 && c.kind !== 'view');
    if (!acts) continue;
    out.push({ ticker, start, end, via: 'name', company, exchange: company.exchange, name: m[1]!, weak: true });
  }
  return out;
}

/** Capitals that are words or abbreviations in a trade note, never its ticker: "sold ALL of it", "AI names". */
const NOT_ITEM_TICKERS = new Set(
  'A I ALL IT AI US USA UK EU TV PM AM AT BE GO SO NO OR AN AS BY DO IF IN IS OF OK TO UP WE ME MY HE ET RE IRA CEO CFO ETF EPS GDP YTD QTD NAV'.split(
    ' ',
  ),
);

/**
 * "Out of ON.", "Bought MU January $200 puts", "SPY trimmed": an item of the author's moves writes its tickers bare,
 * even those that are words ("ON", "MU", "COST"), which the mention finder leaves to a post that writes tickers. In
 * such an item, a ticker in capitals that states an action is the company; it stays a weak mention, which a call's cue
 * must govern directly.
 */
function itemTickers(s: Sentence, taken: TickerMention[]): TickerMention[] {
  if (!findCues(s.text, 0, true).some((c) => c.kind !== 'view') && !/^\S+\s+(?:unchanged|held|kept)\b/u.test(s.text)) {
    return [];
  }
  const out: TickerMention[] = [];
  for (const m of s.text.matchAll(/(?<![\p{L}\p{N}$.&/'’_-])([A-Z]{2,5})(?![\p{L}\p{N}&'’_-]|\.[\p{L}\p{N}])/gu)) {
    const ticker = m[1]!;
    const start = s.start + m.index!;
    const end = start + ticker.length;
    if (NOT_ITEM_TICKERS.has(ticker) || taken.some((t) => start < t.end && end > t.start)) continue;
    const company = instrumentFor(ticker);
    if (!company) continue;
    out.push({ ticker, start, end, via: 'ticker', company, exchange: company.exchange, name: null, weak: true });
  }
  return out;
}

/** A relative clause of the author's acquaintance after others: "funds we speak with", "managers I follow". */
const OTHERS_WE =
  /(?<=\b(?:funds?|managers?|investors|analysts?|traders|people|readers|clients|friends|colleagues)\s+)(?:that |who |whom )?(?:we|I)\s+(?:speak|spoke|talk|talked|know|follow|met|meet|track|trust|respect)\b(?:\s+(?:with|to))?/giu;

/** Who acts: the first person before a verb cue, the understood author of a note or label, never a third party. */
function actorOk(
  cue: Cue,
  rawBefore: string,
  cueText: string,
  clause: string,
  sentence: Sentence,
  sentenceStart: boolean,
): boolean {
  if (cue.kind === 'label') return true;
  // "Some funds we speak with run it the other way": a first person inside a relative clause is not the actor.
  const before = rawBefore.replace(OTHERS_WE, '');
  const firstBefore = FIRST_PERSON.test(`${before}${cueText}`);
  if (!firstBefore && THIRD_PARTY.test(before)) return false;
  // "Bank of America moved its rating to neutral", "Needham upgraded Etsy": a rating whose subject is someone named.
  if (
    !firstBefore &&
    /^(?:rat|upgrad|downgrad|reiterat|maintain|reaffirm)/iu.test(cueText) &&
    (/\b(?:its|their|his|her)\s+$/iu.test(before) ||
      /\p{Lu}[\w&.'’-]*\s+(?:(?:has|have|also|just|now)\s+)?$/u.test(before))
  )
    return false;
  // "my wife bought …": a first-person word that names someone else.
  if (
    cue.kind === 'verb' &&
    /\b(?:my|our)\s+(?:wife|husband|partner|son|daughter|kids?|children|friends?|dad|mom|mum|father|mother|brother|sister|parents|uncle|aunt|cousins?|nephew|niece|grand\w+|in-laws|\w+-in-law|roommate|flatmate|neighbou?rs?|colleagues?|boss)\b(?:\s+\w+){0,2}\s*$/iu.test(
      before,
    )
  ) {
    return false;
  }
  // "I'd add that Wingstop bought back stock": a name right before the verb is its subject, whoever spoke before it.
  if (cue.kind === 'verb' && /[a-z,;]\s+(?:(?!(?:I|We)\b)[A-Z][\w&'’.-]*\s+){1,4}(?:\([^)]*\)\s+)?$/u.test(before))
    return false;
  // "Sold half of our Verizon position.": a note whose subject, the author, is understood; so after a note's label
  // ("New: bought $MU January $120 calls").
  const understood = before.trim() === '' || NOTE_LABEL.test(before);
  if (cue.kind === 'verb') return firstBefore || ((sentence.listItem || sentenceStart) && understood);
  return FIRST_PERSON.test(clause) || !THIRD_PARTY.test(clause);
}

/**
 * Has the post already stated a short position, and no long, on this instrument (for this speaker)? A sell rating
 * ("Action: Sell") is not a short position: "we sold our shares" after it closes a long.
 */
function shortBefore(found: Found[], ticker: string, speaker: string | null): boolean {
  const on = found.filter(
    (f) => f.pick.ticker === ticker && (f.sentence.speaker ?? null) === speaker && f.pick.action !== 'RECOMMENDATION',
  );
  return on.some((f) => f.pick.direction === 'SHORT') && !on.some((f) => f.pick.direction === 'LONG');
}

/**
 * The instrument named right before a cue: "American Express (AXP) a Hold"; for a subject, opening its clause too
 * ("Adobe stays", not "the spread between Apple and Microsoft remains").
 */
function subjectOf(s: string, cue: Cue, clauseStart: number, mentions: TickerMention[]): TickerMention[] {
  const m = mentions.filter((x) => x.end <= cue.start).at(-1);
  if (!m || !/^[\s)]*$/u.test(s.slice(m.end, cue.start))) return [];
  if (
    cue.adjacent === 'subject' &&
    !LEADS.test(s.slice(clauseStart, m.start).replace(/^\s*(?:and|but|so|while)\s+/iu, ''))
  ) {
    return [];
  }
  return [m];
}

/** Words after a company that make it a security: "an Apple position", "the Tesla short", "a Ford stake". */
const SECURITY_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:shares?|stock|stake|position|short|long|puts?|calls?|options?|ADRs?)\b/iu;

/**
 * A company named as the maker of a product, not as a security: "bought a Tesla Model Y", "my Harley Davidson", "the
 * Apple Smart Keyboard" (a name without a ticker after an article or a possessive, or before a capitalized product
 * name); or as the owner of something else: "no change to Apple's guidance".
 */
function productOrOwner(s: string, m: TickerMention, cue?: Cue): boolean {
  const after = s.slice(m.end);
  // "sold the last of my Disney", "trimmed my Nvidia": a part of what one owns, or a trim or an add, is a position.
  if (/\b(?:of|all) (?:my|our)\s+$/iu.test(s.slice(Math.max(0, m.start - 12), m.start))) return false;
  if (
    cue &&
    (cue.action === 'REDUCE' || cue.action === 'ADD') &&
    /^\s*(?:my|our)\s*$/iu.test(s.slice(cue.end, m.start))
  )
    return false;
  if (/^['’]s?\s+(?!(?:shares|stock|stake|ADRs?)\b)[a-z]/u.test(after)) return true;
  if (madeWithTicker(s, m)) return true;
  if (m.via !== 'name' || SECURITY_AFTER.test(after)) return false;
  // "the Invesco QQQ Trust (QQQ)", "a Tesla (TSLA) position": a company given its ticker or legal form is a security
  // (its ticker after the rest of its name, not after a thing: "a Traeger grill (COOK)").
  if (
    /^(?:\s*[\p{Lu}\d&][\w&.'’-]*){0,4}\s*\(/u.test(after) ||
    /^\s+(?:Trust|Fund|ETF|Inc|Corp|Corporation|Company|Co|Group|Holdings?|plc|Ltd|SA|AG|NV)\b/u.test(after)
  ) {
    return false;
  }
  const before = s.slice(Math.max(0, m.start - 12), m.start);
  return (
    /\b(?:an?|my|our|your|his|her|their|(?:the|a|my|our) new)\s+$/iu.test(before) ||
    (/\bthe\s+$/iu.test(before) && /^\s+[A-Z][a-z]/u.test(after))
  );
}

/** The noun before a ticker in parentheses that makes it a security, not a product: "shares (AAPL)", "a fund (VTI)". */
const SECURITY_NOUN =
  /^(?:shares?|stock|stocks|calls?|puts?|positions?|stakes?|ETFs?|funds?|trusts?|units|ADRs?|notes|bonds|options|spreads?|LEAPS|company|business|maker|retailer|bank|miner|producer|operator|group|holdings?)$/u;
/** Words after "a Garmin (GRMN)" that make it a security, or say when or how, not what was bought. */
const NOT_A_PRODUCT =
  /^\s+(?:shares?|stock|stake|positions?|holdings?|short|long|puts?|calls?|options?|ADRs?|LEAPS|spreads?|and|or|but|at|on|in|for|to|from|with|this|that|last|today|yesterday|here|again|now|after|before|into|as|when|because|since|while|which|who|is|was|has|had|were|are|back|earlier|later|recently|too|also|early|late|up|down|near|around|ahead|over|under|below|above|until|of|completely|entirely|outright|altogether|in full)\b/iu;

/**
 * A product named by its maker written with its ticker: "I bought a Sonos (SONO) speaker", "a Garmin (GRMN) watch"
 * (an article or a possessive before the name, a word after the ticker that is no security, time or price).
 */
function madeWithTicker(s: string, m: TickerMention): boolean {
  let before = s.slice(Math.max(0, m.start - 60), m.start);
  let after = s.slice(m.end);
  // "I bought a Traeger grill (COOK)", "two pairs of On running shoes (ONON)": the ticker after a thing, named by a
  // common noun after an article or a number, says who makes the thing bought. A brand written with an inner capital
  // ("a short in easyJet (EZJ.L)") is a name, not a noun.
  const thing =
    /\b(?:an?|my|our|his|her|their|two|three|four|\d+|some|new|pairs? of)\s+(?:[\p{L}'’-]+\s+){0,3}?(\p{Ll}[\p{Ll}-]*)\s*\(\s*[$]?$/u.exec(
      before,
    );
  if (thing && !SECURITY_NOUN.test(thing[1]!)) return true;
  // The ticker in the parentheses after its name: look before the name.
  const name = /((?:\p{Lu}[\w&.'’-]*\s+){0,3}\p{Lu}[\w&.'’-]*)\s*\(\s*(?:[A-Z]{2,6}:\s*)?[$]?$/u.exec(before);
  if (name) {
    before = before.slice(0, name.index);
    const close = /^[^()]{0,3}\)/u.exec(after);
    if (!close) return false;
    after = after.slice(close[0].length);
  } else if (!s.slice(m.start, m.end).endsWith(')')) {
    // The name alone, its ticker after it ("Garmin (GRMN)" as one mention has both).
    const ticker = /^\s*\([^()]{1,20}\)/u.exec(after);
    if (!ticker) return false;
    after = after.slice(ticker[0].length);
  }
  return (
    /\b(?:an?|my|our|your|his|her|their|(?:the|a|my|our) new)\s+$/iu.test(before) &&
    /^\s+\p{L}/u.test(after) &&
    !NOT_A_PRODUCT.test(after)
  );
}

/** Is the offset inside a quotation, given whether one was open where the sentence began? */
function quotedAt(s: string, at: number, open: boolean): boolean {
  let inside = open;
  for (const ch of s.slice(0, at)) {
    if (ch === '“') inside = true;
    else if (ch === '”') inside = false;
    else if (ch === '"') inside = !inside;
  }
  return inside;
}

/** A clause telling someone else's rating move (RATING_MOVE): a subject before the verb with no first person. */
function othersRating(clause: string): boolean {
  const m = RATING_MOVE.exec(clause);
  if (!m) return false;
  const subject = m[1]!.replace(NOTE_LABEL, '').replace(/\b(?:and|also|today|now|then|finally|separately)\b/giu, '');
  return /\p{L}/u.test(subject) && !FIRST_PERSON.test(subject);
}

/**
 * "RELX (LON: REL)": a company's name or US ticker with its listing in parentheses is that listing, one instrument.
 */
function withListings(s: string, mentions: TickerMention[]): TickerMention[] {
  const out: TickerMention[] = [];
  for (const m of mentions) {
    const last = out[out.length - 1];
    if (last && last.ticker !== m.ticker && /^\s*\(\s*$/u.test(s.slice(last.end, m.start))) {
      out[out.length - 1] = { ...m, start: last.start };
    } else out.push(m);
  }
  return out;
}

/** "owned since 2022 and still own": a date after "since" is not a clause of its own. */
const SINCE_DATE =
  /\bsince (?:(?:19|20)\d\d|(?:January|February|March|April|May|June|July|August|September|October|November|December|the spring|the summer|the autumn|the fall|the winter)\b)/giu;

/** The mentions a cue acts on: the first after it (and those listed with it), else the nearest before it. */
function governed(s: string, cue: Cue, nextCue: number, all: TickerMention[]): TickerMention[] {
  const mentions = withListings(s, all);
  // "long X against Y": the pair's own "against" governs its short leg; anywhere else it compares.
  const pairLeg = PAIR_SHORT.test(s.slice(cue.start, cue.end)) && cue.dir === 'SHORT';
  const usable = (m: TickerMention) =>
    !NOT_OWNED_AFTER.test(s.slice(m.end, m.end + 60)) &&
    (!COMPARED.test(s.slice(Math.max(0, m.start - 30), m.start)) || (pairLeg && m.start - cue.end <= 2)) &&
    !productOrOwner(s, m, cue);
  const after = mentions.filter((m) => m.start >= cue.start && m.start < nextCue);
  const out: TickerMention[] = [];
  const first = after[0];
  if (first) {
    const gap = s.slice(Math.min(cue.end, first.start), first.start);
    if (gap.length <= 70 && !SUBORDINATE.test(gap) && usable(first)) {
      out.push(first);
      for (let i = 1; i < after.length; i += 1) {
        if (!CHAIN_GAP.test(s.slice(after[i - 1]!.end, after[i]!.start))) break;
        if (usable(after[i]!)) out.push(after[i]!);
      }
      return out;
    }
  }
  // "We like X", "we recommend X": their object comes after them, never before.
  if (/^(?:(?:we|I) (?:really )?(?:like|love|favou?r|prefer)|recommend)/iu.test(s.slice(cue.start, cue.end)))
    return out;
  const beforeCue = mentions.filter((m) => m.end <= cue.start);
  for (let i = beforeCue.length - 1; i >= 0; i -= 1) {
    const m = beforeCue[i]!;
    const gap = s.slice(m.end, i === beforeCue.length - 1 ? cue.start : beforeCue[i + 1]!.start);
    if (i === beforeCue.length - 1) {
      const clause = gap.replace(SINCE_DATE, '');
      if (gap.length > 60 || /\b(?:because|since|after|when|while|given|despite|if|than)\b/iu.test(clause)) break;
      if (NOT_OWNED_AFTER.test(s.slice(m.end, m.end + 60)) || NEGATED.test(gap) || productOrOwner(s, m, cue)) break;
    } else if (!CHAIN_GAP.test(gap)) break;
    if (usable(m) || i === beforeCue.length - 1) out.unshift(m);
  }
  return out;
}
