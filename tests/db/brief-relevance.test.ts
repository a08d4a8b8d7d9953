import { beforeAll, describe, expect, it } from 'vitest';
import { ANSWERING_SHARE, answeringShare, weighQuestion } from '@/lib/briefs/relevance';
import { selectSources } from '@/lib/briefs/select-sources';
import type { Db } from '@/lib/db/types';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// Which posts a research brief may read (lib/briefs/relevance.ts), on a small corpus where topic search finds posts
// that share a word with the question without being about it: the gate must drop those before a price is quoted,
// keep the posts that answer, and leave a question nothing answers with no source at all (the route's 404).
const db: Db = suiteDatabase();

const POSTS: Array<[slug: string, title: string, body: string]> = [
  [
    'chile-politics',
    'Capitalism on trial in Chile',
    'Protesters in Santiago say the economic model of Chile left them behind. The president of Chile promised a new constitution after weeks of unrest in Chile.',
  ],
  [
    'bell-labs',
    'Computing history at Bell Labs',
    'The lab ran telephone lines of copper for decades. Engineers there wrote Unix, and the language C came from the same hallway. Most of the story is about people, not wire.',
  ],
  [
    'tesla-quarter',
    'What goes up',
    'Tesla had a quarter of records: deliveries of the Model 3 rose and the stock followed. Last quarter the company also cut prices twice.',
  ],
  ['paypal-rating', 'PayPal Outperform', 'The analyst at BMO kept PayPal at Outperform with a target of 47 dollars.'],
  [
    'fiserv-rating',
    'Fiserv Market Perform',
    'The analyst at BMO kept Fiserv at Market Perform with a target of 109 dollars.',
  ],
  [
    'trade-war',
    'Caught in the middle of the trade war',
    'Soybean farmers are caught in the US-China trade war. China stopped buying American soybeans, and the trade war has no end in sight.',
  ],
  [
    'energy-prices',
    'Why energy bills keep rising',
    'Energy use in homes rose this winter, and utilities passed the cost of gas to customers.',
  ],
  [
    'storm-risk',
    'Storm season',
    "The risk of storms this season is high, insurers say: they can't make premiums fall, and a profit is unlikely.",
  ],
  [
    'uber-losses',
    "Uber's biggest problem: its business",
    'Uber loses money on most rides. Uber subsidizes drivers and riders alike, and Uber has never shown that scale fixes it.',
  ],
  ['sitting-still', 'Mailbag', 'A listener asks what to do now. Sitting still is sometimes the best trade.'],
];

beforeAll(async () => {
  const [publication] = await db.query<{ id: string }>(
    `insert into publications (slug, title, site_url, source_kind)
     values ('relevance.example', 'Relevance', 'https://relevance.example', 'rss')
     returning id`,
  );
  for (const [slug, title, body] of POSTS) {
    await db.query(
      `insert into posts (publication_id, guid, slug, title, url, body_text, published_at)
       values ($1, $2, $2, $3, 'https://relevance.example/' || $2, $4, now() - interval '1 day')`,
      [publication!.id, slug, title, body],
    );
  }
  await indexPendingPosts(db);
});

async function shareOf(question: string, slug: string): Promise<number> {
  const [, title, body] = POSTS.find(([s]) => s === slug)!;
  return answeringShare(await weighQuestion(db, question), `${title}\n${body}`);
}

async function sources(question: string): Promise<string[]> {
  const selection = await selectSources(db, { question, maxSources: 5 });
  return selection.sources.map((s) => s.postSlug);
}

describe('the posts a research brief may read', () => {
  it('gives a question nothing answers no source, though search finds posts sharing one of its words', async () => {
    expect(await shareOf('What are newsletters saying about copper prices in Chile?', 'chile-politics')).toBeLessThan(
      ANSWERING_SHARE,
    );
    expect(await shareOf('What are newsletters saying about copper prices in Chile?', 'bell-labs')).toBeLessThan(
      ANSWERING_SHARE,
    );
    expect(await sources('What are newsletters saying about copper prices in Chile?')).toEqual([]);
  });

  it('counts a name no post holds in full: posts on Tesla do not answer a question on Cybertrucks', async () => {
    expect(await shareOf('How many Cybertrucks did Tesla deliver last quarter?', 'tesla-quarter')).toBeLessThan(
      ANSWERING_SHARE,
    );
    expect(await sources('How many Cybertrucks did Tesla deliver last quarter?')).toEqual([]);
    // Without the name, the same post answers.
    expect(await sources('How many cars did Tesla deliver last quarter?')).toEqual(['tesla-quarter']);
  });

  it('counts a name no post holds though it is a common English word: no post answers a question on Naples', async () => {
    // "pizza" and "Naples" are both among the 10,000 commonest English words and no post holds either; only "best" is
    // left to match, and a post that says "the best trade" is not about pizza in Naples.
    expect(await shareOf('Where is the best pizza in Naples?', 'sitting-still')).toBeLessThan(ANSWERING_SHARE);
    expect(await sources('Where is the best pizza in Naples?')).toEqual([]);
  });

  it('reads names listed together as alternatives: a post on either one answers', async () => {
    const found = await sources('How do analysts rate payment stocks like PayPal and Fiserv?');
    expect(found.sort()).toEqual(['fiserv-rating', 'paypal-rating']);
  });

  it('weighs everyday words little, so the subject carries the question: Uber, not "can\'t" or "make"', async () => {
    expect(await shareOf("Why can't Uber make a profit?", 'uber-losses')).toBeGreaterThanOrEqual(ANSWERING_SHARE);
    expect(await sources("Why can't Uber make a profit?")).toEqual(['uber-losses']);
  });

  it('lets a post on the first of two subjects answer, but not one on a later clause alone', async () => {
    expect(await sources('What are podcasts saying about the US-China trade war and tariffs?')).toEqual(['trade-war']);
    // "its energy use" leans on the first clause: a post on household energy is not about bitcoin mining.
    expect(
      await shareOf('What are newsletters saying about bitcoin mining and its energy use?', 'energy-prices'),
    ).toBeLessThan(ANSWERING_SHARE);
    // A first clause of one everyday word is not a subject of its own: a post on storm risk is not about private credit.
    expect(await shareOf('What are the risks and rewards of private credit?', 'storm-risk')).toBeLessThan(
      ANSWERING_SHARE,
    );
  });

  it('takes questions as the world writes them: markup, emoji, other scripts, direction marks, long runs', async () => {
    expect((await sources('How do analysts rate <b>PayPal</b> and <i>Fiserv</i> 📈?')).sort()).toEqual([
      'fiserv-rating',
      'paypal-rating',
    ]);
    expect(await sources('Why can’t ‮Uber‬ make a profit? 🚗')).toEqual(['uber-losses']);
    for (const question of ['英伟达的目标价是多少？', 'ما هو سعر النحاس في تشيلي؟', '🙂🙂🙂 ??']) {
      expect(await sources(question), question).toEqual([]);
    }
    // A 400-letter run is no word: what is left asks about copper, which the Bell Labs post names.
    expect(await sources(`copper ${'x'.repeat(400)}`)).toEqual(['bell-labs']);
  });
});
