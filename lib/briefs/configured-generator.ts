import { Budget, createOpenAIClient } from '@/lib/ai/client';
import { env } from '@/lib/env';
import { ExtractiveBriefGenerator } from './generate-offline';
import { OpenAIBriefGenerator } from './generate-openai';
import type { BriefGenerator } from './types';

/**
 * The brief generator of this deployment, chosen as the summarizer is (lib/content/generators.ts): OpenAI's, with the
 * summary model, when OPENAI_API_KEY is set; the extractive one otherwise. One brief is one run of AI_MAX_*.
 */
export function configuredBriefGenerator(config = env()): BriefGenerator {
  if (!config.OPENAI_API_KEY) return new ExtractiveBriefGenerator();
  const client = createOpenAIClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL });
  const budget = new Budget({ maxRequests: config.AI_MAX_REQUESTS_PER_RUN, maxTokens: config.AI_MAX_TOKENS_PER_RUN });
  return new OpenAIBriefGenerator({ client, model: config.OPENAI_SUMMARY_MODEL, budget });
}
