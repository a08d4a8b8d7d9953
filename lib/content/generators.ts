import { Budget, createOpenAIClient } from '@/lib/ai/client';
import type { PickExtractor } from '@/lib/ai/picks/extractor';
import { RuleBasedPickExtractor } from '@/lib/ai/picks/offline';
import { OpenAIPickExtractor } from '@/lib/ai/picks/openai';
import { ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import { OpenAISummarizer } from '@/lib/ai/summaries/openai';
import type { Summarizer } from '@/lib/ai/summaries/summarizer';
import { env } from '@/lib/env';

export interface Generators {
  summarizer: Summarizer;
  extractor: PickExtractor;
}

/**
 * The summarizer and pick extractor of this deployment: OpenAI's when OPENAI_API_KEY is set, the offline ones
 * otherwise. Each call starts a fresh budget: one job run or one command is one "run" of AI_MAX_*.
 */
export function configuredGenerators(config = env()): Generators {
  if (!config.OPENAI_API_KEY)
    return { summarizer: new ExtractiveSummarizer(), extractor: new RuleBasedPickExtractor() };
  const client = createOpenAIClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL });
  const budget = new Budget({ maxRequests: config.AI_MAX_REQUESTS_PER_RUN, maxTokens: config.AI_MAX_TOKENS_PER_RUN });
  return {
    summarizer: new OpenAISummarizer({ client, model: config.OPENAI_SUMMARY_MODEL, budget }),
    extractor: new OpenAIPickExtractor({ client, model: config.OPENAI_PICKS_MODEL, budget }),
  };
}
