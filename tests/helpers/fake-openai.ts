/**
 * A real HTTP server on 127.0.0.1 (free port) that speaks the OpenAI embeddings protocol, for tests of code that
 * uses the official SDK with `baseURL`:
 *   POST /v1/embeddings  {model, input: string | string[], dimensions?, encoding_format?: 'float' | 'base64'}
 *   -> {object: 'list', data: [{object: 'embedding', index, embedding}], model, usage}
 * Authorization must be `Bearer <apiKey>` (401 otherwise, with OpenAI's error shape). Vectors are deterministic
 * functions of the input text (see fakeEmbedding) and deliberately NOT unit length, so callers' normalization is
 * tested. `encoding_format: 'base64'` (what openai v6 sends by default) returns little-endian Float32 bytes in base64.
 * Every request is recorded; `failWith` makes the next requests fail with a given status.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: {
    model?: unknown;
    input?: unknown;
    dimensions?: unknown;
    encoding_format?: unknown;
    messages?: unknown;
    response_format?: unknown;
  } | null;
}

export interface FakeOpenAIOptions {
  apiKey?: string;
  /** Native output size when the request has no `dimensions`: per model, else 1536. */
  dimensions?: number;
  modelDimensions?: Record<string, number>;
}

export interface FakeOpenAI {
  /** Base URL to give the SDK, e.g. http://127.0.0.1:43123/v1 */
  baseURL: string;
  apiKey: string;
  requests: RecordedRequest[];
  /**
   * Fail the next `times` embedding requests (default: all following) with `status`. The error message echoes the
   * request's Authorization header, like a careless proxy would, so tests can check that clients redact it.
   */
  failWith(status: number, times?: number): void;
  /**
   * Script the next POST /v1/chat/completions answers, in order: `json` becomes the message content (serialized),
   * `raw` is sent as content as is (malformed JSON), `refusal` sets message.refusal, `status` answers with that HTTP
   * error (and `retryAfter` as the Retry-After header). An empty queue answers 500.
   */
  scriptChat(...answers: ChatAnswer[]): void;
  /** Every POST /v1/audio/transcriptions file received (over 25 MiB is refused with 413, as OpenAI does). */
  audioUploads: AudioUpload[];
  close(): Promise<void>;
}

export interface AudioUpload {
  bytes: number;
  filename: string | null;
  model: string;
  /** The first four bytes, to check that a piece starts on a frame header. */
  head: Buffer;
}

export type ChatAnswer =
  | { json: unknown }
  | { raw: string }
  | { refusal: string }
  | { status: number; retryAfter?: string };

