import { contentHash } from '@/lib/ai/content-hash';
import { extractByRules } from '@/lib/ai/picks/offline';
import { boilerplateSpans, within } from '@/lib/ai/text/boilerplate';
import { englishNlp } from '@/lib/ai/text/nlp';
import { isNotAClaim } from '@/lib/ai/text/not-a-claim';
import { displayText, type Sentence, splitSentences } from '@/lib/ai/text/sentences';
import { findTickerMentions, rankTickers } from '@/lib/ai/text/tickers';
import { countWords } from '@/lib/posts/teaser';
import { describeCalls } from './calls';
import { distinctBy, overlaps, wordKey } from './points';
import { companyStances, stanceFor } from './stance';
import { checkSummaryInput, renderSummary, type Summarizer, type SummaryInput, type SummaryResult } from './summarizer';

export const EXTRACTIVE_GENERATOR = 'extractive-v14';

const FIGURE = /\$\d|\d%|\d(?:\.\d+)?x\b|\d(?:\.\d+)? ?(?:bn|billion|million|bps|basis points)\b|\b\d{2,}/u;
const WORD = /[a-z][a-z'-]+/gu;
const WORD_BUDGET = 140;
/** A sentence that opens with a quotation, perhaps after a label ("The Verge: ‘…’"): someone else's words. */
const QUOTATION = /^(?:[^:“"‘«„]{1,40}:\s*)?["“‘«„']/u;
const CLOSING_QUOTE = /["”’»“]/gu;
/** Spoken filler: "like", "you know", "I mean", "kind of", "um", "yeah". */
const CHATTER = /\b(?:like|you know|i mean|kind of|sort of|um+|uh+|yeah|right\?|okay|ok so)\b/giu;

/**
 * The embedded default's summarizer: extractive, so nothing is made up. The stance and the first key points come from
 * the post's calls (its stored picks, else the rule-based extractor's), so they always agree with the picks; the
 * takeaway and the other key points are sentences of the post scored by term importance (word frequencies over the
 * post, stop words removed by wink-nlp), position, figures and tickers. A list item or a transcript turn is a
 * sentence of its own; a transcript's sentence is shown after its speaker's name.
 */
export class ExtractiveSummarizer implements Summarizer {
  readonly generator = EXTRACTIVE_GENERATOR;

  async summarize(input: SummaryInput): Promise<SummaryResult> {
    checkSummaryInput(input);
    return summarizeExtractively(input);
  }
}

export function summarizeExtractively(input: SummaryInput): SummaryResult {
  const { text } = input;
  const sentences = splitSentences(text);
  const importance = termImportance(text);
  const mentions = findTickerMentions(text);
  const calls = input.calls ?? extractByRules({ title: input.title, text, author: input.author });
  // Every company called is mentioned, also one the finder does not count alone ("I'm short Rivian").
  const tickers = [...new Set([...rankTickers(mentions), ...calls.map((c) => c.ticker)])];
  const callPoints = describeCalls(calls, mentions, input.author).slice(0, 4);

  const title = wordKey(input.title);
  const boilerplate = boilerplateSpans(text);
  const transcript = sentences.some((s) => s.speaker !== null);
  const candidates = distinctBy(
    sentences
      // The title repeated as the body's first line is not a point of the post, nor is a sponsor read or a link line.
      .filter((s) => wordKey(s.text) !== title && !within(boilerplate, s.start, s.end))
      .map((s) => ({ s, score: scoreSentence(s, importance, transcript) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || a.s.index - b.s.index),
    (x) => x.s.text,
    callPoints,
  );
  // The takeaway is the author's own point: never a passage the post quotes, nor a sentence that opens with a quote.
  // When the post holds no sentence of its own (a teaser that is one quotation), its title is its point.
  const own = candidates.find((x) => !x.s.quoted && !isQuotation(x.s.text));
  const takeaway = own?.s ?? null;
  // Fewer points for a short post rather than repeats: each is a distinct sentence, the most important first.
  const wanted = Math.min(6, Math.max(3, Math.round(sentences.length / 6)));
  const titleKey = takeaway ? null : wordKey(input.title);
  const ranked = candidates
    .filter((x) => x !== own && !(titleKey && overlaps(wordKey(x.s.text), titleKey)))
    .slice(0, Math.max(1, wanted - callPoints.length))
    .map((x) => x.s);
  // A summary a reader takes in at a glance: points stop at about WORD_BUDGET words with the takeaway, never below two
  // (three for a long post).
  let used = countWords(takeaway?.text ?? '');
  const keyPoints = ranked.filter((s, i) => {
    used += countWords(s.text);
    return i < (sentences.length >= 30 ? 3 : 2) || used <= WORD_BUDGET;
  });

  const structured = {
    takeaway: takeaway ? said(takeaway) : displayText(input.title),
    keyPoints: [...callPoints, ...keyPoints.map(said)].slice(0, 8),
    stance: stanceFor(companyStances(calls), mentions),
    tickers,
    companies: companyStances(calls),
  };
  return {
    text: renderSummary(structured, { teaser: input.teaser ? { words: countWords(text) } : null }),
    structured,
    generator: EXTRACTIVE_GENERATOR,
    inputHash: contentHash(text),
  };
}

/**
 * A sentence that is a quotation: it opens with a quote that runs over a third of it, or never closes. "“Medicare for
 * all” has become a punching bag…" opens with a quoted term and is the author's own sentence.
 */
function isQuotation(text: string): boolean {
  const open = QUOTATION.exec(text);
  if (!open) return false;
  const rest = text.slice(open[0].length);
  const close = [...rest.matchAll(CLOSING_QUOTE)].find((m) => !/\p{L}/u.test(rest[m.index! + 1] ?? ''));
  return !close || open[0].length + close.index! > text.length * 0.35;
}

/** A sentence as the summary shows it: in a transcript, after the name of whoever says it. */
function said(s: Sentence): string {
  return s.speaker ? `${s.speaker}: ${displayText(s.text)}` : displayText(s.text);
}

interface Importance {
  weight: Map<string, number>;
  stop: Set<string>;
}

/** Relative frequency of each content word (0..1), and the stop words wink-nlp flagged in this text. */
function termImportance(text: string): Importance {
  const its = englishNlp().its;
  const doc = englishNlp().readDoc(text);
  const counts = new Map<string, number>();
  const stop = new Set<string>();
  const types = doc.tokens().out(its.type);
  const normals = doc.tokens().out(its.normal);
  const stops = doc.tokens().out(its.stopWordFlag) as unknown as boolean[];
  types.forEach((type, i) => {
    if (type !== 'word') return;
    const normal = normals[i]!;
    if (stops[i]) stop.add(normal);
    else counts.set(normal, (counts.get(normal) ?? 0) + 1);
  });
  const max = Math.max(1, ...counts.values());
  const weight = new Map([...counts].map(([w, n]) => [w, n / max]));
  return { weight, stop };
}

function scoreSentence(s: Sentence, importance: Importance, transcript: boolean): number {
  const words = s.text.toLowerCase().match(WORD) ?? [];
  if (words.length < 6 || words.length > 70 || isNotAClaim(s.text)) return 0;
  const content = words.filter((w) => !importance.stop.has(w));
  const termScore =
    content.reduce((sum, w) => sum + (importance.weight.get(w) ?? 0), 0) / Math.sqrt(content.length || 1);
  // A heading (a short line without a final stop) names a topic; it is not a claim.
  const heading = !s.listItem && !/[.!"”’)]$/u.test(s.text) && words.length <= 14 ? -0.8 : 0;
  const position = (s.index === 0 ? 0.6 : 0) + (s.indexInParagraph === 0 ? 0.2 : 0) + 0.3 / (1 + s.index / 4) + heading;
  const figures = FIGURE.test(s.text) ? 0.2 : 0;
  const tickers = findTickerMentions(s.text).length > 0 ? 0.3 : 0;
  const score = termScore + position + figures + tickers;
  if (!transcript) return s.quoted ? score * 0.6 : score;
  // In a transcript the post's own words (its introduction) state the point; a turn full of "like" and "you know" is
  // small talk.
  if (s.speaker === null) return score + 0.5;
  const chatter = (s.text.match(CHATTER) ?? []).length;
  if (chatter >= 2) return 0;
  return chatter === 1 && words.length < 14 ? score * 0.3 : score;
}
