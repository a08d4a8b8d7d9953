import type { Summarizer, SummaryStructure } from '@/lib/ai/summaries/summarizer';
import { looksLikeTeaser } from '@/lib/posts/teaser';

/**
 * What a buyer of a summary must never read, checked on the rendered summary and its structure. Each check is
 * written from the outside, not from the summarizer's own rules, so it can catch what they miss:
 *
 *   glued       two sentences without a space between them ("…in April.Previously, Modi…"): paragraphs run together
 *   markup      blockquote markers ("> "), HTML tags or entities, Markdown emphasis or links in the text
 *   repeated    the same sentence twice (the takeaway again as a key point, or two equal points)
 *   boilerplate a subscribe, follow, sponsor, "read more" or link line, or a chapter list, as takeaway or key point
 *   quoted      a takeaway that is someone else's quotation rather than the author's point
 *   unlabelled  a summary of a teaser whose first line does not say that it covers the teaser only
 */
export type SummaryDefectKind = 'glued' | 'markup' | 'repeated' | 'boilerplate' | 'quoted' | 'unlabelled';

export interface SummaryDefect {
  kind: SummaryDefectKind;
  /** The line of the summary at fault. */
  line: string;
}

const GLUED = /(?<![.\p{L}\d])([\p{L}\d'’-]*[\p{Ll}\d][.!?]["”’)]?\p{Lu}\p{Ll}+)[\s,]/gu;
const URLISH =
  /\b(?:https?:\/\/|www\.)\S+|\b[\w-]+(?:\.[\w-]+)+\.(?:com|net|org|io|js)\b|\b\w+\.(?:js|NET|io|com)\b/giu;
const MARKUP =
  /(?:^|[.!?:]\s+|\s>\s*)>(?:\s|$)|<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|&(?:[a-z][a-z0-9]{1,7}|#\d{1,7}|#x[0-9a-f]{1,6});|(?<!\*)\*\*\p{L}|\]\((?:https?:|\/)|^#{1,6}\s|↩/iu;
const BOILERPLATE =
  /\b(?:subscrib(?:e|ing) (?:to|for|now|here|today)|unsubscribe|sign up for|follow (?:us|me)|sponsor(?:ed|s)?\b|brought to you by|promo code|offer code|read more(?: about| at| here| link|\s*$)|continue reading|keep reading|appeared first on|click here|view (?:this|it) in (?:your )?browser|forward(?:ed)? this (?:email|newsletter)|all rights reserved|privacy policy|leave a (?:comment|review)|rate (?:and|&) review|support (?:the|this) (?:show|podcast)|become a (?:patron|member|supporter)|listen (?:on|to (?:the|this) (?:episode|show)))\b/iu;
const TIMESTAMPS = /\b\d{1,2}:\d{2}(?::\d{2})?\b/gu;
const QUOTE_OPEN = /^["“‘'«]/u;
export const TEASER_LINE = /^Source: teaser only\b/u;

/** "…in April.Previously, Modi…": a word, a mark and a capitalized word without a space, not a name the post repeats. */
function glued(line: string, text: string): boolean {
  for (const m of line.replace(URLISH, ' ').matchAll(GLUED)) {
    if (text.indexOf(m[1]!) === text.lastIndexOf(m[1]!)) return true;
  }
  return false;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The same sentence: equal words, or one point's words wholly inside a longer one's (at five words or more). */
function repeats(a: string, b: string): boolean {
  const x = words(a).join(' ');
  const y = words(b).join(' ');
  if (x.length === 0 || y.length === 0) return false;
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.split(' ').length >= 5 && long.includes(short);
}

export function summaryDefects(
  rendered: string,
  structured: SummaryStructure,
  /** The post's title: a takeaway that falls back to it is the author's own words, quoted or not. */
  options: { teaser: boolean; title: string; text: string },
): SummaryDefect[] {
  const out: SummaryDefect[] = [];
  const lines = [structured.takeaway, ...structured.keyPoints];
  for (const line of lines) {
    if (glued(line, options.text)) out.push({ kind: 'glued', line });
    if (MARKUP.test(line)) out.push({ kind: 'markup', line });
    if (BOILERPLATE.test(line) || (line.match(TIMESTAMPS) ?? []).length >= 3) out.push({ kind: 'boilerplate', line });
  }
  for (let i = 0; i < lines.length; i += 1) {
    for (let j = i + 1; j < lines.length; j += 1) {
      if (repeats(lines[i]!, lines[j]!)) out.push({ kind: 'repeated', line: lines[j]! });
    }
  }
  // A quotation, perhaps after a speaker's name ("Sam Ortiz: “…”"), that makes up almost half of the takeaway or more.
  const takeaway = structured.takeaway.replace(/^(?:\p{Lu}[\p{L}'’.-]*\s?){1,3}: /u, '');
  const quote = /^["“‘«'](.*?)["”’»'](?!\p{L})/u.exec(takeaway);
  if (
    structured.takeaway !== options.title &&
    QUOTE_OPEN.test(takeaway) &&
    (!quote || quote[0].length > takeaway.length * 0.45)
  ) {
    out.push({ kind: 'quoted', line: structured.takeaway });
  }
  const first = rendered.split('\n')[0] ?? '';
  if (options.teaser && !TEASER_LINE.test(first)) out.push({ kind: 'unlabelled', line: first });
  return out;
}

export interface DefectReport {
  posts: number;
  /** Posts whose text is a feed's teaser (lib/posts/teaser.ts): their summaries must say so. */
  teasers: number;
  byKind: Record<SummaryDefectKind, number>;
  defects: Array<SummaryDefect & { post: string }>;
}

export interface DefectPost {
  id: string;
  title: string;
  author: string;
  text: string;
  textSource: string;
  url: string;
}

/**
 * Every post summarized as the service sells it (the teaser flag as ingestion sets it when no page could be read),
 * every summary checked.
 */
export async function evaluateSummaryDefects(
  posts: DefectPost[],
  summarizer: Summarizer,
  options: { onProgress?: (done: number) => void } = {},
): Promise<DefectReport> {
  const byKind = { glued: 0, markup: 0, repeated: 0, boilerplate: 0, quoted: 0, unlabelled: 0 };
  const defects: DefectReport['defects'] = [];
  let teasers = 0;
  for (const [index, post] of posts.entries()) {
    const teaser = looksLikeTeaser(post);
    if (teaser) teasers += 1;
    const result = await summarizer.summarize({ title: post.title, text: post.text, author: post.author, teaser });
    for (const defect of summaryDefects(result.text, result.structured, {
      teaser,
      title: post.title,
      text: post.text,
    })) {
      byKind[defect.kind] += 1;
      defects.push({ ...defect, post: post.id });
    }
    options.onProgress?.(index + 1);
  }
  return { posts: posts.length, teasers, byKind, defects };
}
