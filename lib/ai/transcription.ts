import type OpenAI from 'openai';
import { toFile } from 'openai';
import { AiInputError, AiProviderError, AudioTooLargeError } from './errors';
import { splitMp3 } from './mp3-chunks';

/** OpenAI's upload limit for audio transcription. */
export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export interface AudioInput {
  audio: Buffer;
  filename: string;
  mimeType: string;
}

export interface TranscriptionOptions {
  client: OpenAI;
  model: string;
  maxUploadBytes?: number;
}

export interface TranscriptionResult {
  text: string;
  /** Bytes of each uploaded piece, in order (one piece when the audio fit). */
  chunkBytes: number[];
  generator: string;
}

function isMp3(input: AudioInput): boolean {
  return /^audio\/(?:mpeg|mp3|mpeg3|x-mpeg-3)$/iu.test(input.mimeType) || /\.mp3$/iu.test(input.filename);
}

/**
 * Transcribe a podcast episode. Audio over the upload limit is split at MP3 frame boundaries and the pieces are
 * transcribed in order and joined; other formats over the limit are refused with AudioTooLargeError.
 */
export async function transcribeAudio(input: AudioInput, options: TranscriptionOptions): Promise<TranscriptionResult> {
  if (!input || !Buffer.isBuffer(input.audio) || input.audio.length === 0) {
    throw new AiInputError('Audio must be a non-empty Buffer');
  }
  const max = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  let pieces: Buffer[] = [input.audio];
  if (input.audio.length > max) {
    if (!isMp3(input)) throw new AudioTooLargeError(input.audio.length, max, input.mimeType);
    pieces = splitMp3(input.audio, max);
  }
  const texts: string[] = [];
  for (const [i, piece] of pieces.entries()) {
    const name = pieces.length === 1 ? input.filename : input.filename.replace(/(\.\w+)?$/u, `.part${i + 1}$1`);
    try {
      const file = await toFile(piece, name, { type: input.mimeType });
      const result = await options.client.audio.transcriptions.create({ file, model: options.model });
      texts.push(result.text.trim());
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      throw new AiProviderError(
        typeof status === 'number' ? status : null,
        `Transcription of piece ${i + 1}/${pieces.length} failed: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  return {
    text: texts.filter(Boolean).join('\n\n'),
    chunkBytes: pieces.map((p) => p.length),
    generator: `openai:${options.model}`,
  };
}
