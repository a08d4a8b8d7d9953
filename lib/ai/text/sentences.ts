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
  /**
   * The sentence is in a blockquote ("> …", as html-to-text writes one and as e-mails quote): someone else's words
   * that the post cites. Its markers are left out of `text` where they lead a line (displayText drops inner ones).
   */
  quoted: boolean;
}

// Words that end with a period without ending the sentence. wink-nlp's own splitter joins sentences after "y/y."
// and splits "BRK.B", so we split ourselves and keep exact offsets.
const ABBREVIATIONS = new Set(
  'inc corp co ltd plc mr mrs ms dr st vs etc no fig approx est jan feb mar apr jun jul aug sep sept oct nov dec e.g i.e u.s u.k a.m p.m'.split(
    ' ',
  ),
);

/**
 * The end of a sentence: its mark, closing quotes or brackets, then space; or, with no space at all, a mark between a
 * lower-case word and a capitalized one ("…tensions.Blowback from…"): feeds that strip paragraph tags glue sentences
 * so. "What.CD has" and "server.Call(" are names, not two sentences, and so is a pair the text uses twice ("tell
 * Game.Player module" beside "Game.Player.new/1").
 */
// The lookahead `(?=[.!?])` before the lookbehind is what keeps this linear: tried first at every position, the
// lookbehind scanned the whole word back, and a megabyte without a space took minutes.
const BOUNDARY =
  /[.!?]+["”’')\]]*\s+|(?=[.!?])(?<=(?:^|[\s(“"‘])[\p{L}\d][\p{L}\d'’-]*[\p{Ll}\d])[.!?]+["”’')\]]*(?=\p{Lu}\p{Ll}+[\s,])/gu;
/** A blockquote's markers at the start of a line: "> ", ">> ", "> > ". */
const QUOTE_MARKER = /^[ \t]*>(?:[ \t]*>)*[ \t]?/u;
/**
 * A line that opens with a short label and a colon ("Added: $CRWD, $PANW", "Closed: $OKTA", "Note: …"): a note of its
 * own, like a list item, even without a blank line or a period before the next one.
 */
const LABEL_LINE = /^[ \t]*[A-Z][\w'’&-]*(?:[ \t]+[\w'’&-]+){0,2}[ \t]*:[ \t]+\S/u;
const TABLE_ROW = /^\S.*?\S(?: {2,}|\t)\S.*$/u;
/** "- ", "* ", "1. ", "2) ", and "5.Microsoft" where a feed dropped the space after the number. */
const LIST_MARKER = /^[ \t]*(?:(?:[-*•–—]|\d{1,2}[.)])[ \t]+|\d{1,2}[.)](?=\p{Lu}\p{Ll}))/u;
const TIMESTAMP = String.raw`[[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?`;
const TIMESTAMP_ONLY = /^(?:\[\d{1,2}:\d{2}(?::\d{2})?\]|\(\d{1,2}:\d{2}(?::\d{2})?\))$/u;
/**
 * "SAM ORTIZ:", "Sam Ortiz:", "[00:12:03] Sam Ortiz:", "Sam Ortiz (00:12):", "Sam Ortiz (Acme Capital):", and as
 * show notes and broadcast transcripts write them: in bold ("**Sam Ortiz:**", "**Sam Ortiz (host):**"), or with the
 * speaker's role or firm after a comma ("SAM ORTIZ, HOST:", "SAM ORTIZ, ACME CAPITAL:").
 */
