import { CONVICTION_LABELS } from '@/lib/ai/picks/extractor';
import type { Company } from './companies';
import type { Fundamentals } from './market';
import type { Rng } from './random';
import { multiple, price } from './text';
import type { InstrumentType, PickAction, PickDirection } from './types';

/**
 * A stock call as the post states it. The evidence sentence is written into the body verbatim, which is what makes
 * the extracted pick checkable against its source.
 */
export interface CallDraft {
  company: Company;
  instrumentType: InstrumentType;
  action: PickAction;
  direction: PickDirection;
  conviction: number;
  evidence: string;
  rationale: string | null;
}

const CONVICTION_PHRASES = [
  'without a strong view either way',
  'as a small, speculative position',
  'as a starter position',
  'as a full-size position',
  'as one of our higher-conviction ideas',
  'and it is now our highest-conviction idea',
];

/** Conviction that fits the action: exits and trims are rarely stated with high conviction. */
export function convictionFor(action: PickAction, rng: Rng): number {
  switch (action) {
    case 'EXIT':
      return rng.int(0, 2);
    case 'REDUCE':
      return rng.int(1, 3);
    case 'HOLD':
      return rng.int(2, 4);
    default:
      return rng.weighted([2, 3, 4, 5], (n) => (n === 5 ? 1 : n === 2 ? 2 : 3));
  }
}

/** "Nvidia (NVDA)", "NVIDIA Corporation ($NVDA)" or, for ETFs, "the SPDR Gold Shares ETF (GLD)". */
export function tickerRef(c: Company, rng: Rng, full = false): string {
  if (c.type === 'ETF') return `${c.name} (${c.ticker})`;
  const name = full ? c.name : c.short;
  return rng.chance(0.3) ? `${name} ($${c.ticker})` : `${name} (${c.ticker})`;
}

type Template = (ref: string, c: Company, f: Fundamentals, conviction: string, rng: Rng) => string;

const LONG: Record<PickAction, Template[]> = {
  NEW_POSITION: [
    (ref, c, f, conv) => `We are initiating a position in ${ref} at around ${price(f.price)}, ${conv}.`,
    (ref, c, f, conv) => `This week we bought ${ref} for the model portfolio ${conv}.`,
    (ref, c, f) => `New position: ${ref}, opened near ${price(f.price)} with a 12-month target of ${price(f.target)}.`,
  ],
  ADD: [
    (ref, c, f, conv) => `We added to ${ref} on the pullback to ${price(f.price * 0.97)}, ${conv}.`,
    (ref, c, f, conv, r) =>
      `We are adding to our ${ref} position, taking it to ${r.int(3, 8)}% of the portfolio ${conv}.`,
  ],
  HOLD: [
    (ref, c, f) => `We continue to hold ${ref} and would not sell at ${multiple(f.forwardPe)} forward earnings.`,
    (ref) => `${ref} stays in the portfolio unchanged because the thesis is intact.`,
    (ref, c, f) => `We are holding ${ref} through the volatility, with a target of ${price(f.target)}.`,
  ],
  RECOMMENDATION: [
    (ref, c, f) =>
      `Our call: ${ref} is a buy below ${price(f.price * 1.03)}, with a 12-month price target of ${price(f.target)}.`,
    (ref, c, f) =>
      `We rate ${ref} a buy and see ${Math.round((f.target / f.price - 1) * 100)}% upside to ${price(f.target)}.`,
    (ref, c, f, conv) => `Our recommendation is to own ${ref} here ${conv}.`,
  ],
  REDUCE: [
    (ref, c, f) =>
      `We trimmed ${ref} by a third near ${price(f.price)} to lock in gains while keeping a core position.`,
    (ref, c, f, conv, r) => `We are reducing our ${ref} weight to ${r.int(1, 3)}% of the portfolio after the run.`,
  ],
  EXIT: [
    (ref, c, f) => `We sold the rest of our ${ref} shares at ${price(f.price)} and are moving on.`,
    (ref) => `We have exited ${ref} because the reason we owned it no longer holds.`,
  ],
};

const SHORT: Record<PickAction, Template[]> = {
  NEW_POSITION: [
    (ref, c, f) => `We are short ${ref} at ${price(f.price)}, with a stop at ${price(f.price * 1.12)}.`,
    (ref, c, f, conv) => `We opened a short position in ${ref} this week ${conv}.`,
  ],
  ADD: [(ref) => `We pressed our short in ${ref} after the guidance cut.`],
  HOLD: [(ref) => `We remain short ${ref} into the next earnings report.`],
  RECOMMENDATION: [
    (ref, c, f) =>
      `Our call: avoid ${ref}; we would be sellers above ${price(f.price)} and see downside to ${price(f.price * 0.75)}.`,
    (ref, c, f) => `We rate ${ref} a sell, with a price target of ${price(f.price * 0.78)}.`,
  ],
  REDUCE: [(ref, c, f) => `We covered half of our ${ref} short near ${price(f.price)}.`],
  EXIT: [(ref, c, f) => `We covered our ${ref} short at ${price(f.price)} and are now flat.`],
};

export interface CallInput {
  company: Company;
  fundamentals: Fundamentals;
  action: PickAction;
  direction: PickDirection;
  rationale: string | null;
}

export function makeCall(input: CallInput, rng: Rng): CallDraft {
  const { company, fundamentals, action, direction } = input;
  const conviction = convictionFor(action, rng);
  const template = rng.pick((direction === 'LONG' ? LONG : SHORT)[action]);
  const evidence = template(tickerRef(company, rng), company, fundamentals, CONVICTION_PHRASES[conviction] ?? '', rng);
  return {
    company,
    instrumentType: company.type,
    action,
    direction,
    conviction,
    evidence,
    rationale: input.rationale,
  };
}

/** Summary wording for a call: "opens a long position in Nvidia (NVDA), with high conviction". */
export function describeCall(call: CallDraft): string {
  const { company: c } = call;
  const name = c.type === 'ETF' || c.short === c.ticker ? c.ticker : `${c.short} (${c.ticker})`;
  const label = (CONVICTION_LABELS[call.conviction] ?? '').toLowerCase();
  if (call.instrumentType === 'OPTION') {
    return `${call.direction === 'LONG' ? 'buys a bullish' : 'buys a bearish'} options structure on ${name} (${label})`;
  }
  const long = call.direction === 'LONG';
  const verb: Record<PickAction, string> = {
    NEW_POSITION: long ? `opens a new long position in ${name}` : `opens a short position in ${name}`,
    ADD: long ? `adds to ${name}` : `adds to the short in ${name}`,
    HOLD: long ? `keeps holding ${name}` : `stays short ${name}`,
    RECOMMENDATION: long ? `recommends buying ${name}` : `recommends selling ${name}`,
    REDUCE: long ? `trims ${name}` : `covers part of the short in ${name}`,
    EXIT: long ? `exits ${name}` : `covers the short in ${name}`,
  };
  return `${verb[call.action]} (${label})`;
}
