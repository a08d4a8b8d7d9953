import {
  type Action,
  COMPARED,
  CONTEXT_CLAUSE,
  type Cue,
  type Direction,
  FIRST_PERSON,
  findCues,
  isModal,
  NEGATED,
  NOT_OWNED_AFTER,
  REJECTED,
  THIRD_PARTY,
} from '@/lib/ai/picks/cues';
import type { CandidatePick } from '@/lib/ai/picks/extractor';
import { type ListLead, leadsOf } from '@/lib/ai/picks/leads';
import { aboutMarkets } from '@/lib/ai/text/markets';
import type { Sentence } from '@/lib/ai/text/sentences';
import type { TickerMention } from '@/lib/ai/text/tickers';

/**
 * One (company, sentence) pair the learned step scores: every company a sentence names, and, for a sentence that
 * states an action on no company it names ("We think the shares are a buy here"), the company last named before it in
 * the speaker's turn. The rules' own candidates are among them, marked as such: the classifier decides whether the
 * pair is the author's call, the action and direction come from the rules where they fired, else from the cue.
 */
export interface PairCandidate {
  ticker: string;
  direction: Direction;
  action: Action;
  sentence: Sentence;
  mention: TickerMention;
  /** The rules made this call from this sentence. */
  ruleFired: boolean;
  features: number[];
}

export const FEATURE_NAMES = [
  'bias',
  'rule_here',
  'rule_here_other_direction',
  'rule_elsewhere_in_post',
  'rules_call_count_in_post',
  'cue_any',
  'cue_verb',
  'cue_view',
  'cue_label',
  'cue_distance',
  'cue_before_mention',
  'cue_new',
  'cue_add',
  'cue_hold',
  'cue_recommendation',
  'cue_reduce',
  'cue_exit',
  'cue_short',
  'first_person_before_cue',
  'first_person_in_sentence',
  'third_party_before_cue',
  'negated_before_cue',
  'modal_before_cue',
  'context_clause_before_cue',
  'condition',
  'question',
  'quoted',
  'rejected',
  'clause_break_between',
  'list_item',
  'list_lead',
  'list_lead_action',
  'transcript_turn',
  'opens_sentence',
  'possessive',
  'weak_name',
  'via_cashtag',
  'via_parenthesized',
  'via_listing',
  'via_name',
  'via_bare_ticker',
  'companies_in_sentence',
  'compared_before',
  'not_owned_after',
  'dated_history',
  'security_words',
  'post_about_markets',
  'in_title',
  'others_rating',
  'product_article',
  'post_mentions_of_company',
  'referent',
  'referent_distance',
  'referent_word',
  'referent_topic',
  'referent_post_subject',
  'sponsor_or_link',
  'trade_word_near',
  'item_label',
  'option_words',
  'first_person_in_clause',
] as const;

const F = Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, i])) as Record<(typeof FEATURE_NAMES)[number], number>;

const SECURITY_WORDS =
  /\b(?:shares?|stocks?|stake|position|positions|holdings?|puts?|calls on|options?|portfolio|weight|long|short)\b/iu;
