import { englishNlp } from '@/lib/ai/text/nlp';
import type { Db } from '@/lib/db/types';
import { plainText } from '@/lib/ingest/feeds/feed-text';
import { tokenize } from '@/lib/search/analysis/tokens';
import type { CompactStore } from '@/lib/search/embeddings/compact-store-format';
import { DEFAULT_COMMON_WORD_RANK, loadLocalStore } from '@/lib/search/embeddings/local';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import { normalizeForSearch } from '@/lib/search/query/normalize';
import { STOPWORDS } from '@/lib/search/query/stopwords';
import { parseTimeWindow } from '@/lib/search/query/time-window';
import { asksFigure, asksMoney } from './asked-figure';
import { askedPlaces } from './asked-place';
import { askedTime, type TimeMarks } from './asked-time';
import { NAME_ALIASES, PLACES } from './name-aliases';
import { lexemesOf } from './terms';
import { keyedWords, wordKey } from './word-keys';

/**
 * What a question is about, as the claim test (claims.ts) reads it:
 * - names: what the question names with a capital ("Argentina", "iPhone", "Affordable Care Act"); a sentence must
 *   name each (in any of its forms: "German" for "Germany", "ACA" for "Affordable Care Act"). Names listed together
 *   ("PayPal and Fiserv", "US-China") are alternatives: one of them is enough.
 * - topics: the nouns that name the subject and their modifiers ("natural gas prices", "shipping rates", "peso");
 *   a sentence must hold at least one, and enough of them by weight.
 * - predicates: what is asked of the subject ("devalue", "default", "cut"); they count toward the weight a sentence
 *   holds, but are not required, since a sentence says them in its own words.
 * Words that frame a question ("outlook", "happening", "newsletters say", "this week") are none of these.
 */
export interface Concept {
  kind: 'name' | 'topic' | 'predicate';
  /** As the question writes it. */
  label: string;
  /** Any one form matches: each a run of words. */
  forms: Form[];
  weight: number;
  /** Names listed together share a group: a sentence naming any member of the group names it. */
  group: number;
  /** The question's clause ("…, and could it be broken up?" is a second one): a sentence may answer either. */
  clause: number;
  /** Topic words of one noun phrase ("natural gas", "container shipping rates") share a phrase number. */
  phrase: number;
  /** Noun phrases joined by "and" or "or" share a unit: a sentence holding either holds the unit. */
  unit: number;
  /** A word every market post uses ("prices", "stocks"): the head of a phrase such as "coffee prices", never a topic alone. */
  generic: boolean;
  /**
   * A place ("UK restaurants", "the German economy", "restaurants in the UK"): beside another name it is not required
   * in the sentence, but the post names it or no place at all; alone, the post must name it somewhere, not necessarily
   * the sentence ("a US recession" in a US newsletter).
   */
  qualifier: boolean;
}

/**
 * A run of word keys; `cased` words match only words written with a capital (names), `upper` only in capitals. A
 * `whole` form (a phrase's acronym) holds every word of the concept's phrase.
 */
export interface Form {
  /**
   * `everyday`: a common English word ("ruby", "shell", "turkey"), which a post may also use as a name; a rare one
   * ("bitcoin") is the same thing whether or not it is capitalized.
   */
  words: Array<{ key: string; cased: boolean; upper: boolean; everyday?: boolean }>;
  whole?: boolean;
}

export interface Subject {
  concepts: Concept[];
  /** A "why" or "what is causing" question: sentences that state a cause answer it best. */
  asksWhy: boolean;
  /** A question for a quantity ("How much…", "What price…"): only a passage stating a figure answers it (asked-figure.ts). */
  asksFigure: boolean;
  /**
   * Of those, a question for a sum of money ("How much did X pay…?"): only a passage stating a sum answers it
   * (asked-figure.ts). Optional: a subject saved before it existed reads none.
   */
  asksMoney?: boolean;
  /**
   * The year, month or quarter the question names ("…in February 2021?"), or null: a passage on another one states
   * another fact (asked-time.ts). Optional: a subject saved before it existed reads none.
   */
  askedTime?: TimeMarks | null;
  /** The countries the question names (asked-place.ts), or null: a passage on another one states another fact. */
  askedPlaces?: number[] | null;
  /** Later clauses that point back at the first one's subject ("…, and has anyone found a new source of it?"). */
  referring: number[];
}

