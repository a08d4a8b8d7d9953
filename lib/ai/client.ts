import OpenAI from 'openai';
import { AiInputError, BudgetExceededError } from './errors';

export interface OpenAIClientOptions {
  apiKey: string;
  /** Any OpenAI-compatible server; default the SDK's https://api.openai.com/v1. */
  baseURL?: string;
  timeoutMs?: number;
  /** The SDK retries 408/409/429/5xx and connection errors, honouring `Retry-After` (tests/unit/ai-openai.test.ts). */
  maxRetries?: number;
}

/** The one place that builds the OpenAI client, so every caller gets the same timeout and retry policy. */
export function createOpenAIClient(options: OpenAIClientOptions): OpenAI {
  if (!options.apiKey) throw new AiInputError('An OpenAI API key is required to build the client');
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL || undefined,
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 3,
  });
}

/** Rough token count for budgeting when no tokenizer is at hand: about four characters per token in English. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface BudgetLimits {
  maxRequests: number;
  maxTokens: number;
}

/**
 * Requests and estimated tokens one run may spend. Callers reserve before each request (which throws
 * BudgetExceededError instead of sending), then settle with the provider's reported usage when it has one.
 */
export class Budget {
  readonly limits: BudgetLimits;
  requests = 0;
  tokens = 0;

  constructor(limits: BudgetLimits) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isFinite(value) || value < 0) throw new AiInputError(`Budget ${name} must be a number >= 0`);
    }
    this.limits = { ...limits };
  }

  reserve(estimatedTokens: number): void {
    if (this.requests + 1 > this.limits.maxRequests) {
      throw new BudgetExceededError('requests', `Request budget of ${this.limits.maxRequests} per run is spent`);
    }
    if (this.tokens + estimatedTokens > this.limits.maxTokens) {
      throw new BudgetExceededError(
        'tokens',
        `Token budget exceeded: ${this.tokens} used + ${estimatedTokens} estimated > ${this.limits.maxTokens}`,
      );
    }
    this.requests += 1;
    this.tokens += estimatedTokens;
  }

  /** Replace a reservation's estimate with what the provider reports it used. */
  settle(estimatedTokens: number, actualTokens: number | undefined): void {
    if (actualTokens === undefined || !Number.isFinite(actualTokens)) return;
    this.tokens += actualTokens - estimatedTokens;
  }

  get remaining(): { requests: number; tokens: number } {
    return { requests: this.limits.maxRequests - this.requests, tokens: this.limits.maxTokens - this.tokens };
  }
}
