import { describe, expect, it } from 'vitest';
import { summarizeExtractively } from '@/lib/ai/summaries/offline';
import { splitSentences } from '@/lib/ai/text/sentences';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';

const summary = (title: string, text: string, teaser = false) => summarizeExtractively({ title, text, teaser });
const lines = (r: ReturnType<typeof summarizeExtractively>) => [r.structured.takeaway, ...r.structured.keyPoints];

// Issue 34's cases, as ingestion stores the text (HTML through htmlToPlainText) and the offline summarizer reads it.
describe('offline summaries read clean text', () => {
  it('ends a sentence where a feed glued two together, and keeps a name written twice', () => {
    const text = 'Xi visited Delhi last year in April.Previously, Modi hosted Xi in Chennai for two days of talks.';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      'Xi visited Delhi last year in April.',
      'Previously, Modi hosted Xi in Chennai for two days of talks.',
    ]);
    const code = 'Move it from Game.Lobby to Game.Player module code.\n\nGame.Player handles the ids now.';
    expect(splitSentences(code).map((s) => s.text)[0]).toBe('Move it from Game.Lobby to Game.Player module code.');
  });

  it('ends a sentence at every block element, headings and divs included', () => {
    const text = htmlToPlainText(
      '<div>Rates outlook for the quarter</div><div>Spreads are near 258 basis points over Treasuries, the tightest in two decades.</div>',
    );
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      'Rates outlook for the quarter',
      'Spreads are near 258 basis points over Treasuries, the tightest in two decades.',
    ]);
  });

  it("never shows blockquote markers, and takes the author's point over a quoted passage", () => {
    const text = htmlToPlainText(
      `<blockquote><p>It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness.</p><p>It was the epoch of belief, it was the epoch of incredulity, in a season of light and darkness.</p></blockquote>
       <p>Dickens could have been writing about credit markets in 2026: spreads at 258 basis points price in almost no default risk.</p>
       <p>Default rates among leveraged borrowers have crept up to 4.1% as refinancing walls arrive in 2027.</p>`,
    );
    expect(text).toContain('> It was the best of times');
    const r = summary('A tale of two credit markets', text);
    expect(r.structured.takeaway).toMatch(/^(?:Dickens|Default rates)/u);
    for (const line of lines(r)) expect(line).not.toMatch(/(?:^|\s)>(?:\s|$)/u);
  });

  it('says in its first line that a teaser is all it read, and never repeats the sentence', () => {
    const text = "The government's inaction on the rupee runs counter to its goal of cutting imports of gold.";
    const r = summary("Rupee: the government's inaction", text, true);
    expect(r.text.split('\n')[0]).toMatch(/^Source: teaser only\. The feed carries a 16-word teaser/u);
    expect(r.text).toContain(`Takeaway: ${text}`);
    expect(r.text).toContain('Key points: none beyond the takeaway.');
    expect(r.text.split(text).length - 1).toBe(1);
  });

  it('leaves show-notes boilerplate, chapter lists and code out', () => {
    const text = [
      'We dig into why regional banks are cutting commercial real estate loans faster than anyone expected this year. | Subscribe to our weekly newsletter here.',
      'Chapters: (00:00) Intro (03:42) Why banks pull back (16:49) What it means for landlords',
      'Regional banks hold about 70% of commercial real estate loans, and a third of them mature by 2027.',
      'if (loans.length > 0) { refinance(loans); }',
      'For more information on today’s episode, visit example.com/show.',
      'Listen on your favorite podcast app or at example.fm.',
    ].join('\n\n');
    const all = lines(summary('Banks and buildings', text)).join('\n');
    expect(all).toContain('Regional banks hold about 70%');
    expect(all).not.toMatch(/Subscribe|Chapters|refinance\(|For more information|Listen on/u);
  });

  it("names a transcript's speakers as the post does, and never sells small talk", () => {
    const text = [
      'This week I talked with Jane Cole, the founder of Ledgerline, about paywalls, pricing and why newsletters keep growing.',
      'BT: How did you decide where the paywall goes?',
      "JC: It was like after like 35 posts, then you'll hit like a paywall, you know.",
      'BT: And the pricing?',
      'JC: We charge $12 a month because readers compared us with a daily paper, and churn fell by half with an annual plan.',
      'JC: Growth came from referrals: each paying reader brought 0.4 new readers a year, more than any ad we bought.',
    ].join('\n\n');
    const r = summary('Interview: Jane Cole on paywalls', text);
    expect(r.structured.takeaway).toMatch(/^This week I talked with Jane Cole/u);
    expect(r.structured.keyPoints).toContain(
      'Jane Cole: We charge $12 a month because readers compared us with a daily paper, and churn fell by half with an annual plan.',
    );
    expect(lines(r).join('\n')).not.toMatch(/JC:|like after like/u);
  });

  it('runs turns apart where a caption transcript ran them together', () => {
    const text =
      'Travis: Creating good audio matters more than any gear you buy for the show. That is the first thing we learned. Sarah: Good audio keeps listeners engaged, because no content survives bad sound.\n\nTravis: Fine, next point.\n\nSarah: A custom website is not needed for most shows.';
    const said = splitSentences(text).map((s) => `${s.speaker}: ${s.text}`);
    expect(said).toContain('Sarah: Good audio keeps listeners engaged, because no content survives bad sound.');
    expect(said).toContain('Travis: That is the first thing we learned.');
  });
});

describe('sentence splitting of hostile text', () => {
  // Found by the torture corpus once every indexed post's tickers were read: the boundary pattern scanned the word
  // back at every position, and a megabyte with no space held the indexer for minutes.
  it('reads a megabyte with no space as one sentence, and still splits a glued sentence after it', () => {
    const word = 'abcdefghij'.repeat(104_858);
    expect(splitSentences(word).map((s) => s.text.length)).toEqual([word.length]);
    const glued = splitSentences(`${word} ends here.Then another sentence starts.`).map((s) => s.text);
    expect(glued).toEqual([`${word} ends here.`, 'Then another sentence starts.']);
  });
});
