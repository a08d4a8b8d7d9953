import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';
import { contentHash } from '@/lib/ai/content-hash';
import { extractByRules } from '@/lib/ai/picks/offline';
import { boilerplateSpans, within } from '@/lib/ai/text/boilerplate';
import { type Sentence, splitSentences } from '@/lib/ai/text/sentences';
import { findTickerMentions, rankTickers } from '@/lib/ai/text/tickers';
import { describeCalls } from './calls';
import { companyStances, stanceFor } from './stance';
import { checkSummaryInput, renderSummary, type Summarizer, type SummaryInput, type SummaryResult } from './summarizer';

export const EXTRACTIVE_GENERATOR = 'extractive-v4';

// Loading the model takes ~200 ms: once per process, on first use.
let nlp: ReturnType<typeof winkNLP> | null = null;
function getNlp() {
  nlp ??= winkNLP(model);
  return nlp;
}

// A chapter or cue time: 03:42, 1:02:03.
const TIMESTAMP = /\b\d{1,2}:\d{2}(?::\d{2})?\b/g;
const FIGURE = /\$\d|\d%|\d(?:\.\d+)?x\b|\d(?:\.\d+)? ?(?:bn|billion|million|bps|basis points)\b|\b\d{2,}/u;
const FILLER =
  /^(?:As always|Positions? (?:are|changes)|We will update|Thanks for reading|Subscribe|This is not|Disclosure|Disclaimer|Welcome back)/iu;
const WORD = /[a-z][a-z'-]+/gu;

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
  const tickers = rankTickers(mentions);
  const calls = input.calls ?? extractByRules({ title: input.title, text, author: input.author });
  const callPoints = describeCalls(calls, mentions, input.author).slice(0, 4);

  const title = input.title.replace(/\s+/gu, ' ').trim().toLowerCase();
  const boilerplate = boilerplateSpans(text);
  const scored = sentences.map((s) => ({
    s,
    // The title repeated as the body's first line is not a point of the post, nor is a sponsor read or a link line.
    score:
      s.text.replace(/\s+/gu, ' ').trim().toLowerCase() === title || within(boilerplate, s.start, s.end)
        ? 0
        : scoreSentence(s, importance),
  }));
  const ranked = [...scored].filter((x) => x.score > 0).sort((a, b) => b.score - a.score || a.s.index - b.s.index);
  const pool = ranked.length > 0 ? ranked : scored;
  const takeaway = pool[0]?.s ?? sentences[0];
  const wanted = Math.min(6, Math.max(3, Math.round(sentences.length / 6)));
  const keyPoints = pool
    .slice(1, Math.max(1, wanted - callPoints.length) + 1)
    .map((x) => x.s)
    .sort((a, b) => a.index - b.index);
  const points = keyPoints.length > 0 ? keyPoints : takeaway && callPoints.length === 0 ? [takeaway] : [];

  const structured = {
    takeaway: takeaway ? said(takeaway) : input.title,
    keyPoints: [...callPoints, ...points.map(said)].slice(0, 8),
    stance: stanceFor(companyStances(calls), mentions),
    tickers,
    companies: companyStances(calls),
  };
  return {
    text: renderSummary(structured),
    structured,
    generator: EXTRACTIVE_GENERATOR,
    inputHash: contentHash(text),
  };
}

/** A sentence as the summary shows it: in a transcript, after the name of whoever says it. */
function said(s: Sentence): string {
  return s.speaker ? `${s.speaker}: ${s.text}` : s.text;
}

interface Importance {
  weight: Map<string, number>;
  stop: Set<string>;
}

/** Relative frequency of each content word (0..1), and the stop words wink-nlp flagged in this text. */
function termImportance(text: string): Importance {
  const its = getNlp().its;
  const doc = getNlp().readDoc(text);
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

function scoreSentence(s: Sentence, importance: Importance): number {
  const words = s.text.toLowerCase().match(WORD) ?? [];
  if (words.length < 6 || words.length > 70 || FILLER.test(s.text) || s.text.endsWith(':') || s.text.endsWith('?')) {
    return 0;
  }
  // A line of chapter marks ("(00:00) Introduction (03:42) Why spreads matter …") is a table of contents, not a point.
  if ((s.text.match(TIMESTAMP) ?? []).length >= 3) return 0;
  const content = words.filter((w) => !importance.stop.has(w));
  const termScore =
    content.reduce((sum, w) => sum + (importance.weight.get(w) ?? 0), 0) / Math.sqrt(content.length || 1);
  // A heading (a short line without a final stop) names a topic; it is not a claim.
  const heading = !s.listItem && !/[.!"”’)]$/u.test(s.text) && words.length <= 14 ? -0.8 : 0;
  const position = (s.index === 0 ? 0.6 : 0) + (s.indexInParagraph === 0 ? 0.2 : 0) + 0.3 / (1 + s.index / 4) + heading;
  const figures = FIGURE.test(s.text) ? 0.35 : 0;
  const tickers = findTickerMentions(s.text).length > 0 ? 0.3 : 0;
  return termScore + position + figures + tickers;
}