const SPEAKER_LABEL = new RegExp(
  String.raw`^[ \t]*(?:\*\*|__)?(?:(${TIMESTAMP})[ \t]*)?((?:[A-Z][A-Za-z'’.-]*)(?:[ \t_](?:[A-Z][A-Za-z'’.-]*|\d{1,2})){0,3})[ \t]*(\([^()\n]{1,60}\)|${TIMESTAMP}|,[ \t]+[A-Z][A-Za-z&'’.-]*(?:[ \t]+[A-Za-z&'’.-]+){0,3})?[ \t]*(?:\*\*|__)?:(?:\*\*|__)?[ \t]+(?=\S)`,
  'u',
);
/**
 * ">> SAM ORTIZ: …": broadcast captions mark each change of speaker with ">>"; before a speaker's label it opens a
 * turn, not a blockquote. The length of the marker, or 0.
 */
export function captionTurnMarker(line: string): number {
  const m = /^[ \t]*>>[ \t]*/u.exec(line);
  return m && SPEAKER_LABEL.test(line.slice(m[0].length)) ? m[0].length : 0;
}
/** A line's blockquote markers, unless they are a caption's turn marker (captionTurnMarker). */
function quoteMarker(line: string): RegExpExecArray | null {
  return captionTurnMarker(line) > 0 ? null : QUOTE_MARKER.exec(line);
}
/** "[Host] …", "[Guest] …", "[Ana Ruiz] …": a bracketed label before the turn's words, in place of a colon. */
const BRACKET_LABEL = /^[ \t]*\[([A-Z][A-Za-z'’.-]*(?: [A-Z][A-Za-z'’.-]*){0,3})\][ \t]+(?=\S)/u;
/** Caption cues in brackets, which are no speakers: "[Music]", "[Laughter]". */
const CAPTION_CUE =
  /^(?:music|laughter|laughs|laughing|applause|inaudible|crosstalk|silence|intro|outro|ad|ads|sponsor|break|pause|video|audio|cheering|noise|foreign|unintelligible|clip|transition|end|start|sound|singing|coughs?)$/iu;

/** A turn's label as SPEAKER_LABEL's groups (timestamp, name, aside), from either form. */
function speakerLabel(raw: string): RegExpExecArray | null {
  const caption = captionTurnMarker(raw);
  const line = raw.slice(caption);
  const colon = SPEAKER_LABEL.exec(line);
  if (colon && caption > 0) {
    // The label's length counts the marker, as the caller skips both.
    return Object.assign([raw.slice(0, caption) + colon[0], colon[1], colon[2], colon[3]], {
      index: 0,
      input: raw,
      groups: undefined,
    }) as unknown as RegExpExecArray;
  }
  if (colon) return colon;
  const bracket = BRACKET_LABEL.exec(line);
  if (!bracket || CAPTION_CUE.test(bracket[1]!)) return null;
  return Object.assign([bracket[0], undefined, bracket[1]!, undefined], {
    index: bracket.index,
    input: line,
    groups: undefined,
  }) as unknown as RegExpExecArray;
}

/** Labels of a newsletter's own lines, not people. */
const NOT_SPEAKERS =
  /^(?:closed|initiated|reduced|unchanged|held|increased|covered|shorted|kept|started|opened|topped up|trims|adds|new this (?:week|month)|note|notes|disclosure|disclaimer|update|updates|position|positions|action|rating|ticker|price|target|risk|risks|catalyst|catalysts|bottom line|summary|thesis|why|what|new|buy|buys|sell|sells|sold|bought|trimmed|added|exit|exits|exited|hold|holds|source|sources|chart|table|figure|fig|ps|p\.s|tl;dr|tldr|q|a|edit|important|warning|portfolio|trade|trades|idea|ideas|the trade|our view|verdict|takeaway|today|watchlist|valuation|timing|structure|entry|stop|size|sizing|cost|upside|downside|shorts|longs|changes|performance|housekeeping|correction|caveat)$/iu;

function endsWithAbbreviation(before: string): boolean {
  // Only the last few characters can hold the abbreviation; a pattern anchored at the end alone retries from every
  // start, and the whole text before a mark made that quadratic in a long word.
  const word = /([A-Za-z.]+)\.?$/u.exec(before.slice(-40).replace(/[.!?]+$/u, ''))?.[1] ?? '';
  if (ABBREVIATIONS.has(word.toLowerCase())) return true;
  // An initial ("J. Smith") or a dotted acronym ("U.S.").
  return /^[A-Z]$/u.test(word) || /^(?:[A-Za-z]\.)+[A-Za-z]$/u.test(word);
}

