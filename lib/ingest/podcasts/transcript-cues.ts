import { decodeEntities } from '@/lib/ingest/feeds/feed-text';

/** One stretch of speech: who said it (when the transcript says) and what. */
export type Cue = { speaker: string | null; text: string };

const TIMING = /-->/;
// "KENJI:" or "Kenji Watanabe:"; a single capitalized word ("Today:", "Note:") is too often just prose.
const SPEAKER_PREFIX =
  /^([A-Z][A-Z.'’-]+(?: [A-Z][A-Z.'’-]+){0,3}|[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){1,3}):\s+(\S[\s\S]*)$/;
const TIMESTAMP_ONLY = /^\[?\(?\d{1,2}(?::\d{2}){1,2}(?:[.,]\d+)?\)?\]?$/;
const TIMESTAMP_PREFIX = /^\[?\(?\d{1,2}(?::\d{2}){1,2}(?:[.,]\d+)?\)?\]?\s+/;
const PARAGRAPH_BREAK_AT = 500;

/** Cues of a WebVTT or SRT file: headers, NOTE/STYLE/REGION blocks, cue numbers and timings left out. */
export function subtitleCues(text: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = normalizeNewlines(text).split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => TIMING.test(line));
    // WEBVTT headers, NOTE, STYLE and REGION blocks and stray numbers carry no timing line: not speech.
    if (timing < 0) continue;
    let speaker: string | null = null;
    const textLines: string[] = [];
    for (const raw of lines.slice(timing + 1)) {
      const voice = /<v(?:\.[^\s<>]*)?\s+([^<>]+)>/i.exec(raw);
      if (voice?.[1]) speaker = voice[1].trim();
      const line = stripTags(raw)
        .replace(/^>>\s*/, '')
        .trim();
      if (line) textLines.push(line);
    }
    if (textLines.length > 0) cues.push(withSpeaker(speaker, textLines.join('\n')));
  }
  return cues;
}

/** Lines of a plain-text transcript as cues, timestamps dropped. */
export function lineCues(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const raw of normalizeNewlines(text).split('\n')) {
    const line = raw.trim().replace(TIMESTAMP_PREFIX, '');
    if (!line || TIMESTAMP_ONLY.test(line)) continue;
    cues.push(withSpeaker(null, line));
  }
  return cues;
}

/** Reads a "Name: words" prefix as the speaker when the format gave none. */
export function withSpeaker(speaker: string | null, text: string): Cue {
  if (speaker) return { speaker, text };
  const match = SPEAKER_PREFIX.exec(text);
  return match?.[1] && match[2] ? { speaker: match[1], text: match[2] } : { speaker: null, text };
}

/**
 * Cues as paragraphs: one per turn ("Speaker: text"), a line repeated by rolling captions kept once, and long
 * speaker-less runs broken at a sentence end so the text stays readable.
 */
export function joinCues(cues: Cue[]): string {
  const paragraphs: Array<{ speaker: string | null; text: string }> = [];
  let lastLine = '';
  for (const cue of cues) {
    const current = paragraphs.at(-1);
    const speakerChanged = cue.speaker !== null && cue.speaker !== current?.speaker;
    if (speakerChanged) lastLine = '';
    const lines = cue.text
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    const fresh: string[] = [];
    for (const line of lines) {
      if (line === lastLine) continue;
      fresh.push(line);
      lastLine = line;
    }
    if (fresh.length === 0) continue;
    const text = fresh.join(' ');
    const longRun = current && current.text.length >= PARAGRAPH_BREAK_AT && /[.!?…]["”’)]?$/.test(current.text);
    if (!current || speakerChanged || (cue.speaker === null && current.speaker === null && longRun)) {
      paragraphs.push({ speaker: cue.speaker ?? current?.speaker ?? null, text });
    } else {
      current.text = `${current.text} ${text}`;
    }
  }
  return paragraphs.map((p) => (p.speaker ? `${p.speaker}: ${p.text}` : p.text)).join('\n\n');
}

export function stripTags(text: string): string {
  return decodeEntities(text.replace(/<[^<>]*>/g, ''));
}

export function normalizeNewlines(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}
