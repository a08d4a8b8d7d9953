import { type Sentence, splitSentences } from '@/lib/ai/text/sentences';
import { findTickerMentions, type TickerMention } from '@/lib/ai/text/tickers';
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
  NEGATED,
  NOT_OWNED_AFTER,
  REJECTED,
  rationaleFrom,
  SUBORDINATE,
  THIRD_PARTY,
} from './cues';
import type { CandidatePick, ExtractedPick, PickExtractionInput, PickExtractor } from './extractor';
import { postProcessPicks } from './post-process';

export const RULES_GENERATOR = 'rules-v2';

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
  /^\s*(?:(?:on|in|of|from|out of|with|against)\s+)?(?:(?:about|roughly|around|nearly|almost)\s+)?(?:(?:some|more|half|a third|all|the rest|part|most|a bit|a little)\s+(?:of\s+)?)?(?:it|them|shares|stake|position|holding|the (?:stock|shares|name|position|company|miner|bank|trade|ETF|fund|REIT|business)|this (?:one|name|stock|position)|that (?:one|name|stock|position)|our (?:position|stake|shares|holding))\b/iu;
/** What may follow a verb whose object is understood: "we added today", "we sold last week at ₩265,000". */
const BARE_END =
  /^[\s,]*(?:(?:today|yesterday|this (?:week|month|morning|quarter)|last (?:week|month|quarter)|recently|again|here|on the (?:dip|pullback|news|print)|on weakness|too|as well|in the (?:spring|summer|autumn|fall|winter)|at (?:\S{0,3})?[\d.,]+|after the [\w\s%-]{1,30}?|with (?:a|an) [\w\s-]{1,25}?|for now|for the moment|into (?:earnings|the print|results))\b[\s,]*)*[.!]?$/iu;
const LONG_AGO =
  /\b(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten|several|many) (?:years|decades) ago|years ago|back in (?:19|20)\d\d)\b|^\s*In (?:19|20)\d\d,? (?:we|I)\b/u;
