/** A sentence as an exact slice of the source text, so whatever quotes it can be found again verbatim. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
  /** Paragraph number (0-based) and the sentence's place within it. */
  paragraph: number;
  indexInParagraph: number;
  /** Place in the whole text (0-based). */
  index: number;
  /**
   * In a transcript, who says it ("Sam Ortiz" from "SAM ORTIZ:" or "[00:12:03] Sam Ortiz:"; from "Ortiz:" too when
   * the text names Sam Ortiz), else null.
   */
  speaker: string | null;
  /** The sentence is (the start of) an item of a list ("- …", "1. …"), its marker left out of `text`. */
  listItem: boolean;
}

// Words that end with a period without ending the sentence. wink-nlp's own splitter joins sentences after "y/y."
// and splits "BRK.B", so we split ourselves and keep exact offsets.
const ABBREVIATIONS = new Set(
  'inc corp co ltd plc mr mrs ms dr st vs etc no fig approx est jan feb mar apr jun jul aug sep sept oct nov dec e.g i.e u.s u.k a.m p.m'.split(
    ' ',
  ),
);

const BOUNDARY = /[.!?]+["”’')\]]*\s+/gu;
/**
 * A line that opens with a short label and a colon ("Added: $CRWD, $PANW", "Closed: $OKTA", "Note: …"): a note of its
 * own, like a list item, even without a blank line or a period before the next one.
 */
const LABEL_LINE = /^[ \t]*[A-Z][\w'’&-]*(?:[ \t]+[\w'’&-]+){0,2}[ \t]*:[ \t]+\S/u;
const TABLE_ROW = /^\S.*?\S(?: {2,}|\t)\S.*$/u;
const LIST_MARKER = /^[ \t]*(?:[-*•–—]|\d{1,2}[.)])[ \t]+/u;
const TIMESTAMP = String.raw`[[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?`;
/** "SAM ORTIZ:", "Sam Ortiz:", "[00:12:03] Sam Ortiz:", "Sam Ortiz (00:12):", "Sam Ortiz (Acme Capital):" */
const SPEAKER_LABEL = new RegExp(
  String.raw`^[ \t]*(?:(${TIMESTAMP})[ \t]*)?((?:[A-Z][A-Za-z'’.-]*)(?:[ \t_](?:[A-Z][A-Za-z'’.-]*|\d{1,2})){0,3})[ \t]*(\([^()\n]{1,60}\)|${TIMESTAMP})?[ \t]*:[ \t]+(?=\S)`,
  'u',
);
/** Labels of a newsletter's own lines, not people. */
const NOT_SPEAKERS =
  /^(?:closed|initiated|reduced|unchanged|held|increased|covered|shorted|kept|started|opened|topped up|trims|adds|new this (?:week|month)|note|notes|disclosure|disclaimer|update|updates|position|positions|action|rating|ticker|price|target|risk|risks|catalyst|catalysts|bottom line|summary|thesis|why|what|new|buy|buys|sell|sells|sold|bought|trimmed|added|exit|exits|exited|hold|holds|source|sources|chart|table|figure|fig|ps|p\.s|tl;dr|tldr|q|a|edit|important|warning|portfolio|trade|trades|idea|ideas|the trade|our view|verdict|takeaway|today|watchlist|valuation|timing|structure|entry|stop|size|sizing|cost|upside|downside|shorts|longs|changes|performance|housekeeping|correction|caveat)$/iu;

function endsWithAbbreviation(before: string): boolean {
  const word = /([A-Za-z.]+)\.?$/u.exec(before.replace(/[.!?]+$/u, ''))?.[1] ?? '';
  if (ABBREVIATIONS.has(word.toLowerCase())) return true;
  // An initial ("J. Smith") or a dotted acronym ("U.S.").
  return /^[A-Z]$/u.test(word) || /^(?:[A-Za-z]\.)+[A-Za-z]$/u.test(word);
}

interface Line {
  start: number;
  text: string;
}

/**
 * Speaker labels that make a transcript: a name used as a label twice, or any label behind a timestamp; once the text
 * is a transcript, any label that reads as a person's full name ("Priya Shah:") is a speaker too.
 */
function transcriptSpeakers(lines: Line[]): Set<string> {
  const counts = new Map<string, number>();
  const timed = new Set<string>();
  for (const line of lines) {
    const m = SPEAKER_LABEL.exec(line.text);
    if (!m || NOT_SPEAKERS.test(m[2]!)) continue;
    const name = speakerName(m[2]!, m[3]);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    if (m[1] || /\d:\d\d/u.test(m[3] ?? '')) timed.add(name);
  }
  const speakers = new Set([...counts].filter(([name, n]) => n >= 2 || timed.has(name)).map(([name]) => name));
  if (speakers.size === 0) return speakers;
  for (const name of counts.keys()) if (/^[A-Z][a-z'’.-]+ [A-Z][A-Za-z'’.-]+$/u.test(name)) speakers.add(name);
  return speakers;
}

/** Words before a surname that are not a first name: "Thanks Lind", "Dr Lind". */
const NOT_FIRST_NAMES =
  /^(?:With|And|Thanks|Thank|Ask|Asked|For|To|From|By|Dear|Mr|Mrs|Ms|Dr|Prof|Professor|Says|Said|Host|Guest|Q|A)$/u;