/**
 * Words that frame a research question rather than name its subject ("what are newsletters saying", "the outlook",
 * "this week"). A framing noun that names a kind of thing before a noun is kept ("podcast advertising").
 */
const FRAMING = new Set(
  `newsletter publication podcast episode writer author commentator pundit analyst expert observer media press blogger
   say tell think thought head go going outlook happen wrong latest news view expect expectation prospect trend
   situation state future impact affect effect cause driv drive reason explain mean look lately recently right now
   still really much many big biggest good bad get take know likely next last year week month quarter today winter
   summer spring autumn day time way thing people lot kind sort happening doing do make made does did update current
   currently coming come upcoming moment days weeks months years one ones most fast apart actually again critic
   january february march april june july august september october november december monday tuesday wednesday
   thursday friday saturday sunday went gone goes did done got gotten came took said`
    .split(/\s+/u)
    .filter(Boolean)
    .map(wordKey),
);
/** Framing nouns that head a phrase of their own: "tech bloggers", "the podcast trade newsletter", "the outlook". */
const FRAMING_HEADS = new Set(
  `newsletter publication podcast episode writer author commentator pundit analyst expert observer media press blogger
   critic outlook view expectation prospect trend news update situation state future`
    .split(/\s+/u)
    .filter(Boolean)
    .map(wordKey),
);
/**
 * Nouns every market post holds, and titles of people: they weigh, but never make a sentence a claim on their own; as
 * the head of a phrase ("coffee prices", "bank stocks") they are part of it.
 */
