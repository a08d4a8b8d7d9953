import { describe, expect, it } from 'vitest';
import { extractByRules } from '@/lib/ai/picks/offline';
import { summarizeExtractively } from '@/lib/ai/summaries/offline';

// The nine false picks and the false mentions that issue 33 found in real feeds, in their own words (show notes, a
// news wire, a blog quoting a founder, an interview): none is a call, none names the company it was read as.
const pick = (text: string) => extractByRules({ title: 'Episode', text, author: 'Host' }).map((p) => p.ticker);
const summary = (text: string) => summarizeExtractively({ title: 'Episode', text, author: 'Host' }).text;

describe('real text that states no call (issue 33)', () => {
  it.each([
    'Tiff sits on the couch. Gear pick of the week: the new keyboard. Buy new or refurbished from Apple, or new from B&H.',
    'We talk about the Apple (AAPL) event, the Netflix (NFLX) price rise and Disney (DIS) parks.\n\nBuy it here.',
    'We welcome several special guests while also covering the Microsoft, EA, Ubisoft, and Sony press conferences.',
    'For developers managing AdWords accounts, we recommend creating one Google My Business account as a central repository for all locations.',
    'It is the sort of product that I buy on Instagram, honestly.',
    'WASHINGTON (AP) — Americans who visit Cuba must now avoid hotels, shops, tour companies and other businesses on a lengthy list.',
    'He will remain on Uber’s board of directors.\n\n> “I love Uber more than anything in the world,” he wrote to employees.',
    'I just bought the Apple Smart Keyboard and back case a couple of weeks ago. I love Amazon.',
  ])('no pick: %s', (text) => {
    expect(pick(text)).toEqual([]);
    expect(summary(text)).toContain('Stance: No calls.');
  });

  it('lists no company for acronyms, people, places, datelines and social links', () => {
    const text = [
      'The new SSD drives and OLED screens were the talk of GDC, and the PSN was down again.',
      'Export the CSV files first. RelayFM co-founder Stephen Hackett joins us; we visited the Sun Yat-sen memorial.',
      'WASHINGTON (AP) — the story continues.',
      'Follow us on Instagram and listen on Apple Podcasts or Spotify.',
    ].join('\n\n');
    expect(summary(text)).toContain('Tickers mentioned: none');
  });

  it('still reads a stated call and shows the company by its clean name', () => {
    const text = 'We bought Universal Display (OLED) this week: the shares trade at 20x earnings.';
    expect(pick(text)).toEqual(['OLED']);
    expect(summary(text)).toContain('Stance: Bullish on Universal Display (OLED).');
  });
});
