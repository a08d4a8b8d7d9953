/**
 * Embeddings from the OpenAI API (or any OpenAI-compatible server, via `baseURL`) through the official SDK.
 *
 * - Batches: at most 256 inputs and ~600k characters per request (the API caps a request at 2,048 inputs and
 *   300k tokens in total; 600k chars stays under that even for number-heavy text at ~2.5 chars/token).
 * - Long inputs are cut to 24,000 characters (~6-8k tokens; the models' limit is 8,191 tokens).
 * - Empty / whitespace-only inputs are not sent (the API rejects them): they get a zero vector, as the interface says.
 * - Results are re-ordered by `index`, checked (count, dimensions, finite), and L2-normalized.
 * - Errors are re-thrown as EmbeddingRequestError with the status and the server's message, with the API key (and
 *   anything that looks like a bearer token or an sk- key) redacted, and without the SDK error attached as `cause`
 *   (it carries the raw response).
 * - The SDK (v6) asks for base64 when no encoding_format is given and decodes it itself; we leave that default.
 */
import OpenAI from 'openai';
import type { EmbeddingProvider, EmbedOptions } from './provider';
import { normalized, zeroVector } from './provider';

export const DEFAULT_OPENAI_EMBEDDING_MODEL = 'text-embedding-3-small';
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const MAX_BATCH_INPUTS = 256;
export const MAX_BATCH_CHARS = 600_000;
export const MAX_INPUT_CHARS = 24_000;

/** Native output sizes of OpenAI's embedding models. */
export const KNOWN_MODEL_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

export interface OpenAIProviderOptions {
  apiKey: string;
  /** Any OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1. Default: the OpenAI API. */
  baseURL?: string;
  /** Default text-embedding-3-small. */
  model?: string;
  /**
   * Output size. For the text-embedding-3 models a value below the native size is sent as `dimensions` (the API
   * shortens the vectors); for other models it must equal what the server returns. Required for models not in
   * KNOWN_MODEL_DIMENSIONS.
   */
  dimensions?: number;
  /** Per request; default 60 s. */
  timeoutMs?: number;
  /** SDK retries (429, 5xx, connection errors) with backoff; default 2. */
  maxRetries?: number;
  maxBatchInputs?: number;
  maxInputChars?: number;
}

export class EmbeddingRequestError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  constructor(message: string, status?: number, code?: string) {
    super(message);
    this.name = 'EmbeddingRequestError';
    this.status = status;
    this.code = code;
  }
}

/** Removes the key, bearer tokens and sk-... keys from a message. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out.replace(/Bearer\s+[^\s"',}]+/gi, 'Bearer [redacted]').replace(/\bsk-[A-Za-z0-9_-]{8,}/g, '[redacted]');
}

/** Cuts an over-long input at a word boundary near `limit`. */
export function truncateInput(text: string, limit = MAX_INPUT_CHARS): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return space > limit * 0.9 ? cut.slice(0, space) : cut;
}

export class OpenAIEmbeddingProvider implements EmbeddingProvider {
  readonly id: string;
  readonly dimensions: number;
  readonly model: string;
  private readonly client: OpenAI;
  private readonly apiKey: string;
  /** Sent as the `dimensions` request parameter (only when shortening a text-embedding-3 model). */
  private readonly requestDimensions: number | undefined;
  private readonly maxBatchInputs: number;
  private readonly maxInputChars: number;