const GENERIC = new Set('stock share price'.split(' ').map(wordKey));
/** Other words for those heads: a sentence on gas futures is on gas prices, one on bank shares on bank stocks. */
const HEAD_EQUIVALENTS = new Map([
  [wordKey('price'), ['cost', 'futures', 'priced', 'pricing', 'expensive', 'cheap', 'cheaper', 'dearer']],
  // Not "shares" for stocks: its key is the verb's too ("code-sharing").
  [wordKey('stock'), ['equity', 'equities', 'valuation']],
  [wordKey('share'), ['stock', 'stocks', 'equity', 'equities', 'valuation']],
]);
/** Nouns of a domain or a role ("the taxi business", "the former Nissan boss"): they weigh, but are no topic. */
const DOMAIN = new Set(
  `market company firm investor business sector industry deal plan issue problem question boss chief ceo head founder
   leader executive former`
    .split(/\s+/u)
    .filter(Boolean)
    .map(wordKey),
);
/** Moves a question asks about, which a tagger may read as nouns ("shares fall"): never the subject. */
const MOVES = new Set(
  'fall rise drop jump surge slump climb decline soar plunge tumble increase decrease'.split(' ').map(wordKey),
);
const WHY = /^\s*(?:why\b|what(?:'s| is| are| was| were)? (?:caus|driv|behind|the reason)|how come\b)/iu;
const KIND_FACTOR: Record<Concept['kind'], number> = { name: 1.5, topic: 1, predicate: 0.5 };
const JOINERS = new Set(['and', 'or', '&', ',', '-', 'vs', 'vs.', 'versus', '/']);
/** Where a question starts a second clause: ", and could…", "; is…", "— is…". */
const CLAUSE_BREAK = /^(?:;|—|–)$/u;
const CLAUSE_VERBS =
  /^(?:is|are|was|were|will|would|could|can|should|did|does|do|has|have|where|what|how|why|who|which|when)$/iu;
/** Lower-case words inside a name: "Bank of Japan", "Department of Justice". */
const NAME_INNER = /^(?:of|for|de|du|la|del|the)$/u;

interface Tagged {
  text: string;
  pos: string;
  /** Written with a capital, and not as the question's first word (unless the tagger reads it as a name). */
  capital: boolean;
  /** Followed by a possessive ("Apple's"): a name ends there ("Apple's iPhone" names Apple and the iPhone). */
  possessive?: boolean;
}

/** The question's concepts with their weights (see Concept); empty when nothing in it names a subject. */
export async function questionSubject(db: Db, question: string): Promise<Subject> {
  const text = plainText(question) ?? '';
  // The clock only places the window, which is dropped here: any date gives the same words.
  const rest = parseTimeWindow(text.normalize('NFKC'), new Date(0)).rest;
  const tagged = tag(rest);
  const store = await loadLocalStore().catch(() => null);
  const drafts = draftConcepts(tagged, store);
  const referring = referringClauses(tagged);
  const asks = {
    asksWhy: WHY.test(text),
    asksFigure: asksFigure(text),
    asksMoney: asksMoney(text),
    askedTime: askedTime(text),
    askedPlaces: askedPlaces(text),
  };
  if (drafts.length === 0) return { concepts: [], ...asks, referring };
  // Each word of a concept is weighed; a name or a phrase of several weighs as its rarest word.
  // Each concept weighs as its rarest word, read as search reads it ("AT&T", "Time-Warner"); a word search keeps no
  // lexeme of counts as held by no post.
  const labels = drafts.map((draft) => searchWords(draft.label));
  const { terms, corpus } = await resolveTerms(db, labels.flat());
  let at = 0;
  const concepts = drafts.map((draft, i) => {
    const counts = labels[i]!.map(() => {
      const term = terms[at++]!;
      return term.correctedFrom ? 0 : term.docCount;
    });
    const docCount = counts.length > 0 ? Math.min(...counts) : 0;
    const weight = idf(Math.max(corpus, 1), docCount) * specificity(draft, store) * KIND_FACTOR[draft.kind];
    if (draft.kind === 'name' || !isEveryday(draft.label, store)) return { ...draft, weight };
    const forms = draft.forms.map((form) => ({ ...form, words: form.words.map((w) => ({ ...w, everyday: true })) }));
    return { ...draft, forms, weight };
  });
  return { concepts, ...asks, referring };
}

/** The label's words as search indexes them: normalized, stopwords dropped, each with a lexeme to count. */
function searchWords(label: string): string[] {
  return tokenize(normalizeForSearch(label))
    .map((token) => token.text)
    .filter((word) => lexemesOf(word).size > 0);
}

function tag(text: string): Tagged[] {
  const nlp = englishNlp();
  const doc = nlp.readDoc(text);
  const words = doc.tokens().out() as string[];
  const pos = doc.tokens().out(nlp.its.pos) as string[];
  const possessive = (i: number) => /^['’]s?$/u.test(words[i] ?? '');
  return (
    words
      .map((word, i) => ({
        text: word,
        pos: pos[i]!,
        // The first word is a name only as the tagger reads it, and not as the head of a compound ("Short-term rates").
        capital:
          /\p{Lu}/u.test(word) &&
          (i > 0 || (pos[i] === 'PROPN' && words[1] !== '-')) &&
          !/^(?:I|I'm|I've)$/u.test(word) &&
          !TIME_NAME.test(word),
        possessive: possessive(i + 1),
      }))
      // A possessive joins what it links ("retailers' margins" is one phrase, "the Fed's meeting" a name and a noun).
      .filter((_, i) => !possessive(i))
  );
}

/** Months and days are times, not names: "the Fed's December meeting" names the Fed. */
const TIME_NAME =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/iu;

type Draft = Omit<Concept, 'weight'>;

/** Names (runs of capitalized words), topics (noun phrases) and predicates, in question order, by clause. */
function draftConcepts(tokens: Tagged[], store: CompactStore | null): Draft[] {
  const drafts: Draft[] = [];
  let group = 0;
  let phrase = 0;
  let clause = 0;
  let listOpen = false;
  let lastTopic: { clause: number; unit: number; end: number } | null = null;
  // Inside "after the latest OPEC decision", "under Trump": the circumstances of the question, not its subject.
  let inCircumstance = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    // Not after a verb: "going after Facebook" names whom, "after the rally" names when. "Since" and "during" name
    // when after a verb too ("moved since the president was sworn in").
    if (
      CIRCUMSTANCE.test(token.text) &&
      ['ADP', 'SCONJ'].includes(token.pos) &&
      (tokens[i - 1]?.pos !== 'VERB' || ALWAYS_WHEN.test(token.text))
    ) {
      inCircumstance = true;
      continue;
    }
    if (['PUNCT', 'CCONJ', 'ADP', 'VERB', 'AUX', 'SCONJ'].includes(token.pos)) inCircumstance = false;
    if (startsClause(tokens, i)) {
      clause += 1;
      continue;
    }
    // A model number belongs to the name after it ("737 Max"); a year does not ("2017 Republican tax cuts").
    const startsName =
      token.capital || (token.pos === 'NUM' && !/^(?:19|20)\d\d$/u.test(token.text) && tokens[i + 1]?.capital);
    if (startsName && /[\p{L}\p{N}]/u.test(token.text)) {
      let end = i;
      while (end + 1 < tokens.length && !endsAtPossessive(tokens, end, store)) {
        const next = tokens[end + 1]!;
        if (next.capital) end += 1;
        else if (NAME_INNER.test(next.text) && tokens[end + 2]?.capital) end += 2;
        else break;
      }
      const label = tokens
        .slice(i, end + 1)
        .map((t) => t.text)
        .join(' ');
      // "PayPal and Fiserv", "US-China": a name right after a joiner that follows a name is an alternative.
      if (!listOpen) group += 1;
      // A place that qualifies a noun ("his UK restaurants", "American factory jobs") is optional beside another name.
      const next = tokens[end + 1];
      // "under Trump", "after the OPEC decision": a name that sets the circumstances weighs but is not required.
      const circumstance = inCircumstance;
      // A place is optional beside another name too ("Jamie Oliver's restaurants in the UK"): claims.ts then reads
      // it from the whole post.
      const qualifier = isPlace(label);
      drafts.push({
        kind: circumstance ? 'predicate' : 'name',
        label,
        forms: nameForms(label),
        group,
        clause,
        phrase: 0,
        unit: 0,
        generic: false,
        qualifier: !circumstance && qualifier,
      });
      i = end;
      listOpen = false;
      if (next && JOINERS.has(next.text.toLowerCase()) && tokens[i + 2]?.capital) {
        listOpen = true;
        i += 1;
      }
      continue;
    }
    listOpen = false;
    const run = phraseRun(tokens, i);
    if (run.length === 0 && run.skipped > 0) {
      i += run.skipped;
      continue;
    }
    // "after the rally", "during the pandemic": a phrase that sets the circumstances weighs, but is not required.
    if (run.length > 0 && inCircumstance) {
      for (const member of run) {
        group += 1;
        drafts.push({
          ...member,
          kind: 'predicate',
          generic: false,
          group,
          clause,
          phrase: 0,
          unit: 0,
          qualifier: false,
        });
      }
      i += run.length - 1 + run.skipped;
      continue;
    }
    if (run.length > 0) {
      phrase += 1;
      // "stock markets and the economy", "workers or investment": phrases joined by "and" or "or" are one unit, held by
      // either of them.
      const joined: boolean =
        lastTopic !== null && lastTopic.clause === clause && lastTopic.end === i - joinerLength(tokens, i);
      const unit: number = joined ? lastTopic!.unit : phrase;
      for (const member of run) {
        group += 1;
        drafts.push({ ...member, group, clause, phrase: member.kind === 'topic' ? phrase : 0, unit, qualifier: false });
      }
      i += run.length - 1 + run.skipped;
      lastTopic = { clause, unit, end: i + 1 };
      continue;
    }
    const lower = token.text.toLowerCase();
    const key = wordKey(token.text);
    const content = ['VERB', 'ADJ', 'NOUN'].includes(token.pos) && /^\p{L}/u.test(token.text);
    if (!content || STOPWORDS.has(lower) || FRAMING.has(key) || DOMAIN.has(key)) continue;
    group += 1;
    drafts.push({
      kind: 'predicate',
      label: token.text,
      forms: [wordForm(token.text)],
      group,
      clause,
      phrase: 0,
      unit: 0,
      generic: false,
      qualifier: false,
    });
  }
  return distinct(drafts);
}

/**
 * A name ends at a possessive when what follows is a name of its own ("Apple's iPhone", "Tesla's Model Y"), not the
 * rest of one name written with a possessive ("Angie's List", "McDonald's Corp"): a single everyday word.
 */
function endsAtPossessive(tokens: Tagged[], at: number, store: CompactStore | null): boolean {
  if (!tokens[at]!.possessive) return false;
  const next = tokens[at + 1];
  if (!next?.capital) return true;
  const single = !tokens[at + 2]?.capital;
  return !(single && /^\p{Lu}\p{Ll}+$/u.test(next.text) && isEveryday(next.text, store));
}

/** Words that point back at what the question named before. */
const BACK_REFERENCES = /^(?:it|its|they|them|their|theirs)$/iu;

/** The clauses after the first that hold a word pointing back at it ("…, and are they a threat to grocery stores?"). */
function referringClauses(tokens: Tagged[]): number[] {
  const clauses = new Set<number>();
  let clause = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (startsClause(tokens, i)) clause += 1;
    else if (clause > 0 && BACK_REFERENCES.test(tokens[i]!.text)) clauses.add(clause);
  }
  return [...clauses];
}

/** Where a question starts a second clause: "—", ";", ", and could…". */
function startsClause(tokens: Tagged[], i: number): boolean {
  const token = tokens[i]!;
  return (
    CLAUSE_BREAK.test(token.text) ||
    (token.text === ',' &&
      /^(?:and|or|but)$/iu.test(tokens[i + 1]?.text ?? '') &&
      CLAUSE_VERBS.test(tokens[i + 2]?.text ?? ''))
  );
}

type RunMember = Pick<Draft, 'kind' | 'label' | 'forms' | 'generic'>;

/**
 * The noun phrase that starts at `start`, as its topic words ("natural gas", "container shipping rates", "foreign
 * direct investment" with its acronym FDI); empty when no noun phrase starts there. A phrase whose head frames the
 * question ("tech bloggers", "podcast trade newsletter") is framing as a whole; a head every post uses ("prices",
 * "stocks") is part of a longer phrase ("coffee prices"), and alone is no topic.
 */
function phraseRun(tokens: Tagged[], start: number): RunMember[] & { skipped: number } {
  let end = start;
  const inRun = (i: number) => {
    const token = tokens[i];
    // An acronym inside a noun phrase is a word of it ("hyperscaler AI capex", "spot bitcoin ETFs").
    if (token && i > start && ACRONYM.test(token.text)) return true;
    if (!token || token.capital || STOPWORDS.has(token.text.toLowerCase()) || !/^\p{L}/u.test(token.text)) return false;
    if (token.pos === 'NOUN' || token.pos === 'ADJ' || token.pos === 'PROPN') return true;
    // "airline stocks going…": a head every post uses, after a noun, is that noun's head whatever the tagger says.
    if (i > start && GENERIC.has(wordKey(token.text))) return true;
    // A word the tagger reads as a verb right after "are"/"the" and before a noun modifies it ("are oil prices").
    if (token.pos === 'VERB' && ['AUX', 'DET'].includes(tokens[i - 1]?.pos ?? '') && tokens[i + 1]?.pos === 'NOUN') {
      return true;
    }
    // An -ing form between two nouns is the clause's verb unless another verb follows it ("is student debt hurting
    // borrowers" against "are container shipping rates rising").
    return (
      token.pos === 'VERB' &&
      /ing$/u.test(token.text.toLowerCase()) &&
      tokens[i + 1]?.pos === 'NOUN' &&
      ['NOUN', 'ADJ', 'DET'].includes(tokens[i - 1]?.pos ?? '') &&
      laterVerb(tokens, i + 1)
    );
  };
  if (!inRun(start)) return Object.assign([], { skipped: 0 });
  while (inRun(end + 1)) end += 1;
  // The phrase ends at its last noun; adjectives after it are predicates, read on their own.
  // and words of time or manner after it ("cryptocurrencies right now") are not part of it.
  while (
    end > start &&
    ((!isNoun(tokens[end]!) && !GENERIC.has(wordKey(tokens[end]!.text))) ||
      (FRAMING.has(wordKey(tokens[end]!.text)) && !FRAMING_HEADS.has(wordKey(tokens[end]!.text))))
  )
    end -= 1;
  const words = tokens.slice(start, end + 1);
  const head = words.at(-1)!;
  const headKey = wordKey(head.text);
  if ((!isNoun(head) && !GENERIC.has(headKey)) || FRAMING_HEADS.has(headKey))
    return Object.assign([], { skipped: words.length - 1 });
  // Framing adjectives ("new helium sources") and nouns of a domain ("stock markets") fall out; a framing noun that
  // names a kind of thing stays ("podcast advertising").
  const kept = words.filter((w) => {
    const key = wordKey(w.text);
    return (!FRAMING.has(key) || FRAMING_HEADS.has(key)) && !DOMAIN.has(key) && !MOVES.has(key);
  });
  if (kept.length === 0) return Object.assign([], { skipped: words.length - 1 });
  const topics = kept.filter((w) => !(w === head && GENERIC.has(headKey) && kept.length === 1));
  const members: RunMember[] = topics.map((w) => {
    const generic = w === head && GENERIC.has(headKey);
    // The head of "natural gas prices" is said in other words too ("natural gas futures rose").
    const equivalents = generic ? (HEAD_EQUIVALENTS.get(headKey) ?? []) : [];
    return { kind: 'topic' as const, label: w.text, forms: [w.text, ...equivalents].map(wordForm), generic };
  });
  if (members.length >= 3) {
    // "foreign direct investment" is also written "FDI": the acronym holds the whole phrase.
    const acronym = members.map((m) => m.label[0]!.toUpperCase()).join('');
    for (const member of members)
      member.forms.push({ words: [{ key: wordKey(acronym), cased: true, upper: true }], whole: true });
  }
  return Object.assign(members, { skipped: words.length - members.length });
}

/** A noun, or a lower-case word the tagger took for a name ("cryptocurrencies"). */
function isNoun(token: Tagged): boolean {
  return token.pos === 'NOUN' || (token.pos === 'PROPN' && (!token.capital || ACRONYM.test(token.text)));
}

function wordForm(text: string): Form {
  const upper = ACRONYM.test(text);
  return { words: keyedWords(text).map((w) => ({ key: w.key, cased: upper, upper })) };
}

const ACRONYM = /^\p{Lu}{2,5}s?$/u;

function isPlace(label: string): boolean {
  const key = phraseKey(label);
  return PLACES.has(key);
}

/** Prepositions that set the circumstances of a question rather than its subject. */
const CIRCUMSTANCE = /^(?:under|during|since|amid|after|before|following)$/iu;
/** Of those, the ones that never name what a verb acts on. */
const ALWAYS_WHEN = /^(?:during|since|amid)$/iu;

/** How many tokens before `i` join it to the phrase before: "and", "or", "and the", ", and" (0 when none do). */
function joinerLength(tokens: Tagged[], i: number): number {
  let k = i - 1;
  if (tokens[k]?.pos === 'DET') k -= 1;
  if (!/^(?:and|or)$/iu.test(tokens[k]?.text ?? '')) return -1;
  k -= 1;
  if (tokens[k]?.text === ',') k -= 1;
  return i - 1 - k;
}

/** Whether a verb follows, before the clause ends. */
function laterVerb(tokens: Tagged[], from: number): boolean {
  for (let i = from + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.pos === 'PUNCT' || token.pos === 'CCONJ') return false;
    if (token.pos === 'VERB') return true;
  }
  return false;
}

