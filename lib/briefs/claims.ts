import { boilerplateSpans, within } from '@/lib/ai/text/boilerplate';
import { englishNlp } from '@/lib/ai/text/nlp';
import { isNotAClaim } from '@/lib/ai/text/not-a-claim';
import { displayText, type Sentence, splitSentences } from '@/lib/ai/text/sentences';
import { PLACES } from './name-aliases';
import type { Concept, Form, Subject } from './subject';
import { type KeyedWord, keyedWords } from './word-keys';

/**
 * The claim test: which sentences of a post state something about the question's subject (subject.ts), so that an
 * answer made of them is about the question. Per clause of the question, a sentence is a claim only when
 * - it names every name of the clause (one of a list of alternatives is enough), in any of the name's forms; a place
 *   qualifying the subject alone ("a US recession") may be named anywhere in the post;
 * - it holds every noun phrase of the clause (of phrases joined by "and" or "or", one; a minor one may be missing):
 *   "natural gas" needs both words, a gas oven is not natural gas; "coffee prices" needs its head;
 * - a clause with no noun phrase ("could it be broken up?") has one of its own words in the sentence;
 * - it names the subject itself, and holds at least CLAIM_SHARE of the clause's weight, predicates included;
 * each in the sentence itself or in the sentence it continues ("It…", "But…": then both are quoted, as one passage).
 * Words are matched as the words they are (word-keys.ts): "nature" is not "natural", and "devalued" alone names no
 * currency. The title is a sentence of the post too, when it states something: a news item's title is often its
 * answer. Promotional lines ("Read about…", links) never are.
 */
export const CLAIM_SHARE = 0.4;
/** A noun phrase weighing less than this share of the clause's phrases may be missing from a claim. */
const MINOR_UNIT = 1 / 6;

/**
 * How strictly a question's noun phrases are read: `every-phrase` wants each of them whole in the sentence (of phrases
 * joined by "and", one; a minor one may be missing); `phrase-heads` is content with each phrase's head for phrases of
 * one or two words ("how are tariffs affecting retailers' margins?": tariffs, and margins, whose ever they are). A
 * brief reads every-phrase first, and phrase-heads only when no post holds a claim so read (select-sources.ts).
 */
export type Reading = 'every-phrase' | 'phrase-heads';

/** A passage of the post that passes the claim test, quoted as it stands, and how well it answers. */
export interface ClaimPassage {
  /** Verbatim: the post's title, or a slice of its text (one sentence, or two when the second leans on the first). */
  quote: string;
  /** Where it starts in the text (-1 for the title): later passages of a post are less often its point. */
  start: number;
  /** The sentence's place in the post (0 for the title), for the lead bonus. */
  index: number;
  /** Share of the question's weight it holds (0-1). */
  share: number;
  score: number;
  speaker: string | null;
  /** It states a cause ("because", "driven by"): what a "why" question asks for. */
  causal: boolean;
}

/** A sentence that leans on the one before ("This is why…", "But…") is read with it. */
export const LEANS_BACK =
  /^(?:this|that|these|those|it|its|they|their|them|he|she|his|her|but|and|or|so|also|which|here|there|then|still|yet|however|meanwhile|instead|otherwise|the reason|as a result|for example|in other words|in short|to be sure|of course|against (?:that|this) backdrop|with that|in that context|the (?:quarter|company|firm|stock|bank|deal|move|trade|position|country|government|currency|economy|central bank|agency|group|plan|bill|law)\b)\b/iu;
