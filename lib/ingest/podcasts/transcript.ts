import { removeBetween } from '@/lib/ingest/feeds/feed-text';
import type { FeedTranscript } from '@/lib/ingest/feeds/feed-types';
import {
  type Cue,
  joinCues,
  lineCues,
  normalizeNewlines,
  stripTags,
  subtitleCues,
  withSpeaker,
} from './transcript-cues';

export type TranscriptFormat = 'json' | 'vtt' | 'srt' | 'html' | 'text';

export type TranscriptParseReason = 'unsupported_type' | 'malformed' | 'empty';

export class TranscriptParseError extends Error {
  readonly reason: TranscriptParseReason;

  constructor(reason: TranscriptParseReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TranscriptParseError';
    this.reason = reason;
  }
}

const TYPES: Record<string, TranscriptFormat> = {
  'application/json': 'json',
  'text/json': 'json',
  'text/vtt': 'vtt',
  'application/x-subrip': 'srt',
  'application/srt': 'srt',
  'text/srt': 'srt',
  'text/x-srt': 'srt',
  'text/html': 'html',
  'text/plain': 'text',
};

/** Richest first: JSON has speakers and clean segments, VTT may carry voices, SRT only cues, HTML and text vary. */
const PREFERENCE: TranscriptFormat[] = ['json', 'vtt', 'srt', 'html', 'text'];

/** The transcript format a MIME type names (parameters and case ignored), or null when we cannot read it. */
export function transcriptFormat(type: string): TranscriptFormat | null {
  const bare = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return TYPES[bare] ?? null;
}

/**
 * A published transcript as plain text: one paragraph per speaker turn ("Speaker: text"), timestamps and cue numbers
 * removed, lines repeated by rolling captions merged.
 */
export function parseTranscript(text: string, type: string): string {
  const format = transcriptFormat(type);
  if (!format) throw new TranscriptParseError('unsupported_type', `Transcripts of type ${type} cannot be read`);
  if (typeof text !== 'string' || text.trim().length === 0) {
    throw new TranscriptParseError('empty', 'The transcript is empty');
  }
  const cues = cuesOf(text, format);
  const joined = joinCues(cues);
  if (joined.length === 0) throw new TranscriptParseError('empty', 'The transcript holds no text');
  return joined;
}

/** The transcript to fetch: the richest readable format, in the wanted language when one is given and offered. */
export function chooseTranscript(
  transcripts: FeedTranscript[],
  options: { language?: string | null } = {},
): FeedTranscript | null {
  const readable = transcripts.filter((transcript) => transcriptFormat(transcript.type) !== null);
  const primary = (tag: string | null | undefined) => tag?.split('-')[0]?.toLowerCase() ?? null;
  const wanted = primary(options.language);
  const inLanguage = wanted ? readable.filter((t) => t.language === null || primary(t.language) === wanted) : [];
  const pool = inLanguage.length > 0 ? inLanguage : readable;
  const rank = (t: FeedTranscript) => PREFERENCE.indexOf(transcriptFormat(t.type) as TranscriptFormat);
  return [...pool].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

function cuesOf(text: string, format: TranscriptFormat): Cue[] {
  switch (format) {
    case 'vtt':
    case 'srt':
      return subtitleCues(text);
    case 'json':
      return jsonCues(text);
    case 'html':
      return htmlCues(text);
    case 'text':
      return lineCues(text);
  }
}

/** Podcasting 2.0 JSON: `{ segments: [{ speaker?, startTime, endTime, body }] }`; a segment without a speaker continues the turn. */
function jsonCues(text: string): Cue[] {
  let document: unknown;
  try {
    document = JSON.parse(normalizeNewlines(text));
  } catch (error) {
    throw new TranscriptParseError('malformed', 'The JSON transcript is not valid JSON', { cause: error });
  }
  const segments = (document as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments)) throw new TranscriptParseError('malformed', 'The JSON transcript has no segments list');
  const cues: Cue[] = [];
  for (const segment of segments) {
    if (segment === null || typeof segment !== 'object') continue;
    const { speaker, body } = segment as { speaker?: unknown; body?: unknown };
    if (typeof body !== 'string' || body.trim().length === 0) continue;
    const name = typeof speaker === 'string' && speaker.trim() ? speaker.trim() : null;
    cues.push({ speaker: name, text: body.trim() });
  }
  return cues;
}

/** HTML transcripts (`<cite>Speaker:</cite> <time>0:00</time> <p>…</p>`): speakers from cite, times dropped. */
function htmlCues(html: string): Cue[] {
  let text = html;
  for (const tag of ['script', 'style', 'head', 'time']) text = removeBetween(text, `<${tag}`, `</${tag}>`, '\n');
  // Tag patterns use [^<>] so a hostile file of unclosed tags is scanned once, not once per tag.
  const marked = text
    .replace(/<cite\b[^<>]*>([^<]*)<\/cite\s*>/gi, (_whole, name: string) => `\n\uE000${stripTags(name)}\uE001\n`)
    .replace(/<\/?(p|div|br|li|h[1-6]|section|article|blockquote|tr|dt|dd)\b[^<>]*>/gi, '\n');
  const cues: Cue[] = [];
  let speaker: string | null = null;
  for (const cue of lineCues(stripTags(marked))) {
    const label = /^\uE000([^\uE001]*)\uE001\s*(.*)$/.exec(cue.text);
    if (label) {
      speaker = (label[1] ?? '').replace(/:\s*$/, '').trim() || null;
      if (label[2]) cues.push({ speaker, text: label[2] });
      continue;
    }
    cues.push(speaker ? { speaker, text: cue.text } : withSpeaker(null, cue.text));
  }
  return cues;
}