/** Deterministic pseudo-random vector for a text: SHA-256 seeds a xorshift generator; components in [-3, 3). */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const seed = createHash('sha256').update(text).digest();
  let state = seed.readUInt32LE(0) || 1;
  const out = new Array<number>(dimensions);
  for (let i = 0; i < dimensions; i += 1) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    out[i] = (state / 0x1_0000_0000) * 6 - 3;
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function apiError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
): void {
  send(res, status, { error: { message, type, param: null, code } });
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The parts of a multipart/form-data body: name, filename and bytes. */
function multipartParts(body: Buffer, contentType: string | undefined) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/u.exec(contentType ?? '');
  const marker = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`);
  const parts: { name: string; filename: string | null; data: Buffer }[] = [];
  let at = body.indexOf(marker);
  while (at >= 0) {
    const headerStart = at + marker.length + 2;
    const headerEnd = body.indexOf('\r\n\r\n', headerStart);
    const next = body.indexOf(marker, headerStart);
    if (headerEnd < 0 || next < 0) break;
    const headers = body.toString('utf8', headerStart, headerEnd);
    const name = /name="([^"]*)"/u.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/u.exec(headers)?.[1] ?? null;
    parts.push({ name, filename, data: body.subarray(headerEnd + 4, next - 2) });
    at = next;
  }
  return parts;
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const apiKey = options.apiKey ?? 'sk-test-fake-0123456789abcdef';
  const modelDimensions: Record<string, number> = { 'text-embedding-3-large': 3072, ...options.modelDimensions };
  const requests: RecordedRequest[] = [];
  let failure: { status: number; remaining: number } | null = null;
  const chatQueue: ChatAnswer[] = [];
  const audioUploads: AudioUpload[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const rawBytes = await readBody(req);
      const isAudio = (req.url ?? '').startsWith('/v1/audio/transcriptions');
      const raw = isAudio ? '' : rawBytes.toString('utf8');
      let body: RecordedRequest['body'] = null;
      try {
        body = raw ? (JSON.parse(raw) as RecordedRequest['body']) : null;
      } catch {
        body = null;
      }
      const authorization = req.headers.authorization;
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, authorization, body });

      if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
        if (authorization !== `Bearer ${apiKey}`) {
          return apiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
        }
        const parts = multipartParts(rawBytes, req.headers['content-type']);
        const file = parts.find((x) => x.name === 'file');
        const model = parts.find((x) => x.name === 'model')?.data.toString('utf8') ?? '';
        if (!file || !model) return apiError(res, 400, 'file and model are required', 'invalid_request_error');
        if (file.data.length > 25 * 1024 * 1024) {
          return apiError(res, 413, 'Maximum content size limit (26214400) exceeded', 'invalid_request_error');
        }
        audioUploads.push({ bytes: file.data.length, filename: file.filename, model, head: file.data.subarray(0, 4) });
        return send(res, 200, { text: `piece ${audioUploads.length} (${file.data.length} bytes)` });
      }
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        if (authorization !== `Bearer ${apiKey}`) {
          return apiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
        }
        const answer = chatQueue.shift();
        if (!answer) return apiError(res, 500, 'no scripted chat answer', 'server_error');
        if ('status' in answer) {
          if (answer.retryAfter !== undefined) res.setHeader('retry-after', answer.retryAfter);
          return apiError(res, answer.status, `scripted failure ${answer.status}`, 'server_error');
        }
        const content = 'json' in answer ? JSON.stringify(answer.json) : 'raw' in answer ? answer.raw : null;
        const refusal = 'refusal' in answer ? answer.refusal : null;
        return send(res, 200, {
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body?.model ?? 'unknown',
          choices: [
            { index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content, refusal } },
          ],
          usage: {
            prompt_tokens: Math.ceil(raw.length / 4),
            completion_tokens: 50,
            total_tokens: Math.ceil(raw.length / 4) + 50,
          },
        });
      }
      if (req.method !== 'POST' || path !== '/v1/embeddings') {
        return apiError(res, 404, `Unknown request URL: ${req.method} ${path}`, 'invalid_request_error', 'unknown_url');
      }
      if (authorization !== `Bearer ${apiKey}`) {
        return apiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
      }
      if (failure && failure.remaining > 0) {
        failure.remaining -= 1;
        return apiError(
          res,
          failure.status,
          `The server had an error processing your request (auth was: ${authorization})`,
          'server_error',
        );
      }
      if (!body)
        return apiError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      const { model, input, dimensions, encoding_format: encoding } = body;
      if (typeof model !== 'string' || model.length === 0) {
        return apiError(res, 400, 'you must provide a model parameter', 'invalid_request_error');
      }
      const inputs = typeof input === 'string' ? [input] : input;
      if (
        !Array.isArray(inputs) ||
        inputs.length === 0 ||
        inputs.length > 2048 ||
        !inputs.every((x) => typeof x === 'string')
      ) {
        return apiError(
          res,
          400,
          "'input' must be a string or a non-empty array of at most 2048 strings",
          'invalid_request_error',
        );
      }
      if ((inputs as string[]).some((x) => x.length === 0)) {
        return apiError(res, 400, "'$.input' is invalid: empty strings are not allowed", 'invalid_request_error');
      }
      const nativeDimensions = modelDimensions[model] ?? options.dimensions ?? 1536;
      if (
        dimensions !== undefined &&
        (!Number.isInteger(dimensions) || (dimensions as number) < 1 || (dimensions as number) > nativeDimensions)
      ) {
        return apiError(res, 400, `Invalid 'dimensions': ${String(dimensions)}`, 'invalid_request_error');
      }
      if (encoding !== undefined && encoding !== 'float' && encoding !== 'base64') {
        return apiError(res, 400, `Invalid 'encoding_format': ${String(encoding)}`, 'invalid_request_error');
      }
      const size = (dimensions as number | undefined) ?? nativeDimensions;
      let tokens = 0;
      const data = (inputs as string[]).map((text, index) => {
        tokens += Math.ceil(text.length / 4);
        const vector = fakeEmbedding(text, size);
        const embedding =
          encoding === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
        return { object: 'embedding', index, embedding };
      });
      // Out of order on purpose: clients must use `index`, not the position in `data`.
      data.reverse();
      send(res, 200, { object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
    })().catch((error: unknown) => {
      if (!res.headersSent) apiError(res, 500, `fake server bug: ${String(error)}`, 'server_error');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    failWith(status: number, times = Number.POSITIVE_INFINITY) {
      failure = { status, remaining: times };
    },
    audioUploads,
    scriptChat(...answers: ChatAnswer[]) {
      chatQueue.push(...answers);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