/** A post talking about itself ("this note is about…", "here is how we think about it") rather than the subject. */
const META =
  /\b(?:this (?:note|post|piece|issue|letter|newsletter|episode|week's episode|podcast)|here is|here's|below|we discussed|as discussed|we will say so|on today's show|in this episode|today on)\b/iu;
/** A line that sends the reader elsewhere ("Read about…", "Visit https://…", "Listen to…"): no claim of its own. */
const PROMO =
  /^(?:read|listen|watch|click|subscribe|sign up|follow|visit|download|join|register|learn more|find out)\b|https?:\/\/|www\./iu;
/** A cause stated: what a "why" question asks for. */
const CAUSAL =
  /\b(?:because|due to|driven by|owing to|thanks to|as a result|result of|caused by|cause[sd]?|blam(?:e|ed|es|ing)|reasons?|since|amid|after|fuell?ed by|led to|lead to|pressure from|behind)\b/iu;
const FIGURE = /\$\d|\d%|\d(?:\.\d+)?x\b|\d(?:\.\d+)? ?(?:bn|billion|million|bps|basis points)\b/u;
/** A whole sentence: opens with a capital, a digit, a currency sign or a quote, and ends with its stop. */
const WHOLE = /^[\p{Lu}\d$€£(“"‘][\s\S]*[.!](?:["”’)\]]*)$/u;
/** The last sentence of a teaser or a paragraph often lacks its stop ("…, says an analyst"): whole all the same. */
const WHOLE_AT_END = /^[\p{Lu}\d$€£(“"‘][\s\S]*[\p{L}\d%)]$/u;
const OPENS_WITH_QUOTE = /^(?:[^:“"‘«„]{1,40}:\s*)?["“‘«„]/u;
const MIN_WORDS = 6;
const MAX_WORDS = 60;
const MIN_TITLE_WORDS = 5;

/**
 * A passage of the post read against the question: whether the rules admit it (and under which reading), and what of
 * the subject it names. The meaning test (meaning.ts) reads these with the question's sense.
 */
export interface ReadPassage extends ClaimPassage {
  /** The strictest reading under which the rules admit it; null when they do not. */
  rule: Reading | null;
  /**
   * It names every name the question requires (of one of its clauses), itself or in the sentence it continues (`all`),
   * or some of them while the post names the rest (`some`), or not (null).
   */
  names: NamesHeld;
  /**
   * Of the question's noun phrases it holds `key`, the most specific word (the rarest: "olive" of "olive oil prices"),
   * or only `other` words of them (not a generic head such as "prices"), or none.
   */
  topic: TopicHeld;
}

export type TopicHeld = 'key' | 'other' | null;
const TOPIC_RANK = { key: 2, other: 1, none: 0 } as const;

/** The claim passages of one post, best first; none when the post does not speak to the question's subject. */
export function claimPassages(
  subject: Subject,
  post: { title: string; text: string },
  reading: Reading = 'every-phrase',
): ClaimPassage[] {
  return readPassages(subject, post)
    .filter((p) => p.rule === 'every-phrase' || (reading === 'phrase-heads' && p.rule !== null))
    .map(({ rule: _rule, names: _names, topic: _topic, ...passage }) => passage);
}

/**
 * Every passage of the post (its title, when it states something, and its quotable sentences, each with the sentence
 * it continues where it leans on it) that the rules admit or that names the question's subject, best first.
 */
export function readPassages(subject: Subject, post: { title: string; text: string }): ReadPassage[] {
  const total = Math.max(sum(subject.concepts), 1e-9);
  const passages: ReadPassage[] = [];
  const title = post.title.trim();
  // The title is read apart: a headline's capitals are not names.
  const postWords = [...keyedWords(title), ...keyedWords(post.text)];
  const names = nameOnlyKeys(postWords);
  const wordsOf = (text: string): KeyedWord[] => markNames(keyedWords(text), names);
  const split = splitSentences(post.text);
  const sentences = quotableSentences(post.text, split);
  const ruleOf = (words: readonly KeyedWord[], context: readonly KeyedWord[]) => {
    for (const reading of ['every-phrase', 'phrase-heads'] as const) {
      const held = holds(subject, words, context, postWords, reading);
      if (held !== null) return { reading, held };
    }
    return null;
  };
  if (
    countWords(title) >= MIN_TITLE_WORDS &&
    !post.text.includes(title) &&
    !PROMO.test(title) &&
    readsAsStatement(title)
  ) {
    const words = wordsOf(title);
    const rule = ruleOf(words, []);
    const named = namesSubject(subject, words, [], postWords);
    if (rule || named.names) {
      passages.push({
        ...passage(subject, title, -1, 0, (rule?.held ?? 0) / total, null),
        rule: rule?.reading ?? null,
        ...named,
      });
    }
  }
  const byIndex = new Map(sentences.map((s) => [s.index, s]));
  for (const sentence of sentences) {
    const previous = split[sentence.index - 1];
    const continues =
      previous !== undefined && previous.paragraph === sentence.paragraph && LEANS_BACK.test(sentence.text);
    const context = continues ? wordsOf(previous.text) : [];
    const words = wordsOf(sentence.text);
    const rule = ruleOf(words, context);
    const named = namesSubject(subject, words, context, postWords);
    if (rule === null && !named.names) continue;
    // A passage that needs the sentence before it is quoted with it, when that one can be quoted too.
    const alone = rule
      ? holds(subject, words, [], postWords, rule.reading) !== null
      : namesSubject(subject, words, [], postWords).names;
    const needsContext = continues && !alone;
    if (needsContext && !byIndex.has(previous!.index)) continue;
    const quote = needsContext ? post.text.slice(previous!.start, sentence.end) : sentence.text;
    if (needsContext && countWords(quote) > MAX_WORDS) continue;
    const start = needsContext ? previous!.start : sentence.start;
    passages.push({
      ...passage(subject, quote, start, sentence.index + 1, (rule?.held ?? 0) / total, sentence.speaker),
      rule: rule?.reading ?? null,
      ...named,
    });
  }
  return passages.sort((a, b) => b.score - a.score || a.start - b.start);
}

/**
 * What of the subject a sentence names, with the sentence it continues: `all` the names one of the question's clauses
 * requires (a place qualifying the subject may be named anywhere in the post), or `some` of them when the post names
 * the rest elsewhere; and the most specific word of that clause's noun phrases, or another of them (TopicHeld). A
 * sentence that names neither a name nor a topic word of the question is not about its subject.
 */
export function namesSubject(
  subject: Subject,
  words: readonly KeyedWord[],
  context: readonly KeyedWord[],
  post: readonly KeyedWord[],
): { names: NamesHeld; topic: TopicHeld } {
  if (subject.concepts.length === 0) return { names: 'all', topic: 'key' };
  let best: { names: NamesHeld; topic: TopicHeld } = { names: null, topic: null };
  const rank = (x: { names: NamesHeld; topic: TopicHeld }) =>
    NAMES_RANK[x.names ?? 'none'] * 3 + TOPIC_RANK[x.topic ?? 'none'];
  for (const clause of clausesOf(subject.concepts, subject.referring)) {
    const held = (c: Concept) => c.forms.some((form) => hasForm(words, form) || hasForm(context, form));
    const names = clause.filter((c) => c.kind === 'name');
    const qualifiersOnly = names.every((c) => c.qualifier);
    const required = qualifiersOnly ? names : names.filter((c) => !c.qualifier);
    const groups = [...new Set(required.map((c) => c.group))];
    const inPost = (c: Concept) => c.forms.some((form) => hasFormMemo(post, form));
    const allHeld =
      groups.every((group) => names.some((c) => c.group === group && (held(c) || (qualifiersOnly && inPost(c))))) &&
      (qualifiersOnly || placesAgree(names, new Set(names.filter(held)), post));
    const someHeld =
      required.some(held) && groups.every((group) => names.some((c) => c.group === group && (held(c) || inPost(c))));
    if (!allHeld && !someHeld) continue;
    // The clause's most specific topic word (its rarest): "olive" of olive oil prices, "uranium" of a uranium rally.
    const topics = clause.filter((c) => c.kind === 'topic' && !c.generic);
    const key = topics.reduce<Concept | null>((top, c) => (top === null || c.weight > top.weight ? c : top), null);
    const topic: TopicHeld = key !== null && held(key) ? 'key' : topics.some(held) ? 'other' : null;
    // Something of the subject itself is in the sentence: a required name, or a word of a noun phrase.
    if (!topic && !required.some(held)) continue;
    const found = { names: allHeld ? ('all' as const) : ('some' as const), topic };
    if (rank(found) > rank(best)) best = found;
  }
  return best;
}

/**
 * Beside another name, a place the question names need not be in the sentence, but the post is not about another
 * place: it names this one somewhere, or names no place at all ("Jamie Oliver closes six restaurants…", asked about
 * his restaurants in the UK; not a post on Brazil, asked about India).
 */
function placesAgree(names: readonly Concept[], held: ReadonlySet<Concept>, post: readonly KeyedWord[]): boolean {
  return names.every(
    (c) => !c.qualifier || held.has(c) || c.forms.some((form) => hasFormMemo(post, form)) || !namesAnyPlace(post),
  );
}

const placeNamed = new WeakMap<readonly KeyedWord[], boolean>();
/** Whether the post names a place of the alias list (a capitalized country or region, in one word or two). */
function namesAnyPlace(post: readonly KeyedWord[]): boolean {
  let found = placeNamed.get(post);
  if (found === undefined) {
    found = post.some(
      (word, i) =>
        word.capital &&
        (PLACES.has(word.key) || (post[i + 1]?.capital === true && PLACES.has(`${word.key} ${post[i + 1]!.key}`))),
    );
    placeNamed.set(post, found);
  }
  return found;
}

export type NamesHeld = 'all' | 'some' | null;
const NAMES_RANK = { all: 2, some: 1, none: 0 } as const;

/** hasForm over a whole post, remembered per post and form: every sentence of the post asks it again. */
const postForms = new WeakMap<readonly KeyedWord[], Map<Form, boolean>>();
function hasFormMemo(post: readonly KeyedWord[], form: Form): boolean {
  let known = postForms.get(post);
  if (!known) {
    known = new Map();
    postForms.set(post, known);
  }
  let found = known.get(form);
  if (found === undefined) {
    found = hasForm(post, form);
    known.set(form, found);
  }
  return found;
}

/**
 * The weight of the question a sentence holds, with the sentence it continues, or null when it is not a claim (see
 * the rules above). A question of several clauses is answered by a sentence that answers any one of them. A question
 * with nothing to weigh ("latest") makes every sentence a claim of no weight.
 */
export function holds(
  subject: Subject,
  words: readonly KeyedWord[],
  context: readonly KeyedWord[],
  post: readonly KeyedWord[] = [],
  reading: Reading = 'every-phrase',
): number | null {
  if (subject.concepts.length === 0) return 0;
  let best: number | null = null;
  for (const clause of clausesOf(subject.concepts, subject.referring)) {
    const weight = holdsClause(clause, words, context, post, reading);
    if (weight !== null && (best === null || weight > best)) best = weight;
  }
  return best;
}

/**
 * The concepts of each clause. A later clause is about the first one's subject when it names none of its own or points
 * back at it ("Is IBM cutting jobs again, and where will the cuts land?", "…Facebook, and could it be broken up?"):
 * it reads the first clause's names, or, when the first names nothing, its first noun phrase ("Is helium getting
 * scarce, and has anyone found a new source of it?"). A clause that asks nothing of its own ("…, and what drove the
 * increase?") reads the first one's names and first noun phrase.
 */
export function clausesOf(concepts: readonly Concept[], referring: readonly number[] = []): Concept[][] {
  const clauses: Concept[][] = [];
  for (const concept of concepts) {
    const last = clauses.at(-1);
    if (last && last[0]!.clause === concept.clause) last.push(concept);
    else clauses.push([concept]);
  }
  const first = clauses[0]!;
  const firstNames = first.filter((c) => c.kind === 'name');
  const namesSubject = firstNames.some((c) => !c.qualifier);
  const firstTopic = first.find((c) => c.kind === 'topic');
  const firstUnit = firstTopic ? first.filter((c) => c.kind === 'topic' && c.unit === firstTopic.unit) : [];
  return clauses.map((clause, i) => {
    if (i === 0) return clause;
    const refers = referring.includes(clause[0]!.clause);
    const asksNothing = !clause.some((c) => c.kind !== 'name');
    const names = !clause.some((c) => c.kind === 'name') || refers ? firstNames : [];
    const unit = asksNothing || (refers && !namesSubject) ? firstUnit : [];
    return [...names, ...unit, ...clause];
  });
}

/** A clause's test: its names, one of its noun phrases, the sentence itself on the subject, and half its weight. */
function holdsClause(
  concepts: readonly Concept[],
  words: readonly KeyedWord[],
  context: readonly KeyedWord[],
  post: readonly KeyedWord[],
  reading: Reading,
): number | null {
  const inSentence = (concept: Concept) => concept.forms.some((form) => hasForm(words, form));
  const held = new Set(concepts.filter((c) => inSentence(c) || c.forms.some((form) => hasForm(context, form))));
  // A phrase's acronym ("FDI") holds the whole phrase.
  for (const c of concepts) {
    const whole = c.forms.some((form) => form.whole && (hasForm(words, form) || hasForm(context, form)));
    if (whole)
      for (const member of concepts) if (member.kind === 'topic' && member.phrase === c.phrase) held.add(member);
  }
  const names = concepts.filter((c) => c.kind === 'name');
  const qualifiersOnly = names.every((c) => c.qualifier);
  // A place qualifying the subject, named alone, is read from the whole post ("recession" in a post on the US).
  const readInPost = new Set<Concept>();
  if (qualifiersOnly) {
    for (const c of names) {
      if (held.has(c) || !c.forms.some((form) => hasForm(post, form))) continue;
      held.add(c);
      readInPost.add(c);
    }
  }
  const required = qualifiersOnly ? names : names.filter((c) => !c.qualifier);
  const groups = [...new Set(required.map((c) => c.group))];
  if (!groups.every((group) => names.some((c) => c.group === group && held.has(c)))) return null;
  if (!qualifiersOnly && !placesAgree(names, held, post)) return null;
  // Every noun phrase of the clause is held (of phrases joined by "and" or "or", one), but for one that weighs under a
  // sixth of them ("coffee prices": a coffee shop is not; "natural gas": a gas oven is not; asked about the risks of
  // cryptocurrencies, a sentence on risk is not; asked how the coronavirus hits markets, one on the virus alone is not).
  const units = new Map<number, Concept[][]>();
  for (const c of concepts) {
    if (c.kind !== 'topic') continue;
    const phrases = units.get(c.unit) ?? [];
    const phrase = phrases.find((members) => members[0]!.phrase === c.phrase);
    if (phrase) phrase.push(c);
    else phrases.push([c]);
    units.set(c.unit, phrases);
  }
  // A phrase of one or two words is held whole ("natural gas", "coffee prices"); a longer one by two thirds of its
  // weight, so its rarest word counts most ("container shipping rates": shipping and a refresh rate are not it). Its
  // head is always held, a head every post uses in its words or another's ("olive oil prices": not olive oil in a
  // recipe; "natural gas prices": natural gas futures; "container shipping rates": not container shipping).
  const isHeld = (members: Concept[]) => {
    const head = members.at(-1)!;
    if (!held.has(head)) return false;
    if (members.length <= 2) return members.every((c) => held.has(c));
    const total = members.reduce((sum, c) => sum + c.weight, 0);
    const heldWeight = members.filter((c) => held.has(c)).reduce((sum, c) => sum + c.weight, 0);
    return heldWeight >= (2 / 3) * total;
  };
  // Read by heads, a short phrase is held by its head ("margins" for "retailers' margins"); a generic head alone
  // ("prices") holds nothing.
  const isHeldByHead = (members: Concept[]) =>
    members.length <= 2 ? held.has(members.at(-1)!) && !members.at(-1)!.generic : isHeld(members);
  const weightOf = (phrases: Concept[][]) =>
    Math.max(...phrases.map((members) => members.reduce((total, c) => total + c.weight, 0)));
  const allUnits = [...units.values()];
  const unitsWeight = allUnits.reduce((total, phrases) => total + weightOf(phrases), 0);
  const phraseHeld =
    allUnits.some((phrases) => phrases.some(isHeld)) &&
    allUnits.every(
      (phrases) =>
        phrases.some(reading === 'phrase-heads' ? isHeldByHead : isHeld) ||
        weightOf(phrases) < MINOR_UNIT * unitsWeight,
    );
  const phrases = allUnits;
  // Two names of the subject held together stand for it without its noun phrase ("the deal to bring Amazon to New York
  // City fell apart", asked about Amazon's New York City headquarters); one does not ("German" for the German economy).
  // Places do not: "China" and "American" held together are not a trade war's hit to American farmers.
  const namesSuffice = new Set(names.filter((c) => !c.qualifier).map((c) => c.group)).size >= 2;
  if (phrases.length > 0 && !phraseHeld && !namesSuffice) return null;
  // A clause with no noun phrase asks something of its names ("why did the United States slip?", "could it be broken
  // up?"): the sentence says it, in one of the clause's own words, not only the name.
  const asked = concepts.filter((c) => c.kind === 'predicate' && !names.includes(c));
  if (phrases.length === 0 && asked.length > 0 && !asked.some((c) => held.has(c))) return null;
  // The sentence itself names the subject: a name or a topic, not only what the question asks of it.
  if (!concepts.some((c) => c.kind !== 'predicate' && inSentence(c))) return null;
  // Names listed as alternatives weigh once, as the one held.
  const weigh = (list: readonly Concept[]) => {
    const seen = new Set<number>();
    let total = 0;
    for (const c of list) {
      if (c.kind === 'name' && seen.has(c.group)) continue;
      seen.add(c.group);
      total += c.weight;
    }
    return total;
  };
  // A place read from elsewhere in the post lets the sentence through, but says nothing of the sentence's own weight.
  const weight = weigh(concepts.filter((c) => held.has(c) && !readInPost.has(c)));
  // A place beside another name is optional: unless the sentence names it, it weighs on neither side.
  const weighed = qualifiersOnly ? concepts : concepts.filter((c) => !c.qualifier || held.has(c));
  return weight >= CLAIM_SHARE * weigh(weighed) ? weight : null;
}

function passage(
  subject: Subject,
  quote: string,
  start: number,
  index: number,
  share: number,
  speaker: string | null,
): ClaimPassage {
  const figures = FIGURE.test(quote) ? 0.1 : 0;
  // Early sentences state a post's point; the bonus fades over the first paragraphs.
  const lead = 0.15 / (1 + index / 3);
  const cause = subject.asksWhy && CAUSAL.test(quote) ? 0.3 : 0;
  const meta = META.test(quote) ? 0.5 : 1;
  return {
    quote,
    start,
    index,
    share,
    score: (share + figures + lead + cause) * meta,
    speaker,
    causal: CAUSAL.test(quote),
  };
}

/**
 * Whether a title states something ("Jamie Oliver closes six restaurants because of…", "Russia moves closer to
 * default") rather than names a topic ("Scott Galloway on Amazon and Whole Foods", "#978: Coronavirus, Oil, and
 * Kansas", "The Origins of Boeing's 737 Max Crisis") or asks ("Could a wealth tax work?"): it has a verb, and no
 * question mark. Headlines capitalize every word, which reads as names to the tagger, so it reads the title in lower
 * case.
 */
function readsAsStatement(title: string): boolean {
  if (/\?\s*$/u.test(title)) return false;
  const nlp = englishNlp();
  const tokens = nlp.readDoc(title.toLowerCase()).tokens();
  const pos = tokens.out(nlp.its.pos) as string[];
  const words = tokens.out() as string[];
  return pos.some(
    (tag, i) => (tag === 'VERB' || tag === 'AUX') && pos[i + 1] !== 'PART' && !(i === 0 && /ing$/u.test(words[i]!)),
  );
}

/** Whether the words hold the form as a run, each word matching by key (and by case, for names). */
function hasForm(words: readonly KeyedWord[], form: Form): boolean {
  const n = form.words.length;
  if (n === 0) return false;
  outer: for (let i = 0; i + n <= words.length; i++) {
    for (let j = 0; j < n; j++) {
      const want = form.words[j]!;
      const word = words[i + j]!;
      if (
        word.key !== want.key ||
        (want.cased && !word.capital) ||
        (want.upper && !word.upper) ||
        // An everyday noun of the question is not a name the post uses ("rubies" is not Ruby, "shell" not Shell).
        (want.everyday && word.capital && word.nameOnly)
      )
        continue outer;
    }
    return true;
  }
  return false;
}

/**
 * A post's sentences that can stand as a quoted claim: whole, clean sentences of the author's own. No boilerplate
 * (sponsor reads, links), headings, quotations of others, questions, or lines that are not claims.
 */
function quotableSentences(text: string, sentences: readonly Sentence[]): Sentence[] {
  const boilerplate = boilerplateSpans(text);
  return sentences.map(withoutTeaserEllipsis).filter((s) => {
    const n = countWords(s.text);
    return (
      n >= MIN_WORDS &&
      n <= MAX_WORDS &&
      !s.quoted &&
      !s.text.includes('\n') &&
      displayText(s.text) === s.text.replace(/ {2,}/gu, ' ') &&
      (WHOLE.test(s.text) || (endsParagraph(text, s.end) && WHOLE_AT_END.test(s.text))) &&
      !OPENS_WITH_QUOTE.test(s.text) &&
      !isNotAClaim(s.text) &&
      !PROMO.test(s.text) &&
      !within(boilerplate, s.start, s.end)
    );
  });
}

/** Nothing but space after `end` up to the end of its paragraph (a blank line) or of the text. */
function endsParagraph(text: string, end: number): boolean {
  return /^[ \t]*(?:\n[ \t]*\n|\s*$)/u.test(text.slice(end, end + 200));
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

/** Words the post writes with a capital inside its sentences and never in lower case: names in this post. */
function nameOnlyKeys(words: readonly KeyedWord[]): Set<string> {
  const proper = new Set<string>();
  const common = new Set<string>();
  for (const word of words) {
    if (word.proper && !word.upper) proper.add(word.key);
    else if (!word.capital) common.add(word.key);
  }
  return new Set([...proper].filter((key) => !common.has(key)));
}

function markNames(words: KeyedWord[], names: ReadonlySet<string>): KeyedWord[] {
  return names.size === 0 ? words : words.map((word) => (names.has(word.key) ? { ...word, nameOnly: true } : word));
}

function sum(concepts: readonly Concept[]): number {
  return concepts.reduce((total, c) => total + c.weight, 0);
}

export function countWords(text: string): number {
  return text.split(/\s+/u).filter(Boolean).length;
}
