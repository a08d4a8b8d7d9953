import { beforeAll, describe, expect, it } from 'vitest';
import { claimPassages } from '@/lib/briefs/claims';
import { planBrief } from '@/lib/briefs/plan-brief';
import { questionSubject } from '@/lib/briefs/subject';
import type { Db } from '@/lib/db/types';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// The claim test (lib/briefs/claims.ts) on a small corpus where topic search finds posts that share a word with the
// question without being about it, in the kinds of text a real corpus holds (a garden blog, a recipe, a gadget
// review, a podcast interview): a brief must quote only sentences that state something about the question's subject,
// sell only the posts that hold one, and leave a question nothing answers with no source (the route's 404).
const db: Db = suiteDatabase();

const POSTS: Array<[slug: string, title: string, body: string]> = [
  [
    'community-garden',
    'What the allotment taught me',
    'Nature gives us a sympathetic community when we let it. Our plot grew beans, squash and far too many natural remedies for aphids.',
  ],
  [
    'slow-roast',
    'Slow-roasted tomatoes',
    'Leave the tray in a gas oven near the pilot light overnight. Prices at the market were steep this week, so buy them on the vine.',
  ],
  [
    'gas-futures',
    'Heating season',
    'Natural gas futures rose 12% this week as forecasts for December turned colder. Storage is below its five-year average.',
  ],
  [
    'tablet-review',
    'The new tablet, reviewed',
    'The display refreshes at a rate of 120 Hz, and shipping starts on Friday. I bought it full price with my own money.',
  ],
  [
    'founder-interview',
    'A long talk with a founder',
    'We talked about hiring, about culture and about what cannot be measured. And if you cannot measure them, they tend to get devalued. She also spent a year in Buenos Aires, where she paid for everything in pesos.',
  ],
  [
    'peso-slide',
    'Buenos Aires wakes up poorer',
    "Argentina's central bank let the peso slide 20% against the dollar on Monday. Economists expect a further devaluation before the election.",
  ],
  [
    'book-review',
    'Reading Marx again',
    'The German philosopher wrote about capital in a way that still reads well. His prose is better than his economics.',
  ],
  [
    'germany-gdp',
    'Europe in brief',
    "Germany's economy shrank 0.3% in the second quarter as exports to China fell. Factory orders dropped for a third month.",
  ],
  [
    'phone-launch',
    'Launch day',
    'The iPhone Air is the greatest smartphone ever made, says the keynote. Preorders opened in China and in Europe.',
  ],
  [
    'russia-default',
    'Russia moves closer to default as Washington blocks debt payments',
    'Read about the bonds that are due this month.',
  ],
  [
    'ibm-cuts',
    'Cuts at the blue giant',
    'IBM is cutting about 3,900 jobs in a new round of layoffs. The cuts land mostly in Europe, where a third of the roles go.',
  ],
  [
    'hospital-suits',
    'Why hospitals sue',
    'Hospitals are suing their patients more often. Hospitals sue their patients because unpaid bills have grown after deductibles rose.',
  ],
  [
    'ruby-runtime',
    'A faster runtime',
    'We moved our services to a new virtual machine this week. It runs Ruby twice as fast, and Gemstone wrote most of it: the Ruby code we deploy is unchanged.',
  ],
  [
    'watch-strap',
    'A week with the new watch',
    'The strap comes from a Chinese supplier and feels cheap. Demand for the watch has been strong since launch, and on-demand calibration works well.',
  ],
  [
    'cobalt-find',
    'Cobalt find in Idaho',
    'A mining company found a new source of cobalt in Idaho this spring. Cobalt is running short as battery makers buy more of it.',
  ],
  [
    'wage-report',
    'U.S. wages grew at their fastest pace since the recession',
    'Average hourly earnings rose by 2.9 percent last year, the best performance since the recession, even as job growth tapered off in December. Employers added 156,000 jobs.',
  ],
  [
    'pay-attention',
    'Before you sign',
    'Pay attention to the hourly rate in the fine print before you sign up for a gym. U.S. gyms make their money from members who never come.',
  ],
  [
    // A teaser glued together by its feed, its last sentence without a stop.
    'handset-blowback',
    'Phone makers brace for the wrath of Beijing',
    'US companies counting on China for growth have targets on their backs.Blowback from the Huawei ban could cost Apple about 3% to 5% of its iPhone revenue in China, says an analyst',
  ],
  [
    'chef-closures',
    'Celebrity chef Marco Ruiz closes six restaurants because of tough trading',
    'The company is focusing on new overseas branches.',
  ],
  [
    'chef-abroad',
    'Marco Ruiz opens in Brazil',
    'Marco Ruiz opened two restaurants in Brazil this spring and plans four more in São Paulo.',
  ],
  [
    'source-of-truth',
    'Dependency hygiene',
    'Moving our builds to a new source of truth for dependencies took a week. Nobody found it running short of disk.',
  ],
];

