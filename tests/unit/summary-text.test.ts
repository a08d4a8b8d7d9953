import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SummaryText } from '@/components/tickers/SummaryText';

const render = (text: string) => renderToStaticMarkup(createElement(SummaryText, { text }));
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('SummaryText', () => {
  it("links each ticker of a summary's Tickers mentioned line, and leaves the rest as text", () => {
    const text = 'Takeaway: chips.\n\nStance: long.\n\nTickers mentioned: NVDA, BRK.B, 6758.T';
    const html = render(text);
    expect(hrefs(html)).toEqual(['/tickers/NVDA', '/tickers/BRK.B', '/tickers/6758.T']);
    expect(html.replace(/<[^>]+>/g, '')).toBe(text);
  });

  it('links the demo corpus\'s "Tickers discussed: A, B and C." and nothing for "none"', () => {
    const demo = 'Risks flagged: supply. Tickers discussed: NVDA, AMD and TSM. Macro context: rates.';
    expect(hrefs(render(demo))).toEqual(['/tickers/NVDA', '/tickers/AMD', '/tickers/TSM']);
    expect(render(demo).replace(/<[^>]+>/g, '')).toBe(demo);
    expect(hrefs(render('Tickers mentioned: none'))).toEqual([]);
  });
});