const CONDITION = /(?:^|[,;(]\s*|\b(?:and|but|so|then)\s+)(?:if|unless|should|in case)\s+(?!you\b)/iu;
// "last year" and "in the autumn of 2020" date a trade as the rules' DATED does (offline.ts).
const DATED_HISTORY =
  /\blast year\b|\b(?:in|during)\s+the\s+(?:(?:early|late)\s+)?(?:spring|summer|autumn|fall|winter|first half|second half)\s+of\s+(?:19|20)\d\d\b|\b(?:in|during)\s+(?:(?:early|late|mid-?)\s*)?(?:19|20)\d\d\b|\b(?:years|decades) (?:ago|later)\b|\bback in\b/iu;
const OTHERS_RATING = /\b(?:upgrad|downgrad|initiat\w* coverage|price target|analysts?\b|reiterat)/iu;
const REFERENT_WORD =
  /\b(?:it|them|the (?:stock|shares|position|stake|name|company)|this (?:one|name|stock)|that (?:one|name|stock)|our (?:position|stake|shares))\b/iu;
const SPONSOR = /\b(?:sponsor\w*|brought to you by|promo code|affiliate|click here|subscribe|https?:\/\/)/iu;
const SHORT_WORDS = /\bshort(?:s|ed|ing)?\b(?![- ](?:term|dated|of|squeeze|interest|sellers?))|\bputs\b/iu;
const CLAUSE_BREAK = /;|\s[—–]\s|\s+(?:but|while|whereas|although|though|however)\s+/iu;
/** Words of a trade, wider than the cues' lexicon: what a missed call's sentence says near its company. */
const TRADE_WORD =
  /\b(?:buy|bought|buying|sell|sold|selling|add|added|adding|increase[ds]?|increasing|cut|cutting|trim(?:med)?|close[ds]?|closing|exit(?:ed)?|open(?:ed|ing)?|initiat\w+|short(?:ed)?|cover(?:ed)?|long|own|owned|hold|holding|reduc\w+|took|take|taking|swapp?\w*|rotat\w+|moved|position|stake|weight)\b/iu;
const ITEM_LABEL = /^[\s\p{S}\p{P}]*\p{Lu}[\p{Ll}]+(?: \p{Ll}+)?\s*:\s/u;
const OPTION_WORDS = /\b(?:calls?|puts?|(?:call|put) spread|options?|strikes?)\b/iu;

/** How far back (in sentences of the same turn) a sentence's action may refer to the company last named. */
const REFERENT_REACH = 6;

export interface PostContext {
  text: string;
  title: string;
  sentences: Sentence[];
  /** Every company mention the rules see, strong and weak, in text order. */
  named: TickerMention[];
  /** The rules' candidates for the post (candidatesByRules), before post-processing. */
  rules: CandidatePick[];
}

/** The candidates of one post with their features, in text order. Deterministic; no model involved. */
export function pairCandidates(ctx: PostContext): PairCandidate[] {
  const { text, sentences, named, rules } = ctx;
  const leads = leadsOf(sentences);
  const markets = aboutMarkets(text) ? 1 : 0;
  const titleLower = ctx.title.toLowerCase();
  const counts = new Map<string, number>();
  for (const m of named) counts.set(m.ticker, (counts.get(m.ticker) ?? 0) + 1);
  const ruleKeys = new Set(rules.map((r) => `${r.ticker}|${r.direction}|${r.evidenceQuote}`));
  const ruleAnyDir = new Set(rules.map((r) => `${r.ticker}|${r.evidenceQuote}`));
  const ruleTickers = new Set(rules.map((r) => `${r.ticker}|${r.direction}`));
  const rulesCount = Math.min(rules.length, 8) / 8;
  const out: PairCandidate[] = [];
  let last: { mention: TickerMention; sentence: Sentence } | null = null;
  let topic: { mention: TickerMention; sentence: Sentence } | null = null;
  let postSubject: { mention: TickerMention; sentence: Sentence } | null | undefined;

  for (const sentence of sentences) {
    const s = sentence.text;
    const here = named.filter((m) => m.start >= sentence.start && m.end <= sentence.end);
    const cues = findCues(s, 0, true);
    const lead = leads.get(sentence.index);
    const distinct = new Set(here.map((m) => m.ticker)).size;
    const base = {
      s,
      sentence,
      cues,
      lead,
      distinct,
      markets,
      rulesCount,
      sponsor: SPONSOR.test(s) ? 1 : 0,
    };
    const seen = new Set<string>();
    for (const m of here) {
      const local = { ...m, start: m.start - sentence.start, end: m.end - sentence.start };
      const cue = nearestCue(cues, local);
      const direction = directionOf(s, cue, local, ruleKeys, m.ticker);
      const key = `${m.ticker}|${direction}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const x = sentenceFeatures(base, cue, local.start, local.end);
      x[F.rule_here] = ruleKeys.has(`${m.ticker}|${direction}|${s}`) ? 1 : 0;
      x[F.rule_here_other_direction] = !x[F.rule_here] && ruleAnyDir.has(`${m.ticker}|${s}`) ? 1 : 0;
      x[F.rule_elsewhere_in_post] = !x[F.rule_here] && ruleTickers.has(key) ? 1 : 0;
      x[F.opens_sentence] = /^[\s"“$]*$/u.test(s.slice(0, local.start)) ? 1 : 0;
      x[F.possessive] = /^['’]s?\s/u.test(s.slice(local.end)) ? 1 : 0;
      x[F.weak_name] = m.weak ? 1 : 0;
      x[F.via_cashtag] = m.via === 'cashtag' ? 1 : 0;
      x[F.via_parenthesized] = m.via === 'parenthesized' ? 1 : 0;
      x[F.via_listing] = m.via === 'exchange' || m.via === 'suffix' ? 1 : 0;
      x[F.via_name] = m.via === 'name' ? 1 : 0;
      x[F.via_bare_ticker] = m.via === 'ticker' ? 1 : 0;
      x[F.compared_before] = COMPARED.test(s.slice(Math.max(0, local.start - 30), local.start)) ? 1 : 0;
      x[F.not_owned_after] = NOT_OWNED_AFTER.test(s.slice(local.end, local.end + 60)) ? 1 : 0;
      x[F.in_title] =
        titleLower.includes(m.ticker.toLowerCase()) || (m.name && titleLower.includes(m.name.toLowerCase())) ? 1 : 0;
      x[F.product_article] =
        m.via === 'name' &&
        /\b(?:an?|my|our|your|the new)\s+$/iu.test(s.slice(Math.max(0, local.start - 10), local.start))
          ? 1
          : 0;
      x[F.post_mentions_of_company] = Math.min(counts.get(m.ticker) ?? 0, 6) / 6;
      x[F.trade_word_near] = TRADE_WORD.test(s.slice(Math.max(0, local.start - 50), Math.min(s.length, local.end + 50)))
        ? 1
        : 0;
      x[F.first_person_in_clause] = FIRST_PERSON.test(s.slice(lastBreak(s, local.start), nextBreak(s, local.end)))
        ? 1
        : 0;
      out.push({
        ticker: m.ticker,
        direction,
        action: actionOf(s, cue),
        sentence,
        mention: m,
        ruleFired: x[F.rule_here] === 1,
        features: x,
      });
    }
    // A sentence that states an action on no company of its own: the company last named in the turn, the company
    // that last opened a sentence (the passage's topic), and the company the post opens with.
    const strongHere = here.filter((m) => !m.weak);
    if (here.length === 0 && cues.length > 0) {
      const referents: Array<{ m: TickerMention; from: Sentence; kind: 'last' | 'topic' | 'subject' }> = [];
      if (last && sameTurn(last.sentence, sentence))
        referents.push({ m: last.mention, from: last.sentence, kind: 'last' });
      if (topic && topic.sentence.speaker === sentence.speaker && sentence.index - topic.sentence.index <= 12)
        referents.push({ m: topic.mention, from: topic.sentence, kind: 'topic' });
      if (postSubject && !sentence.speaker)
        referents.push({ m: postSubject.mention, from: postSubject.sentence, kind: 'subject' });
      const taken = new Set<string>();
      for (const r of referents) {
        if (taken.has(r.m.ticker)) continue;
        taken.add(r.m.ticker);
        const m = r.m;
        const cue = cues[0]!;
        const direction = directionOf(s, cue, null, ruleKeys, m.ticker);
        const x = sentenceFeatures(base, cue, s.length, s.length);
        x[F.referent] = 1;
        x[F.referent_distance] = Math.min(sentence.index - r.from.index, 12) / 12;
        x[F.referent_word] =
          REFERENT_WORD.test(s.slice(cue.start)) || REFERENT_WORD.test(s.slice(0, cue.start)) ? 1 : 0;
        x[F.referent_topic] = r.kind === 'topic' || topic?.mention.ticker === m.ticker ? 1 : 0;
        x[F.referent_post_subject] = postSubject?.mention.ticker === m.ticker ? 1 : 0;
        x[F.rule_here] = ruleKeys.has(`${m.ticker}|${direction}|${s}`) ? 1 : 0;
        x[F.rule_here_other_direction] = !x[F.rule_here] && ruleAnyDir.has(`${m.ticker}|${s}`) ? 1 : 0;
        x[F.rule_elsewhere_in_post] = !x[F.rule_here] && ruleTickers.has(`${m.ticker}|${direction}`) ? 1 : 0;
        x[F.post_mentions_of_company] = Math.min(counts.get(m.ticker) ?? 0, 6) / 6;
        x[F.weak_name] = m.weak ? 1 : 0;
        x[F.trade_word_near] = TRADE_WORD.test(s) ? 1 : 0;
        out.push({
          ticker: m.ticker,
          direction,
          action: actionOf(s, cue),
          sentence,
          mention: m,
          ruleFired: x[F.rule_here] === 1,
          features: x,
        });
      }
    }
    // "Digital Realty's new campus": a possessive opener names a company in passing, not the passage's topic.
    const opener = strongHere.find(
      (m) =>
        !/^['’]s?\s/u.test(text.slice(m.end)) &&
        !/['’]s?$/u.test(text.slice(m.start, m.end)) &&
        /^[\s"“$]*(?:\p{Lu}[\p{L}.&'’-]*\s+){0,5}\(?$/u.test(s.slice(0, m.start - sentence.start)),
    );
    if (opener) {
      topic = { mention: opener, sentence };
      if (postSubject === undefined) postSubject = sentence.index <= 1 ? { mention: opener, sentence } : null;
    } else if (strongHere.length > 0 && postSubject === undefined) postSubject = null;
    const lastStrong = strongHere.at(-1);
    if (lastStrong) last = { mention: lastStrong, sentence };
  }
  return out;
}

function sameTurn(a: Sentence, b: Sentence): boolean {
  return a.speaker === b.speaker && b.index - a.index <= REFERENT_REACH && b.paragraph - a.paragraph <= 2;
}

/** The cue that governs a mention: the last one before it in its clause, else the first after it. */
function nearestCue(cues: Cue[], m: { start: number; end: number }): Cue | null {
  const before = cues.filter((c) => c.end <= m.start).at(-1);
  const after = cues.find((c) => c.start >= m.end);
  if (before && after) return m.start - before.end <= after.start - m.end ? before : after;
  return before ?? after ?? cues.find((c) => c.start < m.end && c.end > m.start) ?? null;
}

function directionOf(
  s: string,
  cue: Cue | null,
  m: { start: number; end: number } | null,
  ruleKeys: Set<string>,
  ticker: string,
): Direction {
  // Where the rules called the company in this sentence, their direction (a pair's legs, a position's short).
  if (ruleKeys.has(`${ticker}|SHORT|${s}`) && !ruleKeys.has(`${ticker}|LONG|${s}`)) return 'SHORT';
  if (ruleKeys.has(`${ticker}|LONG|${s}`)) return 'LONG';
  if (cue?.dir) return cue.dir;
  const span = m && cue ? s.slice(Math.min(cue.start, m.start), Math.max(cue.end, m.end)) : s;
  return SHORT_WORDS.test(span) ? 'SHORT' : 'LONG';
}

/** Without a cue, the word of a trade near the company says the action: "Increase: Federal Signal (FSS)". */
const WORD_ACTIONS: Array<[RegExp, Action]> = [
  [/\b(?:sold all|sold out|close[ds]?|closing|exit(?:ed)?|sold the rest)\b/iu, 'EXIT'],
  [/\b(?:cut|cutting|trim(?:med)?|reduc\w+|sold (?:half|some|part))\b/iu, 'REDUCE'],
  [/\b(?:increase[ds]?|increasing|add|added|adding|topped up)\b/iu, 'ADD'],
  [/\b(?:buy|bought|buying|open(?:ed|ing)?|initiat\w+|new)\b/iu, 'NEW_POSITION'],
  [/\b(?:hold|holding|unchanged|stays?)\b/iu, 'HOLD'],
  [/\b(?:sell|sold|selling)\b/iu, 'EXIT'],
];

function actionOf(s: string, cue: Cue | null): Action {
  if (!cue) return WORD_ACTIONS.find(([re]) => re.test(s))?.[1] ?? 'RECOMMENDATION';
  if (cue.kind === 'verb' && isModal(s.slice(0, cue.start))) return 'RECOMMENDATION';
  return cue.action;
}

interface SentenceBase {
  s: string;
  sentence: Sentence;
  cues: Cue[];
  lead: ListLead | undefined;
  distinct: number;
  markets: number;
  rulesCount: number;
  sponsor: number;
}

function sentenceFeatures(b: SentenceBase, cue: Cue | null, mStart: number, mEnd: number): number[] {
  const x = new Array<number>(FEATURE_NAMES.length).fill(0);
  const { s, sentence, cues, lead } = b;
  x[F.bias] = 1;
  x[F.rules_call_count_in_post] = b.rulesCount;
  x[F.cue_any] = cues.length > 0 ? 1 : 0;
  x[F.first_person_in_sentence] = FIRST_PERSON.test(s) ? 1 : 0;
  x[F.condition] = CONDITION.test(s) ? 1 : 0;
  x[F.question] = /\?["”’)]*\s*$/u.test(s) ? 1 : 0;
  x[F.quoted] = sentence.quoted || /[“"]/u.test(s) ? 1 : 0;
  x[F.rejected] = REJECTED.test(s) ? 1 : 0;
  x[F.list_item] = sentence.listItem ? 1 : 0;
  x[F.list_lead] = lead ? 1 : 0;
  x[F.list_lead_action] = lead?.action ? 1 : 0;
  x[F.transcript_turn] = sentence.speaker ? 1 : 0;
  x[F.companies_in_sentence] = Math.min(b.distinct, 4) / 4;
  x[F.dated_history] = DATED_HISTORY.test(s) ? 1 : 0;
  x[F.security_words] = SECURITY_WORDS.test(s) ? 1 : 0;
  x[F.post_about_markets] = b.markets;
  x[F.others_rating] = OTHERS_RATING.test(s) && !FIRST_PERSON.test(s) ? 1 : 0;
  x[F.sponsor_or_link] = b.sponsor;
  x[F.item_label] = ITEM_LABEL.test(s) ? 1 : 0;
  x[F.option_words] = OPTION_WORDS.test(s) ? 1 : 0;
  if (!cue) return x;
  x[F.cue_verb] = cue.kind === 'verb' ? 1 : 0;
  x[F.cue_view] = cue.kind === 'view' ? 1 : 0;
  x[F.cue_label] = cue.kind === 'label' ? 1 : 0;
  const before = cue.end <= mStart;
  const gap = before ? mStart - cue.end : Math.max(0, cue.start - mEnd);
  x[F.cue_distance] = Math.min(gap, 120) / 120;
  x[F.cue_before_mention] = before ? 1 : 0;
  const action = actionOf(s, cue);
  x[F.cue_new] = action === 'NEW_POSITION' ? 1 : 0;
  x[F.cue_add] = action === 'ADD' ? 1 : 0;
  x[F.cue_hold] = action === 'HOLD' ? 1 : 0;
  x[F.cue_recommendation] = action === 'RECOMMENDATION' ? 1 : 0;
  x[F.cue_reduce] = action === 'REDUCE' ? 1 : 0;
  x[F.cue_exit] = action === 'EXIT' ? 1 : 0;
  x[F.cue_short] = cue.dir === 'SHORT' ? 1 : 0;
  const clauseStart = lastBreak(s, cue.start);
  const beforeCue = s.slice(clauseStart, cue.start);
  x[F.first_person_before_cue] = FIRST_PERSON.test(`${beforeCue}${s.slice(cue.start, cue.end)}`) ? 1 : 0;
  x[F.third_party_before_cue] = THIRD_PARTY.test(beforeCue) ? 1 : 0;
  x[F.negated_before_cue] = NEGATED.test(beforeCue) ? 1 : 0;
  x[F.modal_before_cue] = isModal(beforeCue) ? 1 : 0;
  x[F.context_clause_before_cue] = CONTEXT_CLAUSE.test(beforeCue) ? 1 : 0;
  const from = Math.min(cue.start, mStart);
  const to = Math.max(cue.end, mEnd);
  x[F.clause_break_between] = CLAUSE_BREAK.test(s.slice(from, to)) ? 1 : 0;
  return x;
}

/** Where the clause holding an offset ends: at the first clause break after it. */
function nextBreak(s: string, at: number): number {
  const m = new RegExp(CLAUSE_BREAK.source, 'iu').exec(s.slice(at));
  return m ? at + m.index : s.length;
}

/** Where the clause holding an offset starts: after the last clause break before it. */
function lastBreak(s: string, at: number): number {
  let start = 0;
  for (const m of s.slice(0, at).matchAll(new RegExp(CLAUSE_BREAK.source, 'giu'))) start = m.index! + m[0].length;
  return start;
}