beforeAll(async () => {
  const [publication] = await db.query<{ id: string }>(
    `insert into publications (slug, title, site_url, source_kind)
     values ('claims.example', 'Claims Weekly', 'https://claims.example', 'rss')
     returning id`,
  );
  for (const [slug, title, body] of POSTS) {
    await db.query(
      `insert into posts (publication_id, guid, slug, title, url, body_text, published_at)
       values ($1, $2, $2, $3, 'https://claims.example/' || $2, $4, now() - interval '1 day')`,
      [publication!.id, slug, title, body],
    );
  }
  await indexPendingPosts(db);
});

/** The sources a brief would sell for the question, and the quotes it would cite from them. */
async function brief(question: string): Promise<{ sources: string[]; quotes: string[] }> {
  const plan = await planBrief(db, { question, maxSources: 5 });
  return {
    sources: plan?.selection.sources.map((s) => s.postSlug) ?? [],
    quotes: plan?.draft.claims.flatMap((claim) => claim.citations.map((c) => c.quote)) ?? [],
  };
}

async function quotesOf(question: string, slug: string): Promise<string[]> {
  const [, title, text] = POSTS.find(([s]) => s === slug)!;
  return claimPassages(await questionSubject(db, question), { title, text }).map((p) => p.quote);
}

describe('a claim states something about the question subject', () => {
  it('matches words as the words they are: "nature" is not natural gas, nor a gas oven', async () => {
    expect(await quotesOf('Where are natural gas prices heading this winter?', 'community-garden')).toEqual([]);
    expect(await quotesOf('Where are natural gas prices heading this winter?', 'slow-roast')).toEqual([]);
    expect(await brief('Where are natural gas prices heading this winter?')).toEqual({
      sources: ['gas-futures'],
      quotes: ['Natural gas futures rose 12% this week as forecasts for December turned colder.'],
    });
  });

  it('refuses questions nothing answers though posts share their words (cocoa prices, shipping rates)', async () => {
    expect(await brief('What is happening to cocoa prices?')).toEqual({ sources: [], quotes: [] });
    expect(await brief('Are container shipping rates rising?')).toEqual({ sources: [], quotes: [] });
    expect(await brief('How are iPhone sales doing in China?')).toEqual({ sources: [], quotes: [] });
  });

  it('wants the currency and the country named, not a word that shares a stem', async () => {
    const peso = await brief('Will Argentina devalue the peso?');
    expect(peso.sources).toEqual(['peso-slide']);
    expect(peso.quotes.join(' ')).not.toContain('tend to get devalued');
    // A long interview that names pesos in passing is not a source.
    expect(await quotesOf('Will Argentina devalue the peso?', 'founder-interview')).toEqual([]);
  });

  it('reads a country and its adjective as one name, and wants the noun the question asks about', async () => {
    const germany = await brief('What is wrong with the German economy?');
    expect(germany.sources).toEqual(['germany-gdp']);
    expect(germany.quotes).toEqual(["Germany's economy shrank 0.3% in the second quarter as exports to China fell."]);
  });

  it('quotes a title that states the answer, never a line that sends the reader elsewhere', async () => {
    const russia = await brief('Is Russia going to default on its debt?');
    expect(russia.sources).toEqual(['russia-default']);
    expect(russia.quotes).toEqual(['Russia moves closer to default as Washington blocks debt payments']);
  });

  it('answers each clause of a question, the later ones about the names of the first', async () => {
    const quotes = await quotesOf('Is IBM cutting jobs again, and where will the cuts land?', 'ibm-cuts');
    expect(quotes).toContain('IBM is cutting about 3,900 jobs in a new round of layoffs.');
    // "The cuts land mostly in Europe" leans on nothing and names no IBM: not a claim on its own.
    expect(quotes.every((quote) => quote.includes('IBM'))).toBe(true);
  });

  it('puts the sentence that states a cause first for a "why" question', async () => {
    const quotes = await quotesOf('Why are hospitals suing their patients?', 'hospital-suits');
    expect(quotes[0]).toBe('Hospitals sue their patients because unpaid bills have grown after deductibles rose.');
  });

  it('does not read a common noun as a name the post uses ("rubies" is not Ruby)', async () => {
    expect(await quotesOf('How have rubies and other gemstones done as investments?', 'ruby-runtime')).toEqual([]);
    expect(await brief('How have rubies and other gemstones done as investments?')).toEqual({
      sources: [],
      quotes: [],
    });
  });

  it('reads a later clause that points back at the first one as about its subject ("a new source of it")', async () => {
    const question = 'Is cobalt running short, and has anyone found a new source of it?';
    expect(await quotesOf(question, 'source-of-truth')).toEqual([]);
    expect((await brief(question)).sources).toEqual(['cobalt-find']);
  });

  it('does not let a place named elsewhere in the post carry a sentence on another subject', async () => {
    expect(await brief('Is Chinese demand pushing copper prices higher?')).toEqual({ sources: [], quotes: [] });
  });

  it('finds an answer written in other words by its meaning, and not a sentence that only shares them', async () => {
    const question = 'How much did average US hourly pay grow last year?';
    // No sentence holds "pay" as the question means it: the rules alone admit nothing.
    expect(await quotesOf(question, 'wage-report')).toEqual([]);
    expect(await brief(question)).toEqual({
      sources: ['wage-report'],
      quotes: [
        'Average hourly earnings rose by 2.9 percent last year, the best performance since the recession, even as job growth tapered off in December.',
      ],
    });
  });

  it("reads a possessive as two names (Apple's iPhone), and a teaser's last sentence without its stop", async () => {
    expect(
      await quotesOf(
        'How much of Apple’s iPhone business in China is at risk from the Huawei ban?',
        'handset-blowback',
      ),
    ).toEqual([
      'Blowback from the Huawei ban could cost Apple about 3% to 5% of its iPhone revenue in China, says an analyst',
    ]);
  });

  it('lets a place beside another name be named elsewhere in the post, or nowhere, but not another place', async () => {
    const question = "Why is Marco Ruiz's restaurant business shrinking in Britain?";
    expect(await quotesOf(question, 'chef-closures')).toEqual([
      'Celebrity chef Marco Ruiz closes six restaurants because of tough trading',
    ]);
    // A post on his restaurants in Brazil is about another place.
    expect(await quotesOf(question, 'chef-abroad')).toEqual([]);
  });

  it('takes questions as the world writes them: markup, emoji, other scripts, long runs', async () => {
    for (const question of [
      '<b>Natural gas</b> prices 🔥 this winter?',
      'Что будет с ценами на газ?',
      `${'natural gas '.repeat(40)}?`,
      '??? !!!',
      'Will AT&T sell CNN, and what about the S&P 500 or C++?',
      "Is O'Reilly's e-book deal a U.S.-only thing?",
    ]) {
      const plan = await planBrief(db, { question, maxSources: 3 });
      expect(plan === null || plan.selection.sources.length > 0, question).toBe(true);
    }
  });
});

describe('what the question asks of its subject', () => {
  it('reads a name after "since" or "during" as when, not as the subject, even after a verb', async () => {
    const moved = await questionSubject(db, 'How has the rand moved since Ramaphosa took office?');
    expect(moved.concepts.find((c) => c.label === 'Ramaphosa')?.kind).toBe('predicate');
    // "After" after a verb still names whom ("going after Facebook").
    const after = await questionSubject(db, 'Are regulators going after Facebook?');
    expect(after.concepts.find((c) => c.label === 'Facebook')?.kind).toBe('name');
  });
});
