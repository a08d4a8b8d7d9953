import type OpenAI from 'openai';
import type { Budget } from '@/lib/ai/client';
import { contentHash } from '@/lib/ai/content-hash';
import { AiOutputError } from '@/lib/ai/errors';
import { structuredCall, truncateToTokens } from '@/lib/ai/structured-call';
import { aboutMarkets } from '@/lib/ai/text/markets';
import { evidencedTickers, findTickerMentions, normalizeTicker, rankTickers } from '@/lib/ai/text/tickers';
import { countWords } from '@/lib/posts/teaser';
import { tickerForName } from '@/lib/reference/universe';
import { describeCalls } from './calls';
import { distinctBy, plainPoint } from './points';
import { companyStances, stanceFor } from './stance';
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
In a transcript, say who said what: never give one speaker's words or trade to another, and name the company a
speaker means when they say "it". Name speakers as the post introduces them: a speaker labelled "JC" in a post that
introduces Jane Cole is Jane Cole.
takeaway: one sentence with the author's own main point, in the author's words or a faithful condensation. Never a
passage the post quotes from someone else (a blockquote, a novel, another article), never small talk or chatter.
keyPoints: up to 8 short bullets, each a distinct claim, most important first. A short post gets fewer bullets; never
restate the takeaway or another bullet; give none when the post says nothing beyond its takeaway.
Not content: subscribe and follow links, sponsor reads, "buy it here", chapter lists, credits, sign-offs.
Write plain sentences: no quote markers (">"), Markdown or HTML.
stance: the author's own stance (bullish, bearish, neutral or mixed) and the companies it is about (never the title).
tickers: only ticker symbols the post itself names, without "$".
companies: each company the author or a speaker trades or states a view on, with that stance: bullish when they buy,
add, own or recommend it; bearish when they short it, buy puts on it or recommend selling it; neutral when they closed
the position. A company only mentioned, compared or rejected is not in companies.`;

/** Told to the model with a teaser, so it summarizes what is there and invents nothing of the article. */
const TEASER_NOTE =
  'Text: the feed carries only this teaser; the article itself could not be read. Summarize only what the teaser says.';

export const OPENAI_SUMMARY_VERSION = 'summary-v4';

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
    this.generator = `openai:${options.model}@${OPENAI_SUMMARY_VERSION}`;
  }

  async summarize(input: SummaryInput): Promise<SummaryResult> {
    checkSummaryInput(input);
    const body = truncateToTokens(input.text, this.options.maxInputTokens ?? 12_000);
    const header = [
      `Title: ${input.title}`,
      input.publicationTitle ? `Publication: ${input.publicationTitle}` : null,
      input.author ? `Author: ${input.author}` : null,
      publishedLine(input.publishedAt),
      input.teaser ? TEASER_NOTE : null,
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
    // Plain text, and no point that restates the takeaway or another point: a model echoes markers and repeats itself.
    const takeaway = plainPoint(s.takeaway);
    if (!takeaway) throw new AiOutputError('The summary had no takeaway');
    // The same post-processing as the offline summary: tickers resolve through the universe and must be named in the
    // text (a ticker the post does not name is a hallucination); every company the text names is listed; the stance
    // is the calls' (the stored picks when given, else the model's companies, resolved the same way).
    const mentions = findTickerMentions(input.text);
    const ranked = rankTickers(mentions);
    const named = new Set(ranked);
    const resolve = (raw: string) => {
      const t = normalizeTicker(raw);
      if (t && named.has(t)) return t;
      const byName = tickerForName(raw);
      return byName && named.has(byName) ? byName : null;
    };
    const extra = s.tickers.map(resolve).filter((t): t is string => t !== null && !named.has(t));
    // Every company the post's stored calls name is mentioned too ("I'm short Rivian").
    const tickers = [...new Set([...ranked, ...extra, ...(input.calls ?? []).map((c) => c.ticker)])];
    // Before the post's picks are stored, the model's companies stand in for them, under the picks' own rule: a
    // company the post names only by name has a stance only in a post about markets ("bullish on Meta" from "the
    // sort of product that I buy on Instagram" is not a call).
    const markets = aboutMarkets(input.text);
    const evidenced = evidencedTickers(mentions);
    const companies = input.calls
      ? companyStances(input.calls)
      : [
          ...new Map(
            s.companies.flatMap((c) => {
              const ticker = resolve(c.ticker);
              return ticker && (markets || evidenced.has(ticker))
                ? [[ticker, { ticker, stance: c.stance }] as const]
                : [];
            }),
          ).values(),
        ];
    const callPoints = input.calls ? describeCalls(input.calls, mentions, input.author).slice(0, 4) : [];
    const modelPoints = distinctBy(s.keyPoints.map(plainPoint), (p) => p, [takeaway, ...callPoints]);
    const keyPoints = [...callPoints, ...modelPoints].slice(0, 8);
    const structured = {
      ...s,
      takeaway,
      keyPoints,
      tickers,
      companies,
      stance: stanceFor(companies, mentions),
    };
    return {
      text: renderSummary(structured, { teaser: input.teaser ? { words: countWords(input.text) } : null }),
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
