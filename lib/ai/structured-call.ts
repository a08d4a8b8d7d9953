import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { z } from 'zod';
import { type Budget, estimateTokens } from './client';
import { AiOutputError, AiProviderError, AiRefusalError } from './errors';

export interface StructuredCallInput<T extends z.ZodType> {
  client: OpenAI;
  model: string;
  /** Name of the response schema as the provider sees it. */
  schemaName: string;
  schema: T;
  system: string;
  user: string;
  maxOutputTokens: number;
  budget?: Budget;
}

/**
 * One chat completion with structured output: the zod schema becomes a strict json_schema response format and the
 * SDK validates the answer with the same schema, so free text is never JSON.parsed unchecked. Every failure becomes
 * a typed AiError; the API key never appears in a message (the SDK does not echo it, and we only keep its text).
 */
export async function structuredCall<T extends z.ZodType>(input: StructuredCallInput<T>): Promise<z.infer<T>> {
  const estimate = estimateTokens(input.system) + estimateTokens(input.user) + input.maxOutputTokens;
  input.budget?.reserve(estimate);
  let completion: Awaited<ReturnType<OpenAI['chat']['completions']['parse']>>;
  try {
    completion = await input.client.chat.completions.parse({
      model: input.model,
      messages: [
        { role: 'system', content: input.system },
        { role: 'user', content: input.user },
      ],
      response_format: zodResponseFormat(input.schema, input.schemaName),
      max_completion_tokens: input.maxOutputTokens,
    });
  } catch (error) {
    if (error instanceof OpenAI.APIError) {
      const status = typeof error.status === 'number' ? error.status : null;
      throw new AiProviderError(status, `OpenAI request failed${status ? ` with ${status}` : ''}: ${error.message}`, {
        cause: error,
      });
    }
    throw new AiOutputError(`Structured output for ${input.schemaName} was unusable: ${String(error)}`.slice(0, 500), {
      cause: error,
    });
  }
  input.budget?.settle(estimate, completion.usage?.total_tokens);
  const message = completion.choices[0]?.message;
  if (!message) throw new AiOutputError('The completion had no choices');
  if (message.refusal) throw new AiRefusalError(message.refusal);
  if (message.parsed === null || message.parsed === undefined) {
    throw new AiOutputError(`The completion carried no ${input.schemaName} object`);
  }
  return message.parsed as z.infer<T>;
}

/**
 * Cut text to about `maxTokens` (four characters a token), at the last sentence end or space before the limit, so
 * the model never sees half a number. Returns the text unchanged when it fits.
 */
export function truncateToTokens(text: string, maxTokens: number): { text: string; truncated: boolean } {
  const limit = Math.max(0, Math.floor(maxTokens * 4));
  if (text.length <= limit) return { text, truncated: false };
  const head = text.slice(0, limit);
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'));
  const cut = sentenceEnd > limit * 0.6 ? sentenceEnd + 1 : Math.max(head.lastIndexOf(' '), 0) || limit;
  return { text: head.slice(0, cut), truncated: true };
}