/** One concept per label and clause: a question that says "bank" twice asks about banks once. */
function distinct(drafts: Draft[]): Draft[] {
  const seen = new Set<string>();
  return drafts.filter((draft) => {
    const id = `${draft.clause}:${draft.kind}:${draft.forms[0]!.words.map((w) => w.key).join(' ')}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * The forms a name may take: as written, the other names of its alias group, its acronym when it has several words
 * ("ACA"), and a person's or firm's last word when that word is not an everyday one ("Musk" for "Elon Musk").
 */
function nameForms(label: string): Form[] {
  const spellings = new Set([label]);
  const key = phraseKey(label);
  for (const aliases of NAME_ALIASES) {
    if (aliases.some((alias) => phraseKey(alias) === key)) for (const alias of aliases) spellings.add(alias);
  }
  const words = label.split(/\s+/u);
  if (words.length >= 3) spellings.add(words.map((w) => w[0]!.toUpperCase()).join(''));
  if (words.length === 2 && /^\p{Lu}\p{Ll}+$/u.test(words[1]!) && !COMMON_LAST.has(words[1]!.toLowerCase())) {
    spellings.add(words[1]!);
  }
  return [...spellings].map((spelling) => ({
    words: keyedWords(spelling).map((word, i) => {
      const raw = spelling.split(/[\s-]+/u)[i] ?? '';
      return { key: word.key, cased: /^\p{Lu}/u.test(raw), upper: word.upper && raw.length <= 4 };
    }),
  }));
}

/** Second words of two-word names that are everyday words: "Federal Reserve" is not any "Reserve". */
const COMMON_LAST = new Set(
  'reserve bank act street house office party fund group court union state states times post news inc corp'.split(' '),
);

function phraseKey(text: string): string {
  return keyedWords(text)
    .map((word) => word.key)
    .join(' ');
}

/** Same form as search's BM25 idf (lib/search/lexical/resolve-terms.ts), so the two weigh words alike. */
function idf(corpus: number, docCount: number): number {
  return Math.log(1 + (Math.max(corpus, docCount) - docCount + 0.5) / (docCount + 0.5));
}

/** Words English uses this often or more are everyday words (the local word vectors' frequency order). */
const EVERYDAY_RANK = 60_000;

function isEveryday(label: string, store: CompactStore | null): boolean {
  const entry = store?.index.get(label.toLowerCase().split(/['’]/u)[0]!);
  return entry !== undefined && store!.ranks[entry]! < EVERYDAY_RANK;
}

/**
 * How much a word names a subject rather than frames a question, from its rank among English words (the local word
 * vectors' frequency order): "make" little, "bank" more, "Waymo" fully. A name is fully specific.
 */
function specificity(draft: Draft, store: CompactStore | null): number {
  if (draft.kind === 'name' || !store) return 1;
  const entry = store.index.get(draft.label.toLowerCase().split(/['’]/u)[0]!);
  if (entry === undefined) return 1;
  const rank = store.ranks[entry]!;
  return (rank + 1) / (rank + 1 + DEFAULT_COMMON_WORD_RANK);
}
