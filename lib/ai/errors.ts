/**
 * Typed failures of the AI module. Callers (sync jobs) branch on `code`: a budget stop ends the run quietly, a
 * provider failure is retried later, an output failure is logged with the generator and never stored.
 */
export type AiErrorCode =
  | 'budget_exceeded'
  | 'provider_error'
  | 'invalid_output'
  | 'refusal'
  | 'invalid_input'
  | 'audio_too_large'
  | 'audio_unsplittable';

export class AiError extends Error {
  readonly code: AiErrorCode;
  constructor(code: AiErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

export class BudgetExceededError extends AiError {
  readonly limit: 'requests' | 'tokens';
  constructor(limit: 'requests' | 'tokens', message: string) {
    super('budget_exceeded', message);
    this.limit = limit;
  }
}

/** The provider answered with an HTTP error after the SDK's retries, or could not be reached (status null). */
export class AiProviderError extends AiError {
  readonly status: number | null;
  constructor(status: number | null, message: string, options?: { cause?: unknown }) {
    super('provider_error', message, options);
    this.status = status;
  }
}

/** The model's answer was not valid JSON for the requested schema, was cut off, or was filtered. */
export class AiOutputError extends AiError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid_output', message, options);
  }
}

export class AiRefusalError extends AiError {
  readonly refusal: string;
  constructor(refusal: string) {
    super('refusal', `The model refused: ${refusal.slice(0, 200)}`);
    this.refusal = refusal;
  }
}

export class AiInputError extends AiError {
  constructor(message: string) {
    super('invalid_input', message);
  }
}

export class AudioTooLargeError extends AiError {
  readonly bytes: number;
  readonly maxUploadBytes: number;
  constructor(bytes: number, maxUploadBytes: number, mimeType: string) {
    super(
      'audio_too_large',
      `Audio of ${bytes} bytes (${mimeType}) exceeds the upload limit of ${maxUploadBytes} bytes and only MP3 can be split`,
    );
    this.bytes = bytes;
    this.maxUploadBytes = maxUploadBytes;
  }
}

export class AudioSplitError extends AiError {
  constructor(message: string) {
    super('audio_unsplittable', message);
  }
}
