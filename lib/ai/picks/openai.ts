import type OpenAI from 'openai';
import { z } from 'zod';
import type { Budget } from '@/lib/ai/client';
import { AiInputError } from '@/lib/ai/errors';
import { structuredCall, truncateToTokens } from '@/lib/ai/structured-call';
import { CandidatePickSchema, type ExtractedPick, type PickExtractionInput, type PickExtractor } from './extractor';
import { postProcessPicks } from './post-process';

export const PicksResponseSchema = z.object({ picks: z.array(CandidatePickSchema) });

const SYSTEM = `You extract explicit stock calls from one financial newsletter post or podcast transcript.
A call is an action the author, or a named speaker or guest, states on a listed instrument: buy or initiate
(NEW_POSITION), add to (ADD), still own or hold (HOLD), trim or take some profits (REDUCE), sell all, close or exit
(EXIT), short, buy puts or calls, or a view such as "we'd be buyers of X" or "X is a buy" (RECOMMENDATION).
Not calls: mentions without an action (context, results, comparisons, "cheaper than X"), an idea considered and
rejected, "X, which we don't own", negated actions ("we are not buying X"), index levels, other people's trades
(funds, analysts, insiders, a company buying back its own shares).
For each call give: ticker as the post writes it (a company named without a ticker: its usual ticker; a non-US listing
with its exchange suffix, e.g. 6758.T, 0700.HK, ASML.AS, SHEL.L, RY.TO); tickerExchange if the post states it, else
null; instrumentType EQUITY, ETF, OPTION (for options structures) or OTHER; action; direction (a short sale or a bought
put is SHORT; a sold put is LONG; closing a short is EXIT SHORT); authorConviction 0-5 (0 none stated,
1 small/speculative, 2 starter, 3 full-size, 4 high conviction, 5 highest conviction or top pick); activePick false
when the position is closed; evidenceQuote: one sentence copied exactly, character for character, from the post;
rationaleSnippet: the stated reason, short, or null; speaker: in a transcript or interview, the name of the speaker
who states the call, as the text labels them, else null. One call per speaker, instrument and direction. Never
invent a call or a quote. No calls: [].`;

export const OPENAI_PICKS_VERSION = 'picks-v7';

export interface OpenAIPickExtractorOptions {
  client: OpenAI;
  model: string;
  budget?: Budget;
  maxInputTokens?: number;
  maxOutputTokens?: number;
}

export class OpenAIPickExtractor implements PickExtractor {
  readonly generator: string;
  constructor(private readonly options: OpenAIPickExtractorOptions) {
    this.generator = `openai:${options.model}@${OPENAI_PICKS_VERSION}`;
  }

  async extract(input: PickExtractionInput): Promise<ExtractedPick[]> {
    if (!input || typeof input.text !== 'string' || typeof input.title !== 'string') {
      throw new AiInputError('Pick extraction input needs a string title and text');
    }
    if (!input.text.trim()) return [];
    const body = truncateToTokens(input.text, this.options.maxInputTokens ?? 12_000);
    const result = await structuredCall({
      client: this.options.client,
      model: this.options.model,
      schemaName: 'stock_picks',
      schema: PicksResponseSchema,
      system: SYSTEM,
      user: `Title: ${input.title}\n\n<post>\n${body.text}\n</post>`,
      maxOutputTokens: this.options.maxOutputTokens ?? 1_500,
      budget: this.options.budget,
    });
    return postProcessPicks(result.picks, { text: input.text, author: input.author, generator: this.generator });
  }
}
