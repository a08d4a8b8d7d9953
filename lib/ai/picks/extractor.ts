import { z } from 'zod';

export const INSTRUMENT_TYPES = ['EQUITY', 'ETF', 'OPTION', 'OTHER'] as const;
export const PICK_ACTIONS = ['NEW_POSITION', 'ADD', 'HOLD', 'RECOMMENDATION', 'REDUCE', 'EXIT'] as const;
export const PICK_DIRECTIONS = ['LONG', 'SHORT'] as const;

/**
 * The conviction scale (service-spec 2.5 `authorConviction`, 0 to 5) and its labels: 0 means the post states no
 * conviction at all; 5 is "our top pick / highest-conviction idea". Same wording as the demo catalogue.
 */
export const CONVICTION_LABELS = [
  'No stated conviction',
  'Low conviction',
  'Modest conviction',
  'Moderate conviction',
  'High conviction',
  'Highest conviction',
] as const;

/** A pick as a generator proposes it, before post-processing checks the quote and derives ids and labels. */
export const CandidatePickSchema = z.object({
  ticker: z.string().describe('Ticker symbol as written, e.g. NVDA or BRK.B, without $'),
  tickerExchange: z.string().nullable().describe('Exchange when the post or common knowledge states it, else null'),
  instrumentType: z.enum(INSTRUMENT_TYPES),
  action: z.enum(PICK_ACTIONS),
  direction: z.enum(PICK_DIRECTIONS),
  authorConviction: z.number().int().min(0).max(5).describe('0 none stated, 1 low ... 5 highest / top pick'),
  activePick: z.boolean().describe('false when the post closes or exits the position'),
  evidenceQuote: z.string().describe('One sentence copied exactly, character for character, from the post'),
  rationaleSnippet: z.string().nullable().describe('Why, in the author words, short; null if not given'),
  speaker: z
    .string()
    .nullable()
    .describe('In a transcript or interview, the speaker who states the call, as the text labels them; else null'),
});
export type CandidatePick = z.infer<typeof CandidatePickSchema>;

/** Spec fields of PublicStockPickItem that come from the text, plus callId and the generator that produced it. */
export interface ExtractedPick {
  callId: string;
  author: string | null;
  ticker: string;
  tickerExchange: string | null;
  instrumentType: (typeof INSTRUMENT_TYPES)[number];
  action: (typeof PICK_ACTIONS)[number];
  direction: (typeof PICK_DIRECTIONS)[number];
  authorConviction: number;
  convictionLabel: string;
  activePick: boolean;
  evidenceQuote: string;
  rationaleSnippet: string | null;
  generator: string;
}

export interface PickExtractionInput {
  postId?: string;
  title: string;
  text: string;
  author?: string | null;
  publishedAt?: Date | string | null;
}

export interface PickExtractor {
  /** Recorded on every pick, e.g. "rules-v9" or "openai:gpt-4.1-mini@picks-v5". */
  readonly generator: string;
  extract(input: PickExtractionInput): Promise<ExtractedPick[]>;
}