/** "U.S.", "U.K.": a dotted acronym, which ends a sentence as often as it sits inside one. */
const DOTTED_ACRONYM_END = /(?:^|[^\p{L}.])(?:\p{Lu}\.){2,}$/u;
/** Words that open a sentence and name nothing ("…opens in the U.S. Are they…", "…in the U.K. The bank…"). */
const SENTENCE_OPENERS =
  /^(?:The|A|An|It|Its|This|That|These|Those|They|Their|There|We|Our|I|He|She|His|Her|You|But|And|So|Yet|Are|Is|Was|Were|Will|Would|Can|Could|Should|Do|Does|Did|Has|Have|Had|What|Why|How|Who|When|Where|Which|In|On|At|For|If|As|After|Before|Since|While|Meanwhile|However|Still|Now|Then)\b/u;

/** Whether the word at `at` opens a new sentence rather than continuing a name ("U.S. Steel"). */
function opensSentence(body: string, at: number): boolean {
  return SENTENCE_OPENERS.test(body.slice(at, at + 12));
}

interface Line {
  start: number;
  text: string;
}

/**
 * Speaker labels that make a transcript: a name used as a label twice, or any label behind a timestamp; once the text
 * is a transcript, any label that reads as a person's full name ("Priya Shah:") is a speaker too.
 */
