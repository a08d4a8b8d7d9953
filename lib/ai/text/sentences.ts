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
}

// Words that end with a period without ending the sentence. wink-nlp's own splitter joins sentences after "y/y."
// and splits "BRK.B", so we split ourselves and keep exact offsets.
const ABBREVIATIONS = new Set(
  'inc corp co ltd plc mr mrs ms dr st vs etc no fig approx est jan feb mar apr jun jul aug sep sept oct nov dec e.g i.e u.s u.k a.m p.m'.split(
    ' ',
  ),
);

const BOUNDARY = /[.!?]+["”’')\]]*\s+/gu;

function endsWithAbbreviation(before: string): boolean {
  const word = /([A-Za-z.]+)\.?$/u.exec(before.replace(/[.!?]+$/u, ''))?.[1] ?? '';
  if (ABBREVIATIONS.has(word.toLowerCase())) return true;
  // An initial ("J. Smith") or a dotted acronym ("U.S.").
  return /^[A-Z]$/u.test(word) || /^(?:[A-Za-z]\.)+[A-Za-z]$/u.test(word);
}

export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const paragraphs = /[^\n]+(?:\n(?!\s*\n)[^\n]*)*/gu;
  let paragraph = 0;
  for (const p of text.matchAll(paragraphs)) {
    const base = p.index ?? 0;
    const body = p[0];
    let from = 0;
    let indexInParagraph = 0;
    const push = (a: number, b: number) => {
      const raw = body.slice(a, b);
      const lead = raw.length - raw.trimStart().length;
      const trimmed = raw.trim();
      if (!trimmed) return;
      const start = base + a + lead;
      out.push({
        text: trimmed,
        start,
        end: start + trimmed.length,
        paragraph,
        indexInParagraph: indexInParagraph++,
        index: out.length,
      });
    };
    for (const m of body.matchAll(BOUNDARY)) {
      const at = m.index ?? 0;
      const next = body[at + m[0].length];
      if (next === undefined) continue;
      if (!/[A-Z0-9$"“'(]/u.test(next)) continue;
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
