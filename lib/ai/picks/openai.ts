import type OpenAI from 'openai';
import { z } from 'zod';
import type { Budget } from '@/lib/ai/client';
import { AiInputError } from '@/lib/ai/errors';
import { structuredCall, truncateToTokens } from '@/lib/ai/structured-call';
import { CandidatePickSchema, type ExtractedPick, type PickExtractionInput, type PickExtractor } from './extractor';
import { postProcessPicks } from './post-process';

export const PicksResponseSchema = z.object({ picks: z.array(CandidatePickSchema) });

const SYSTEM = `You extract explicit stock calls from one financial newsletter post or podcast transcript.
A call is the author (or a named guest) stating an action on a listed instrument: a new position, adding, holding,
a buy/sell recommendation, reducing, or exiting; long or short. Market commentary and other people's trades are not calls.
For each call give: ticker; tickerExchange if known else null; instrumentType EQUITY, ETF, OPTION (for options
structures) or OTHER; action; direction (a bought put or a short is SHORT; a sold put is LONG); authorConviction 0-5
(0 none stated, 1 small/speculative, 2 starter, 3 full-size, 4 high conviction, 5 highest conviction or top pick);
activePick false when the position is closed; evidenceQuote: one sentence copied exactly, character for character,
from the post; rationaleSnippet: the stated reason, short, or null. Never invent a call or a quote. No calls: [].`;

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
    this.generator = `openai:${options.model}`;
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