  constructor(options: OpenAIProviderOptions) {
    if (!options.apiKey) throw new Error('OpenAI embeddings: an API key is required (OPENAI_API_KEY)');
    this.model = options.model?.trim() || DEFAULT_OPENAI_EMBEDDING_MODEL;
    const native = KNOWN_MODEL_DIMENSIONS[this.model];
    const dimensions = options.dimensions ?? native;
    if (dimensions === undefined || !Number.isInteger(dimensions) || dimensions <= 0) {
      throw new Error(`OpenAI embeddings: unknown output size for model ${this.model}; pass dimensions`);
    }
    if (native !== undefined && dimensions !== native && !this.model.startsWith('text-embedding-3')) {
      throw new Error(`OpenAI embeddings: ${this.model} always returns ${native} dimensions`);
    }
    this.dimensions = dimensions;
    this.requestDimensions =
      native !== undefined && dimensions !== native && this.model.startsWith('text-embedding-3')
        ? dimensions
        : undefined;
    // Vectors of different models or sizes must never be compared, so both are part of the id; ':' keeps it within
    // [A-Za-z0-9:._-] (lib/search/semantic uses it in row keys and index names) for ordinary model names.
    this.id = `openai:${this.model}${native === undefined || dimensions !== native ? `:${dimensions}` : ''}`;
    this.apiKey = options.apiKey;
    this.maxBatchInputs = Math.max(1, Math.min(options.maxBatchInputs ?? MAX_BATCH_INPUTS, 2048));
    this.maxInputChars = options.maxInputChars ?? MAX_INPUT_CHARS;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      // Explicit, so OPENAI_BASE_URL in the environment cannot silently redirect requests
      // (env wiring is lib/env.ts's job).
      baseURL: options.baseURL?.trim() || OPENAI_DEFAULT_BASE_URL,
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
    });
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<number[][]> {
    const out: number[][] = new Array<number[]>(texts.length);
    const pending: Array<{ at: number; input: string }> = [];
    texts.forEach((text, at) => {
      const input = truncateInput(text.replace(/\s+/g, ' ').trim(), this.maxInputChars);
      if (input.length === 0) out[at] = zeroVector(this.dimensions);
      else pending.push({ at, input });
    });
    for (const batch of this.batches(pending)) {
      const vectors = await this.request(
        batch.map((item) => item.input),
        options,
      );
      batch.forEach((item, i) => {
        out[item.at] = vectors[i]!;
      });
    }
    return out;
  }

  private *batches<T extends { input: string }>(items: T[]): Generator<T[]> {
    let batch: T[] = [];
    let chars = 0;
    for (const item of items) {
      if (batch.length > 0 && (batch.length >= this.maxBatchInputs || chars + item.input.length > MAX_BATCH_CHARS)) {
        yield batch;
        batch = [];
        chars = 0;
      }
      batch.push(item);
      chars += item.input.length;
    }
    if (batch.length > 0) yield batch;
  }

  private async request(input: string[], options: EmbedOptions): Promise<number[][]> {
    let response: OpenAI.Embeddings.CreateEmbeddingResponse;
    try {
      response = await this.client.embeddings.create(
        {
          model: this.model,
          input,
          ...(this.requestDimensions !== undefined ? { dimensions: this.requestDimensions } : {}),
        },
        {
          ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
          ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
        },
      );
    } catch (error) {
      throw this.wrap(error, input.length);
    }
    const data = Array.isArray(response?.data) ? response.data : [];
    if (data.length !== input.length) {
      throw new EmbeddingRequestError(
        `OpenAI embeddings (${this.model}): sent ${input.length} inputs, got ${data.length} embeddings`,
      );
    }
    const vectors = new Array<number[] | undefined>(input.length);
    data.forEach((item, position) => {
      // `index` is the input position; fall back to response order if a compatible server omits it.
      const at = Number.isInteger(item.index) ? item.index : position;
      const embedding = item.embedding as unknown;
      if (at < 0 || at >= input.length || vectors[at]) {
        throw new EmbeddingRequestError(`OpenAI embeddings (${this.model}): bad or duplicate index ${at} in response`);
      }
      if (!Array.isArray(embedding) || embedding.length !== this.dimensions) {
        const got = Array.isArray(embedding) ? `${embedding.length} dimensions` : typeof embedding;
        throw new EmbeddingRequestError(
          `OpenAI embeddings (${this.model}): expected ${this.dimensions} dimensions, got ${got}`,
        );
      }
      if (!embedding.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw new EmbeddingRequestError(`OpenAI embeddings (${this.model}): non-numeric values in embedding ${at}`);
      }
      vectors[at] = normalized(embedding as number[]);
    });
    return vectors as number[][];
  }

  private wrap(error: unknown, count: number): EmbeddingRequestError {
    const redact = (text: string) => redactSecrets(text, [this.apiKey]);
    if (error instanceof OpenAI.APIError) {
      const status = typeof error.status === 'number' ? error.status : undefined;
      const kind =
        error instanceof OpenAI.APIConnectionTimeoutError
          ? 'timed out'
          : error instanceof OpenAI.APIConnectionError
            ? 'could not connect'
            : 'failed';
      return new EmbeddingRequestError(
        redact(
          `OpenAI embeddings request ${kind} (${this.model}, ${count} inputs${status ? `, HTTP ${status}` : ''}): ${error.message}`,
        ),
        status,
        typeof error.code === 'string' ? redact(error.code) : undefined,
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    return new EmbeddingRequestError(
      redact(`OpenAI embeddings request failed (${this.model}, ${count} inputs): ${message}`),
    );
  }
}

export function createOpenAIEmbeddingProvider(options: OpenAIProviderOptions): OpenAIEmbeddingProvider {
  return new OpenAIEmbeddingProvider(options);
}