/**
 * Speakers labelled by one name ("Lind:", "Hector:") whom the text names in full once ("This week's interview is with
 * Tobias Lind"): the full name, so a call is attributed to the person the post introduces. One name that matches two
 * full names, or none, stays as labelled.
 */
function fullNames(text: string, speakers: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of speakers) {
    if (!/^[A-Z][a-z'’-]+$/u.test(name)) continue;
    const full = new Set<string>();
    const pattern = new RegExp(
      String.raw`\b([A-Z][a-z'’-]+) ${name}\b|\b${name} ([A-Z][a-z'’-]+)\b(?![ \t]*[:(])`,
      'gu',
    );
    for (const m of text.matchAll(pattern)) {
      const other = m[1] ?? m[2]!;
      if (NOT_FIRST_NAMES.test(other) || speakers.has(other)) continue;
      full.add(m[1] ? `${other} ${name}` : `${name} ${other}`);
    }
    if (full.size === 1) out.set(name, [...full][0]!);
  }
  return out;
}

const ROLES = /^(?:host|co-host|cohost|guest|moderator|interviewer|speaker|analyst|panelist)$/iu;

/**
 * "SAM ORTIZ" → "Sam Ortiz"; "Sam O'Neil" as written; a role with the person's name beside it ("Guest (Dr. Lena
 * Fischer)") → the person, without the honorific.
 */
function speakerName(raw: string, aside?: string): string {
  const person = /^\(\s*(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?([A-Z][a-z'’-]+(?: [A-Z][A-Za-z'’-]+){1,2})\s*\)$/u.exec(
    aside ?? '',
  );
  if (ROLES.test(raw.trim()) && person) return person[1]!;
  const name = raw.trim();
  // Mixed case, initials and diarization labels ("SPEAKER_01") stay as written.
  if (name !== name.toUpperCase() || name.length <= 2 || /[\d_]/u.test(name)) return name;
  return name.toLowerCase().replace(/(^|[\s'’-])([a-z])/gu, (_, pre: string, c: string) => pre + c.toUpperCase());
}

/**
 * Sentences with exact offsets. Paragraphs are split at blank lines; a list item ("- …", "* …", "1. …") and a
 * transcript turn ("NAME: …") start a block of their own even without one, and their marker or label is not part of
 * the sentence. Each sentence knows its speaker: the last label before it, in a text where labels make a transcript.
 */
export function splitSentences(text: string): Sentence[] {
  const lines: Line[] = [];
  for (const m of text.matchAll(/[^\n]*/gu)) {
    if (m[0].trim()) lines.push({ start: m.index!, text: m[0] });
  }
  const speakers = transcriptSpeakers(lines);
  const full = fullNames(text, speakers);
  // Blocks: runs of lines, broken at blank lines, list items and speaker turns.
  const blocks: { start: number; end: number; speaker: string | null; listItem: boolean }[] = [];
  let speaker: string | null = null;
  let previousEnd = -1;
  for (const line of lines) {
    let start = line.start;
    const end = line.start + line.text.length;
    let listItem = false;
    let fresh = previousEnd < 0 || /\n\s*\n/u.test(text.slice(previousEnd, line.start));
    const label = SPEAKER_LABEL.exec(line.text);
    if (label && speakers.has(speakerName(label[2]!, label[3]))) {
      const name = speakerName(label[2]!, label[3]);
      speaker = full.get(name) ?? name;
      start += label[0].length;
      fresh = true;
    } else if (label?.[1]) {
      start += label[0].length;
      fresh = true;
    }
    const marker = LIST_MARKER.exec(text.slice(start, end));
    if (marker) {
      start += marker[0].length;
      listItem = true;
      fresh = true;
    } else if (LABEL_LINE.test(text.slice(start, end))) {
      fresh = true;
    } else if (TABLE_ROW.test(text.slice(start, end))) {
      // A row of a table ("Amphenol     APH      Bought"): an item of its own, like a list's.
      listItem = true;
      fresh = true;
    }
    const last = blocks[blocks.length - 1];
    if (last?.listItem) fresh = true;
    if (fresh || !last) blocks.push({ start, end, speaker: speakers.size > 0 ? speaker : null, listItem });
    else last.end = end;
    previousEnd = end;
  }

  const out: Sentence[] = [];
  let paragraph = 0;
  for (const block of blocks) {
    const body = text.slice(block.start, block.end);
    let from = 0;
    let indexInParagraph = 0;
    const push = (a: number, b: number) => {
      const raw = body.slice(a, b);
      const lead = raw.length - raw.trimStart().length;
      const trimmed = raw.trim();
      if (!trimmed) return;
      const start = block.start + a + lead;
      out.push({
        text: trimmed,
        start,
        end: start + trimmed.length,
        paragraph,
        indexInParagraph: indexInParagraph++,
        index: out.length,
        speaker: block.speaker,
        listItem: block.listItem && indexInParagraph === 1,
      });
    };
    for (const m of body.matchAll(BOUNDARY)) {
      const at = m.index ?? 0;
      const next = body[at + m[0].length];
      if (next === undefined) continue;
      if (!/[A-Z0-9$"“'‘([]/u.test(next)) continue;
      if (m[0].startsWith('.') && endsWithAbbreviation(body.slice(from, at + 1))) continue;
      const end = at + m[0].trimEnd().length;
      push(from, end);
      from = at + m[0].length;
    }
    push(from, body.length);
    if (indexInParagraph > 0) paragraph += 1;
  }
  return out;
}
