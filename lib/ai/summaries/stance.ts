import type { SummaryStructure } from './summarizer';

const BULLISH =
  /\b(?:buy|buying|bought|long|upside|bullish|outperform|initiating|adding|added|overweight|undervalued|cheap|beat|raised (?:guidance|the outlook)|accelerat\w*|price target of|top pick|rally)\b/giu;
const BEARISH =
  /\b(?:sell|selling|sold|short|downside|bearish|underperform|avoid|underweight|overvalued|expensive|miss(?:ed)?|cut (?:guidance|the outlook)|decelerat\w*|exited|recession|risks?)\b/giu;

/**
 * Stance by cue words: more bullish cues than bearish (by 1.5x) reads as bullish, and the reverse bearish; both
 * present without a clear lead is mixed; neither is neutral. The subject is the most-named tickers, else the title.
 */
export function readStance(text: string, tickers: string[], title: string): SummaryStructure['stance'] {
  const bull = text.match(BULLISH)?.length ?? 0;
  const bear = text.match(BEARISH)?.length ?? 0;
  let label: SummaryStructure['stance']['label'];
  if (bull === 0 && bear === 0) label = 'neutral';
  else if (bull >= bear * 1.5 && bull - bear >= 2) label = 'bullish';
  else if (bear >= bull * 1.5 && bear - bull >= 2) label = 'bearish';
  else if (bull > 0 && bear > 0) label = 'mixed';
  else label = 'neutral';
  const subject = tickers.length > 0 ? tickers.slice(0, 3).join(', ') : title.trim() || 'the post';
  return { label, subject };
}
