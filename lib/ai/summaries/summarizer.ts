import { z } from 'zod';
import { AiInputError } from '@/lib/ai/errors';

/**
 * The fixed structure of every summary, whichever generator wrote it. Agents can rely on it:
 *
 *   Takeaway: <one sentence: the post's main point>
 *
 *   Key points:
 *   - <3 to 8 bullets, keeping the post's numbers and tickers as written>
 *
 *   Stance: <Bullish | Bearish | Neutral | Mixed> on <the companies called, e.g. "Freeport-McMoRan (FCX) and Southern
 *   Copper (SCCO)"; each with its own label when they differ, "Freeport-McMoRan (FCX, bullish) and Tesla (TSLA,
 *   bearish)">.   — or, for a post without calls: "Stance: No calls."
 *
 *   Tickers mentioned: <comma-separated tickers of every company the post names, or "none">
 *
 * The stance is the picks' (lib/ai/summaries/stance.ts): a company the post buys is never "bearish", and its subject
 * is companies, never the title. Key points start with the calls, each attributed ("Sam Ortiz shorts Tesla (TSLA).");
 * the offline generator's other points and takeaway are sentences of the post, verbatim (in a transcript, after their
 * speaker's name); the OpenAI generator's are written by the model under a faithfulness prompt. Tickers are always
 * ones the post names, resolved through the company universe (lib/reference/universe.ts).
 */
export const STANCES = ['bullish', 'bearish', 'neutral', 'mixed'] as const;

export const SummaryStructureSchema = z.object({
  takeaway: z.string().describe("One sentence: the post's main point, faithful to it"),
  keyPoints: z
    .array(z.string())
    .max(8)
    .describe('3 to 8 key claims of the post, keeping its numbers, tickers and attributions'),
  stance: z.object({
    label: z.enum(STANCES).describe("The author's stance as the post states it"),
    subject: z.string().describe('What the stance is about: tickers or the topic'),
  }),
  tickers: z.array(z.string()).describe('Ticker symbols the post names, without $'),
  companies: z
    .array(z.object({ ticker: z.string(), stance: z.enum(STANCES) }))
    .describe(
      'Each company the author or a speaker takes a position or states a view on: bullish (buys, adds, owns, recommends), bearish (shorts, buys puts, recommends selling), neutral (closed the position)',
    ),
});
export type SummaryStructure = z.infer<typeof SummaryStructureSchema>;

export interface SummaryInput {
  title: string;
  text: string;
  publicationTitle?: string | null;
  author?: string | null;
  publishedAt?: Date | string | null;
  /**
   * The post's calls when they are already known (its stored picks): the stance then states exactly these. Without
   * them, the offline generator reads the calls itself and the OpenAI generator takes the model's.
   */
  calls?: Array<{ ticker: string; action: string; direction: 'LONG' | 'SHORT'; author?: string | null }>;
  /**
   * The text is the feed's teaser, not the article (lib/posts/teaser.ts: the page was paywalled, blocked or not
   * fetched): the summary then says so in its first line, before anything else.
   */
  teaser?: boolean;
}

export interface SummaryResult {
  /** The rendered summary in the structure above. */
  text: string;
  structured: SummaryStructure;
  /** Who wrote it, with its version, e.g. "extractive-v11" or "openai:gpt-4.1-mini@summary-v4"; stored with it. */
  generator: string;
  /** contentHash(input.text): a summary exists for a hash, so unchanged text is never summarized twice. */
  inputHash: string;
}

export interface Summarizer {
  readonly generator: string;
  summarize(input: SummaryInput): Promise<SummaryResult>;
}

/**
 * The summary as sold. A summary of a teaser opens with a line that says so, before anyone reads it as the article's;
 * a post too short for points beyond its takeaway says "Key points: none beyond the takeaway." rather than repeat it.
 */
export function renderSummary(s: SummaryStructure, options: { teaser?: { words: number } | null } = {}): string {
  const stance = `${s.stance.label[0]!.toUpperCase()}${s.stance.label.slice(1)}`;
  const subject = s.stance.subject.trim().replace(/[.\s]+$/u, '');
  const teaser = options.teaser ? [teaserLine(options.teaser.words), ''] : [];
  return [
    ...teaser,
    `Takeaway: ${oneLine(s.takeaway)}`,
    '',
    ...(s.keyPoints.length > 0
      ? ['Key points:', ...s.keyPoints.map((p) => `- ${oneLine(p)}`)]
      : ['Key points: none beyond the takeaway.']),
    '',
    s.companies.length === 0 ? 'Stance: No calls.' : `Stance: ${stance}${subject ? ` on ${subject}` : ''}.`,
    '',
    `Tickers mentioned: ${s.tickers.length > 0 ? s.tickers.join(', ') : 'none'}`,
  ].join('\n');
}

/** The first line of a teaser's summary: what it covers, so no buyer takes it for the article's. */
export function teaserLine(words: number): string {
  return `Source: teaser only. The feed carries a ${words}-word teaser of this article and its page could not be read; this summary covers the teaser alone.`;
}

function oneLine(s: string): string {
  return s.replace(/\s+/gu, ' ').trim();
}

/** Hostile input gets a typed error, not a crash deep in a generator. */
export function checkSummaryInput(input: SummaryInput): void {
  if (!input || typeof input !== 'object') throw new AiInputError('Summary input must be an object');
  if (typeof input.title !== 'string') throw new AiInputError('Summary input title must be a string');
  if (typeof input.text !== 'string' || input.text.trim().length === 0) {
    throw new AiInputError('Summary input text must be a non-empty string');
  }
}
