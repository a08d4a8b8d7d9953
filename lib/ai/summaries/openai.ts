import type OpenAI from 'openai';
import type { Budget } from '@/lib/ai/client';
import { contentHash } from '@/lib/ai/content-hash';
import { AiOutputError } from '@/lib/ai/errors';
import { structuredCall, truncateToTokens } from '@/lib/ai/structured-call';
import { findTickerMentions, normalizeTicker } from '@/lib/ai/text/tickers';
import {
  checkSummaryInput,
  renderSummary,
  type Summarizer,
  type SummaryInput,
  type SummaryResult,
  SummaryStructureSchema,
} from './summarizer';

const SYSTEM = `You summarize one financial newsletter post or podcast transcript for investors.
Be faithful: state only what the post says. Add no facts, numbers, prices, dates or opinions that are not in it.
Keep the post's key claims with their numbers and tickers exactly as written, and attribute views to the author.
takeaway: one sentence with the main point. keyPoints: 3 to 8 short bullets, most important first.
stance: the author's own stance (bullish, bearish, neutral or mixed) and what it is about.
tickers: only ticker symbols the post itself names, without "$".`;

export interface OpenAISummarizerOptions {
  client: OpenAI;
  model: string;
  budget?: Budget;
  /** Input beyond this many estimated tokens is cut at a sentence end. Default 12,000. */
  maxInputTokens?: number;
  maxOutputTokens?: number;
}

export class OpenAISummarizer implements Summarizer {
  readonly generator: string;
  constructor(private readonly options: OpenAISummarizerOptions) {
    this.generator = `openai:${options.model}`;
  }

  async summarize(input: SummaryInput): Promise<SummaryResult> {
    checkSummaryInput(input);
    const body = truncateToTokens(input.text, this.options.maxInputTokens ?? 12_000);
    const header = [
      `Title: ${input.title}`,
      input.publicationTitle ? `Publication: ${input.publicationTitle}` : null,
      input.author ? `Author: ${input.author}` : null,
      publishedLine(input.publishedAt),
    ].filter(Boolean);
    const s = await structuredCall({
      client: this.options.client,
      model: this.options.model,
      schemaName: 'post_summary',
      schema: SummaryStructureSchema,
      system: SYSTEM,
      user: `${header.join('\n')}\n\n<post${body.truncated ? ' truncated="true"' : ''}>\n${body.text}\n</post>`,
      maxOutputTokens: this.options.maxOutputTokens ?? 800,
      budget: this.options.budget,
    });
    const keyPoints = s.keyPoints.map((p) => p.trim()).filter(Boolean);
    if (!s.takeaway.trim() || keyPoints.length === 0) throw new AiOutputError('The summary had no takeaway or points');
    // A ticker the post does not name is a hallucination: keep only tickers found in the text.
    const named = new Set(findTickerMentions(input.text).map((m) => m.ticker));
    const tickers = [
      ...new Set(s.tickers.map((t) => normalizeTicker(t)).filter((t): t is string => t !== null)),
    ].filter(
      (t) => named.has(t) || new RegExp(`(?<![A-Za-z])\\$?${t.replace('.', '\\.')}(?![A-Za-z])`, 'u').test(input.text),
    );
    const structured = { ...s, takeaway: s.takeaway.trim(), keyPoints, tickers };
    return {
      text: renderSummary(structured),
      structured,
      generator: this.generator,
      inputHash: contentHash(input.text),
    };
  }
}

/** An unparseable date is left out rather than thrown on: it is context, not content. */
function publishedLine(value: SummaryInput['publishedAt']): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : `Published: ${at.toISOString()}`;
}