function transcriptSpeakers(lines: Line[], text: string): Set<string> {
  const counts = new Map<string, number>();
  const timed = new Set<string>();
  for (const line of lines) {
    const m = speakerLabel(line.text);
    if (!m || NOT_SPEAKERS.test(m[2]!)) continue;
    const name = speakerName(m[2]!, m[3]);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    if (m[1] || /\d:\d\d/u.test(m[3] ?? '')) timed.add(name);
  }
  const speakers = new Set([...counts].filter(([name, n]) => n >= 2 || timed.has(name)).map(([name]) => name));
  if (speakers.size === 0) return speakers;
  for (const name of counts.keys()) if (/^[A-Z][a-z'’.-]+ [A-Z][A-Za-z'’.-]+$/u.test(name)) speakers.add(name);
  // A first name that labels one turn is a speaker too when the others address or name them outside a label
  // ("Marco, I believe you disagree." then "Marco: Completely."; "Hannah?").
  for (const name of counts.keys()) {
    if (speakers.has(name) || !/^[A-Z][a-z'’-]+$/u.test(name)) continue;
    const named = new RegExp(String.raw`\b${name}\b(?![ \t]*(?:\([^()\n]*\)[ \t]*)?:)`, 'gu');
    const outsideLabels = [...text.matchAll(named)].filter((m) => !/(?:^|\n)[ \t]*\[?$/u.test(text.slice(0, m.index)));
    if (outsideLabels.length > 0) speakers.add(name);
  }
  return speakers;
}

/** Words before a surname that are not a first name: "Thanks Lind", "Dr Lind", "I'm Ben" (a contraction). */
const NOT_FIRST_NAMES =
  /^(?:With|And|Thanks|Thank|Ask|Asked|For|To|From|By|Dear|Mr|Mrs|Ms|Dr|Prof|Professor|Says|Said|Host|Guest|Q|A|Hi|Hello|Meet|Welcome|This|It|\p{Lu}\p{Ll}*['’](?:m|s|d|ve|ll|re))$/u;

/**
 * Speakers labelled by one name ("Lind:", "Hector:") or by initials ("JC:") whom the text names in full once ("This week's interview is with
 * Tobias Lind"): the full name, so a call is attributed to the person the post introduces. One name that matches two
 * full names, or none, stays as labelled.
 */
function fullNames(text: string, speakers: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of speakers) {
    if (/^[A-Z]{2}$/u.test(name)) {
      const named = byInitials(text, name);
      if (named) out.set(name, named);
      continue;
    }
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

/** "JC" → "Jane Cole" when the text names exactly one person with those initials (a transcript's labels). */
function byInitials(text: string, initials: string): string | null {
  const pattern = new RegExp(String.raw`\b${initials[0]}[a-z'’-]+ ${initials[1]}[a-z'’-]+\b`, 'gu');
  const names = new Set(
    [...text.matchAll(pattern)].map((m) => m[0]).filter((n) => !NOT_FIRST_NAMES.test(n.split(' ')[0]!)),
  );
  return names.size === 1 ? [...names][0]! : null;
}

/** How a post introduces the one person it interviews: "Our guest this week is Ana Ruiz", "a conversation with Ana Ruiz". */
const INTRODUCED =
  /\b(?:our guest|my guest|guest|joined by|talks? with|talked with|spoke with|speaks with|interview(?:s|ed)? with|conversation with|sat down with|sits down with)(?:\s+(?:this|today|last|for)(?:\s+\w+)?)?(?:\s+(?:is|was))?\s+((?:[A-Z][a-z'’-]+)(?: [A-Z][a-z'’-]+){1,2})\b/gu;

/**
 * The guest of an interview written as "Q:" and "A:" lines: at least two answers and one question, and exactly one
 * person introduced as the guest. Else null: answers without a named guest stay unattributed.
 */
function interviewee(lines: Line[], text: string): string | null {
  let questions = 0;
  let answers = 0;
  for (const line of lines) {
    if (/^[ \t]*(?:\*\*|__)?Q(?:\*\*|__)?:/u.test(line.text)) questions++;
    if (/^[ \t]*(?:\*\*|__)?A(?:\*\*|__)?:/u.test(line.text)) answers++;
  }
  if (questions < 1 || answers < 2) return null;
  const names = new Set([...text.matchAll(INTRODUCED)].map((m) => m[1]!));
  return names.size === 1 ? [...names][0]! : null;
}

const ROLES = /^(?:host|co-host|cohost|guest|moderator|interviewer|speaker|analyst|panelist)$/iu;

/**
 * "SAM ORTIZ" → "Sam Ortiz"; "Sam O'Neil" as written; a role with the person's name beside it ("Guest (Dr. Lena
 * Fischer)", "Guest (Lena Fischer, Acme Capital)") → the person, without the honorific or the firm.
 */
function speakerName(raw: string, aside?: string): string {
  const person =
    /^\(\s*(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?([A-Z][a-z'’-]+(?: [A-Z][A-Za-z'’-]+){1,2})\s*(?:,[^()]*)?\)$/u.exec(
      aside ?? '',
    );
  if (ROLES.test(raw.trim()) && person) return person[1]!;
  const name = raw.trim();
  // Mixed case, initials and diarization labels ("SPEAKER_01") stay as written.
  if (name !== name.toUpperCase() || name.length <= 2 || /[\d_]/u.test(name)) return name;
  return name.toLowerCase().replace(/(^|[\s'’-])([a-z])/gu, (_, pre: string, c: string) => pre + c.toUpperCase());
}

const INLINE_LABEL = /(?<=\S[ \t]+)([A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)?):[ \t]+(?=\S)/gu;

/**
 * Lines cut where a turn starts mid-line ("…that much faster Sarah: Creating good audio…"), as transcripts made from
 * captions run turns together: only at names that also label the start of a line, so "Note: " or a title's colon
 * never starts a turn.
 */
function splitInlineTurns(lines: Line[]): Line[] {
  const labels = new Set<string>();
  for (const line of lines) {
    const m = SPEAKER_LABEL.exec(line.text.replace(QUOTE_MARKER, ''));
    if (m && !NOT_SPEAKERS.test(m[2]!)) labels.add(m[2]!.trim());
  }
  if (labels.size === 0) return lines;
  const out: Line[] = [];
  for (const line of lines) {
    let from = 0;
    for (const m of line.text.matchAll(INLINE_LABEL)) {
      if (!labels.has(m[1]!)) continue;
      // "[00:01:15] Sam Ortiz: …": a label behind its timestamp starts the line's turn; it is not a turn inside it.
      if (TIMESTAMP_ONLY.test(line.text.slice(from, m.index).trim())) continue;
      out.push({ start: line.start + from, text: line.text.slice(from, m.index) });
      from = m.index!;
    }
    out.push({ start: line.start + from, text: line.text.slice(from) });
  }
  return out;
}

const NAME_SPAN = 200;

/**
 * "Word.Word" glued without a space is a name when the text writes the pair again, or writes the first word with a
 * dot before another word elsewhere ("Game.Lobby" beside "Game.Player": a namespace).
 */
function isName(text: string, body: string, at: number, markLength: number): boolean {
  // Names are short: a bounded slice keeps the end-anchored pattern linear (see endsWithAbbreviation).
  const before = /[\p{L}\d'’-]+$/u.exec(body.slice(Math.max(0, at - NAME_SPAN), at))?.[0] ?? '';
  const after = /^[\p{L}\d]+/u.exec(body.slice(at + markLength, at + markLength + NAME_SPAN))?.[0] ?? '';
  const pair = `${before}${body.slice(at, at + markLength)}${after}`;
  if (text.indexOf(pair) !== text.lastIndexOf(pair)) return true;
  const prefix = `${before}.`;
  let uses = 0;
  for (let i = text.indexOf(prefix); i >= 0 && uses < 2; i = text.indexOf(prefix, i + 1)) {
    if (/\p{L}/u.test(text[i + prefix.length] ?? '')) uses += 1;
  }
  return uses >= 2;
}

/**
 * Lines cut at a fixed width (a plain-text e-mail): most lines that a next line continues are 60 to 80 characters long
 * and end inside a sentence.
 */
function isHardWrapped(lines: Line[]): boolean {
  let continued = 0;
  let wrappedLines = 0;
  for (let i = 0; i + 1 < lines.length; i += 1) {
    const line = lines[i]!.text.trimEnd();
    if (lines[i + 1]!.start !== lines[i]!.start + lines[i]!.text.length + 1) continue; // a blank line follows
    continued += 1;
    if (line.length >= 55 && line.length <= 80 && !/[.!?:"”]$/u.test(line)) wrappedLines += 1;
  }
  return continued >= 3 && wrappedLines / continued >= 0.4;
}

/** A sentence as a reader sees it: inner line breaks and quote markers as one space. */
export function displayText(text: string): string {
  return (
    text
      .replace(/\s*\n[ \t]*(?:>[ \t]?)*/gu, ' ')
      // A footnote's way back ("↩︎") is a link, not a word.
      .replace(/\s*↩[\uFE0E\uFE0F]?/gu, '')
      // Markdown that a feed left in its text: [links](url) as their text, **bold**, *italic*.
      .replace(/\[([^[\]\n]{1,200})\]\((?:https?:\/\/|\/)[^()\s]{0,500}\)/gu, '$1')
      .replace(
        /\*\*(\S(?:[^*]*\S)?)\*\*|(?<![\w*])\*(\S(?:[^*]*\S)?)\*(?![\w*])/gu,
        (_, bold, italic) => bold ?? italic,
      )
      .replace(/\s+/gu, ' ')
      .trim()
  );
}

/**
 * Sentences with exact offsets. Paragraphs are split at blank lines; a list item ("- …", "* …", "1. …") and a
 * transcript turn ("NAME: …") start a block of their own even without one, and their marker or label is not part of
 * the sentence. Each sentence knows its speaker: the last label before it, in a text where labels make a transcript.
 */
export function splitSentences(text: string): Sentence[] {
  const lines: Line[] = [];
  for (const m of text.matchAll(/[^\n]*/gu)) {
    // A line of bare quote markers (">") is a blank line inside a blockquote; a line of a timestamp alone
    // ("[00:01:15]") marks time in a transcript and says nothing, so it neither is a sentence nor parts two turns.
    const bare = m[0].replace(QUOTE_MARKER, '').trim();
    if (bare && !TIMESTAMP_ONLY.test(bare)) lines.push({ start: m.index!, text: m[0] });
  }
  // A line break ends a sentence unless the text is hard-wrapped (a plain-text e-mail): text made from HTML has one
  // line per block element, so a heading or a <div> never runs into the next line.
  const wrapped = isHardWrapped(lines);
  const turns = splitInlineTurns(lines);
  const speakers = transcriptSpeakers(turns, text);
  const full = fullNames(text, speakers);
  // An interview written as questions and answers ("Q: …", "A: …") with one guest the post introduces: the answers
  // are the guest's turns, the questions the publication's own (no speaker).
  const answerer = speakers.size === 0 ? interviewee(turns, text) : null;
  if (answerer) {
    speakers.add('A');
    full.set('A', answerer);
  }
  // Blocks: runs of lines, broken at blank lines, list items, speaker turns, blockquotes' edges and, in text that is
  // not hard-wrapped, at every line.
  const blocks: { start: number; end: number; speaker: string | null; listItem: boolean; quoted: boolean }[] = [];
  let speaker: string | null = null;
  let previousEnd = -1;
  for (const line of turns) {
    let start = line.start;
    const end = line.start + line.text.length;
    let listItem = false;
    const quote = quoteMarker(line.text);
    if (quote) start += quote[0].length;
    const between = previousEnd < 0 ? '' : text.slice(previousEnd, line.start);
    let fresh =
      previousEnd < 0 ||
      !wrapped ||
      /\n\s*\n/u.test(between) ||
      /\n[ \t]*>[ \t>]*\n/u.test(between) ||
      Boolean(quote) !== (blocks[blocks.length - 1]?.quoted ?? false);
    const label = speakerLabel(text.slice(start, end));
    if (label && speakers.has(speakerName(label[2]!, label[3]))) {
      const name = speakerName(label[2]!, label[3]);
      speaker = full.get(name) ?? name;
      start += label[0].length;
      fresh = true;
    } else if (answerer && label?.[2] === 'Q') {
      speaker = null;
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
    if (fresh || !last) {
      blocks.push({ start, end, speaker: speakers.size > 0 ? speaker : null, listItem, quoted: Boolean(quote) });
    } else last.end = end;
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
      // A separator left before a sentence ("… items. | Subscribe …") is not part of it.
      const lead = raw.length - raw.replace(/^[\s|•·]+/u, '').length;
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
        quoted: block.quoted,
      });
    };
    for (const m of body.matchAll(BOUNDARY)) {
      const at = m.index ?? 0;
      const next = body[at + m[0].length];
      if (next === undefined) continue;
      if (!/[A-Z0-9$"“'‘([|\p{Lu}]/u.test(next)) continue;
      if (
        m[0].startsWith('.') &&
        endsWithAbbreviation(body.slice(from, at + 1)) &&
        !(DOTTED_ACRONYM_END.test(body.slice(Math.max(from, at - 12), at + 1)) && opensSentence(body, at + m[0].length))
      )
        continue;
      if (!/\s/u.test(m[0]) && isName(text, body, at, m[0].length)) continue;
      const end = at + m[0].trimEnd().length;
      push(from, end);
      from = at + m[0].length;
    }
    push(from, body.length);
    if (indexInParagraph > 0) paragraph += 1;
  }
  return out;
}
