import type { CandidatePick } from './extractor';

type Action = CandidatePick['action'];

/**
 * Action cues, checked in this order: the first that matches wins. Exits and trims come first because their
 * sentences often also contain "position" or "short"; holds before new positions so "staying short" is not read as
 * a fresh short. Conviction phrases ("as a starter position") are deliberately not action cues.
 */
const ACTION_CUES: [Action, RegExp][] = [
  [
    'EXIT',
    /\b(?:sold (?:the rest|all|out|our entire|our remaining)|(?:have |has )?exited|exiting|closed (?:the|our|out)\b|closing (?:the|our|out)\b|now flat|covered (?:our|the) .*short)/iu,
  ],
  [
    'REDUCE',
    /\b(?:trimm(?:ed|ing)|trim (?:our|the)|reduc(?:ed|ing) (?:our|the)|cut (?:our|back)|covered (?:half|part|some|a third)|sold (?:half|part|some|a third))/iu,
  ],
  [
    'ADD',
    /\b(?:added to|adding (?:to|on)|add to|pressed (?:our|the) short|bought more|increased (?:our|the)|topped up|been adding)/iu,
  ],
  [
    'HOLD',
    /\b(?:continue to hold|still (?:owns?|holds?)|(?:are|is|remain) holding|holding (?:our|the)?|stays in the portfolio|remains? (?:short|long)|staying (?:short|long)|keep(?:ing)? (?:our|the) (?:position|shares)|no plans to sell)/iu,
  ],
  [
    'NEW_POSITION',
    /\b(?:initiat(?:e|ed|ing)|bought(?! it for)|buying|opened|opening|new position|started a position|starting a position|(?:are|is|went|go|going) short\b|selling the .*\bputs?\b)/iu,
  ],
  [
    'RECOMMENDATION',
    /\b(?:recommend|our call|rated? .{1,60}\ba (?:strong )?(?:buy|sell)\b|top pick|^[A-Z][a-z]+'s pick|our pick|we like|is a (?:strong )?buy|a buy below|avoid|sellers? (?:above|of)|outperform)/iu,
  ],
];

const SHORT_CUES =
  /\b(?:short(?!-term| term| put| puts|-dated| strike)|bearish|a sell\b|sellers?\b|avoid|underweight|put spread|buying (?:the )?.*\bputs\b|covered|downside to)/iu;

/** Bullish option structures that use "put" or "short" words: a cash-secured short put is a long view. */
const LONG_OVERRIDE = /\bselling (?:the )?.*\bputs?\b|\bshort puts?\b|\bcash-secured\b/iu;

const OPTION_CUES =
  /\b(?:call spread|put spread|iron condor|straddle|strangle|options?\b|strike)|\d(?:\/\d+)? (?:call|put)s?\b/iu;

/** Text that states what the author does not do: no pick, even if an action word follows. */
const NEGATION =
  /\b(?:not (?:putting|buying|making|initiating|adding|opening|recommending|own(?:ing)?)|no position|are not involved|sitting (?:this|it) out)/iu;

/** Conviction phrases from strongest to weakest; none found means 0, "no stated conviction". */
const CONVICTION_CUES: [number, RegExp][] = [
  [5, /\b(?:highest[- ]conviction|top pick|best idea|single best)/iu],
  [4, /\b(?:high(?:er)?[- ]conviction|strong conviction|high-conviction)/iu],
  [3, /\b(?:full[- ]size|core position|moderate conviction)/iu],
  [2, /\b(?:starter position|modest (?:position|conviction)|half[- ]size)/iu],
  [1, /\b(?:small(?:,)? (?:speculative )?position|speculative|small position|low conviction|tracking position)/iu],
  [0, /\b(?:without a strong view|no strong view)/iu],
];

/**
 * Who is acting: the author ("we", "our", "I") or a named guest at the start of the sentence ("Ana is short …",
 * "Ana's pick …"), or a portfolio line ("… stays in the portfolio", "New position: …"). Anything else (a company
 * reporting, markets selling off) is commentary, not a call.
 */
const SUBJECT =
  /\b(?:[Ww]e|[Oo]ur|[Uu]s|I|[Mm]y)\b|^[A-Z][a-z]+(?: [A-Z][a-z]+)?(?:'s|\s+(?:is|has|recently|still|remains|was))\b|in the (?:model )?portfolio|\bNew position:/u;

export interface SentenceCues {
  action: Action;
  direction: CandidatePick['direction'];
  conviction: number;
  option: boolean;
  /** Where the action cue starts in the sentence: the instrument is looked for from there. */
  cueAt: number;
}

export function readCues(sentence: string): SentenceCues | null {
  if (!SUBJECT.test(sentence) || NEGATION.test(sentence)) return null;
  let found: { action: Action; at: number } | null = null;
  for (const [action, pattern] of ACTION_CUES) {
    const m = pattern.exec(sentence);
    if (m) {
      found = { action, at: m.index };
      break;
    }
  }
  if (!found) return null;
  const short = SHORT_CUES.test(sentence) && !LONG_OVERRIDE.test(sentence);
  const conviction = CONVICTION_CUES.find(([, p]) => p.test(sentence))?.[0] ?? 0;
  return {
    action: found.action,
    direction: short ? 'SHORT' : 'LONG',
    conviction,
    option: OPTION_CUES.test(sentence),
    cueAt: found.at,
  };
}

const BOILERPLATE = /^(?:As always|Positions? (?:are|changes)|We will update|This is not|Not investment advice)/iu;

/** A rationale in the same sentence ("… because X") or the next one, when that sentence is not itself a call. */
export function rationaleFrom(sentence: string, next: string | undefined, nextIsCall: boolean): string | null {
  const because = /\b(?:because|arguing(?: that)?|as) (.{12,})$/iu.exec(sentence);
  if (because && /\bbecause|arguing\b/iu.test(because[0])) return because[1]!.replace(/[.!]+$/u, '').trim() || null;
  if (!next || nextIsCall || BOILERPLATE.test(next) || next.length > 300) return null;
  if (/\$?\d/u.test(next.slice(0, 1))) return null;
  return next;
}