/** The subject pronoun starts its clause ("We added.", "and we sold"), not a relative clause ("the equity we shorted"). */
const OWN_CLAUSE =
  /(?:^|[,;:]|\b(?:and|so|then|but)\b)\s*(?:(?:after|before|when|once|following|on|in|at|this|last|today|yesterday|now|then|finally|also)\b[^,;]{0,30}?,?\s+)?(?:we|I)(?:['’]\w+)?(?:\s+\w+){0,3}\s*$|^\s*(?:we|I)\b[^,;]*\band\s*$/iu;
const CLAUSE_BREAK =
  /;|\s[—–]\s|\s+(?:but|while|whereas|although|though|however)\s+|,\s+(?:and|but)\s+(?=(?:we|I)\b)/giu;
/** Between two instruments one action governs: "FCX, SCCO and TECK", "Visa (V) and Moody's (MCO)". */
const CHAIN_GAP =
  /^[\s,)]*(?:,|and|&|as well as|plus|or)\s+(?:also\s+)?(?:(?:the|some|a|shares of|in|of|to|more|our)\s+)*(?:[A-Z][\w&'’.-]*\s+){0,4}\(?$|^\s*,\s*$/u;

function clausesOf(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let from = 0;
  for (const m of text.matchAll(CLAUSE_BREAK)) {
    // "BUY — Intuitive Surgical": a dash after a label introduces its object.
    if (/[—–]/u.test(m[0]) && text.slice(from, m.index!).trim().split(/\s+/u).length <= 2) continue;
    out.push({ start: from, end: m.index! });
    from = m.index! + m[0].length;
  }
  out.push({ start: from, end: text.length });
  return out;
}

function shortContext(clause: string): boolean {
  return /\b(?:short(?:s|ed|ing)?|puts?)\b(?![- ](?:term|dated|of|squeeze|interest|sellers?))/iu.test(
    clause.replace(/\b(?:sold|sell|selling|writing|wrote)(?:\s+[\w$.]+){0,6}\s+puts?\b|\bin short\b/giu, ''),
  );
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

const NAMED_ACTOR =
  /^\s*([A-Z][a-z]+(?: [A-Z][a-z'’-]+){0,2})(?:['’]s\b[^,;]*|(?:\s+(?:has been|has|is|was|also|still|recently|now|currently|just|remains|and)){0,3})\s*$/u;

export function extractByRules(input: PickExtractionInput): ExtractedPick[] {
  const text = typeof input.text === 'string' ? input.text : '';
  const sentences = splitSentences(text);
  const guests = guestsOf(text, sentences);
  const mentions = findTickerMentions(text);
  const found: Found[] = [];
  /** The instrument a pronoun refers to: the latest one named as a sentence's subject, else the latest named. */
  let subject: { mention: TickerMention; sentence: number; paragraph: number; speaker: string | null } | null = null;
  let latest: { mention: TickerMention; sentence: number; speaker: string | null } | null = null;

  sentences.forEach((sentence, index) => {
    const own = mentions
      .filter((m) => m.start >= sentence.start && m.end <= sentence.end)
      .map((m) => ({ ...m, start: m.start - sentence.start, end: m.end - sentence.start }));
    const s = sentence.text;
    // In a transcript a pronoun refers within its speaker's turn, or to what the previous speaker just named.
    const sameTurn = (x: { speaker: string | null; sentence: number }) =>
      x.speaker === sentence.speaker || index - x.sentence <= 1;
    const previous =
      subject && index - subject.sentence <= 3 && subject.paragraph >= sentence.paragraph - 1 && sameTurn(subject)
        ? subject.mention
        : latest && index - latest.sentence <= 2
          ? latest.mention
          : null;
    // "I finally bought it. Marvell Technology (MRVL) at $74.": the object named right after.
    const next = sentences[index + 1];
    const following =
      next && next.speaker === sentence.speaker
        ? mentions.find(
            (m) => m.start >= next.start && m.end <= next.end && /^[\s"“]*$/u.test(text.slice(next.start, m.start)),
          )
        : undefined;
    const referentAt = (at: number): TickerMention | null => {
      const here = own.filter((m) => m.end <= at);
      const first = here[0];
      if (first && /^[\s"“]*$/u.test(s.slice(0, first.start))) return first;
      return previous ?? here[here.length - 1] ?? following ?? null;
    };
    if (own.length > 0) {
      latest = { mention: own[own.length - 1]!, sentence: index, speaker: sentence.speaker };
      if (/^[\s"“]*$/u.test(s.slice(0, own[0]!.start))) {
        subject = { mention: own[0]!, sentence: index, paragraph: sentence.paragraph, speaker: sentence.speaker };
      }
    }
    if (SKIP_SENTENCE.test(s)) return;
    for (const clause of clausesOf(s)) {
      const body = s.slice(clause.start, clause.end);
      const cues = findCues(body, clause.start, clause.start === 0);
      const inClause = own.filter((m) => m.start >= clause.start && m.end <= clause.end);
      cues.forEach((cue, c) => {
        const before = s.slice(clause.start, cue.start);
        if (NEGATED.test(before) || CONTEXT_CLAUSE.test(before)) return;
        // "growing faster than we like": a comparison, not a view.
        if (/\b(?:than|as)\s*$/iu.test(before)) return;
        // A position's history, not today's call: "we sold it two years ago", "in 2023 we bought".
        if (LONG_AGO.test(s.slice(clause.start, clause.end))) return;
        if (REJECTED.test(s) && /\b(?:but|however|though|yet)\b/iu.test(s.slice(cue.end))) return;
        const guest = guests.get(NAMED_ACTOR.exec(s.slice(clause.start, cues[0]!.start))?.[1] ?? '') ?? null;
        if (!guest && !actorOk(cue, before, s.slice(cue.start, cue.end), body, sentence, clause.start === 0)) return;
        let action: Action = cue.action;
        let dir: Direction | null = cue.dir;
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
        const targets = governed(s, cue, nextCue, inClause);
        let chosen = targets;
        const rest = s.slice(cue.end, clause.end);
        const referent = chosen.length === 0 ? referentAt(cue.start) : null;
        const cueText = s.slice(cue.start, cue.end);
        const understood =
          BARE_END.test(rest) &&
          (OWN_CLAUSE.test(before) || /^(?:[Ww]e|I)\b/u.test(cueText)) &&
          FIRST_PERSON.test(`${before}${cueText}`);
        const byReferent = Boolean(referent && (PRONOUN.test(rest) || understood));
        if (byReferent) chosen = [referent!];
        for (const m of chosen) {
          // "We're short the stock and we pressed it": a pronoun's call keeps the direction its clause set up.
          const short =
            shortContext(s.slice(cue.start, nextCue)) || (byReferent && shortContext(s.slice(clause.start, cue.start)));
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
  return postProcessPicks(candidates, { text, author: input.author, generator: RULES_GENERATOR });
}

/** Who acts: the first person before a verb cue, the understood author of a note or label, never a third party. */
function actorOk(
  cue: Cue,
  before: string,
  cueText: string,
  clause: string,
  sentence: Sentence,
  sentenceStart: boolean,
): boolean {
  if (cue.kind === 'label') return true;
  const firstBefore = FIRST_PERSON.test(`${before}${cueText}`);
  if (!firstBefore && THIRD_PARTY.test(before)) return false;
  // "Sold half of our Verizon position.": a note whose subject, the author, is understood.
  if (cue.kind === 'verb') return firstBefore || ((sentence.listItem || sentenceStart) && before.trim() === '');
  return FIRST_PERSON.test(clause) || !THIRD_PARTY.test(clause);
}

/** The mentions a cue acts on: the first after it (and those listed with it), else the nearest before it. */
function governed(s: string, cue: Cue, nextCue: number, mentions: TickerMention[]): TickerMention[] {
  const usable = (m: TickerMention) =>
    !NOT_OWNED_AFTER.test(s.slice(m.end, m.end + 60)) && !COMPARED.test(s.slice(Math.max(0, m.start - 30), m.start));
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
      if (gap.length > 60 || /\b(?:because|since|after|when|while|given|despite|if|than)\b/iu.test(gap)) break;
      if (NOT_OWNED_AFTER.test(s.slice(m.end, m.end + 60)) || NEGATED.test(gap)) break;
    } else if (!CHAIN_GAP.test(gap)) break;
    if (usable(m) || i === beforeCue.length - 1) out.unshift(m);
  }
  return out;
}
