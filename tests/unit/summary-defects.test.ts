import { describe, expect, it } from 'vitest';
import { summaryDefects } from '@/lib/ai/evaluation/summary-defects';
import type { SummaryStructure } from '@/lib/ai/summaries/summarizer';
import { renderSummary } from '@/lib/ai/summaries/summarizer';

function structure(takeaway: string, keyPoints: string[]): SummaryStructure {
  return { takeaway, keyPoints, stance: { label: 'neutral', subject: '' }, tickers: [], companies: [] };
}

function kinds(takeaway: string, keyPoints: string[], options: { teaser?: boolean; text?: string } = {}) {
  const s = structure(takeaway, keyPoints);
  return summaryDefects(renderSummary(s), s, {
    teaser: options.teaser ?? false,
    title: 'A title',
    text: options.text ?? `${takeaway}\n\n${keyPoints.join('\n\n')}`,
  }).map((d) => d.kind);
}

// The defects a buyer found in issue 34, each caught by the check that CI runs over every real summary.
describe('summary defects', () => {
  it('finds sentences of separate paragraphs glued together, not names with a dot', () => {
    expect(kinds('Modi met Xi last year in April.Previously, Modi hosted Xi in Chennai.', [])).toEqual(['glued']);
    expect(kinds('India rose to the No. 1 spot.The US fell two spots in the ranking.', [])).toEqual(['glued']);
    const text = 'Let Game.Player build it.\n\nWe call Game.Player module functions.';
    expect(kinds('We call Game.Player module functions from the lobby.', [], { text })).toEqual([]);
    expect(kinds('The site What.CD has been dead since 2016, sadly for its users.', [])).toEqual([]);
  });

  it('finds blockquote markers, tags, entities and Markdown', () => {
    expect(kinds('Specifically, not only is all of the energy used > > A big story is here.', [])).toContain('markup');
    expect(kinds('A clean takeaway of the post here.', ['> A point that begins with a marker.'])).toEqual(['markup']);
    expect(kinds('A takeaway with an entity &amp; more words.', [])).toEqual(['markup']);
    expect(kinds('A takeaway with <b>bold</b> text in it.', [])).toEqual(['markup']);
    expect(kinds('See [the filing](https://example.com/f) for the details.', [])).toEqual(['markup']);
    expect(kinds('Upload it at Library > File Manager in the settings.', [])).toEqual([]);
  });

  it('finds a takeaway repeated as a key point, and two equal points', () => {
    const teaser = "The government's inaction runs counter to its goals";
    expect(kinds(teaser, [teaser])).toEqual(['repeated']);
    expect(kinds('A takeaway about rates.', ['Spreads are near 258 bp.', 'Spreads are near 258 bp.'])).toEqual([
      'repeated',
    ]);
  });

  it('finds boilerplate and chapter lists as points', () => {
    expect(kinds('A takeaway about rates and spreads.', ['Subscribe to our weekly newsletter here.'])).toEqual([
      'boilerplate',
    ]);
    expect(kinds('A takeaway about rates and spreads.', ['(00:00) Intro (03:42) Spreads (16:49) Defaults'])).toEqual([
      'boilerplate',
    ]);
    expect(kinds('To read this article in full, please click here.', [])).toEqual(['boilerplate']);
  });

  it("finds a takeaway that is someone else's quotation, not a quoted term", () => {
    expect(kinds('“It’s horrible what I went through, horrible for my family,” Bill said of the claims.', [])).toEqual([
      'quoted',
    ]);
    expect(kinds('“Medicare for all” has become a punching bag for Republicans and a rallying cry.', [])).toEqual([]);
  });

  it("finds a teaser's summary that does not say so in its first line", () => {
    const s = structure('The government’s inaction runs counter to its goals.', []);
    const options = { teaser: true, title: 't', text: s.takeaway };
    expect(summaryDefects(renderSummary(s), s, options).map((d) => d.kind)).toEqual(['unlabelled']);
    expect(summaryDefects(renderSummary(s, { teaser: { words: 9 } }), s, options)).toEqual([]);
  });
});
