import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANIES } from '@/lib/demo/companies';
import { THEMES } from '@/lib/demo/themes';
import type { DemoPost } from '@/lib/demo/types';
import { combineGrades, type EvalPost, gradePost, toEvalPost } from '@/tests/search-eval/judge';
import {
  CATEGORIES,
  countJudgments,
  EVAL_NOW,
  JUDGED_QUERIES,
  judge,
  judgmentWarnings,
  loadEvalPosts,
} from '@/tests/search-eval/judged-queries';
import {
  cappedRecallAtK,
  type Grade,
  mean,
  ndcgAtK,
  percentile,
  recallAtK,
  reciprocalRank,
} from '@/tests/search-eval/metrics';
import { earnings, type JudgedQuery, sector, theme, ticker } from '@/tests/search-eval/query-types';
import { runMode, type SearchFn, summarize } from '@/tests/search-eval/run';
import { inWindow, resolveWindow } from '@/tests/search-eval/time-windows';

const j = (entries: Record<string, Grade>) => new Map(Object.entries(entries));
// log2 discounts by rank: 1 -> 1, 2 -> 1.5849625, 3 -> 2, 4 -> 2.3219281
const L3 = Math.log2(3);

describe('ndcgAtK', () => {
  it('scores a mixed ranking against the ideal of all judged documents (hand computed)', () => {
    // DCG = 0/1 + 2/log2(3) + 1/2 = 1.7618595; IDCG from [2, 1, 1] = 2 + 1/log2(3) + 1/2 = 3.1309298
    expect(ndcgAtK(['c', 'a', 'b'], j({ a: 2, b: 1, d: 1 }), 3)).toBeCloseTo(1.7618595 / 3.1309298, 6);
    expect(1.7618595).toBeCloseTo(2 / L3 + 0.5, 6);
  });
  it('is 1 for the ideal order and counts relevant documents that were never retrieved in the ideal', () => {
    expect(ndcgAtK(['b', 'a'], j({ a: 1, b: 2 }), 10)).toBeCloseTo(1, 10);
    // DCG = 1; IDCG from [2, 2, 1] = 2 + 2/log2(3) + 1/2 = 3.7618595
    expect(ndcgAtK(['a'], j({ a: 1, b: 2, c: 2 }), 10)).toBeCloseTo(1 / 3.7618595, 6);
  });
  it('ignores ranks beyond k, grade-0 judgments and repeated keys', () => {
    // k = 1: DCG = 0 (x is unjudged), IDCG = 2
    expect(ndcgAtK(['x', 'a'], j({ a: 2 }), 1)).toBe(0);
    expect(ndcgAtK(['z', 'a'], j({ a: 2, z: 0 }), 2)).toBeCloseTo(2 / L3 / 2, 6);
    // the repeat of a is dropped, so b moves to rank 2: DCG = 2 + 1/log2(3) = IDCG
    expect(ndcgAtK(['a', 'a', 'b'], j({ a: 2, b: 1 }), 2)).toBeCloseTo(1, 10);
  });
  it('is undefined (null) when nothing is relevant, e.g. off-topic queries', () => {
    expect(ndcgAtK(['a'], new Map(), 10)).toBeNull();
    expect(ndcgAtK(['a'], j({ a: 0 }), 10)).toBeNull();
  });
});

describe('recall and reciprocal rank', () => {
  const four = j({ a: 2, b: 1, c: 1, d: 2 });
  it('recall@k divides by all relevant documents; the capped form by min(k, relevant)', () => {
    expect(recallAtK(['a', 'x', 'c'], four, 2)).toBe(0.25);
    expect(recallAtK(['a', 'x', 'c'], four, 3)).toBe(0.5);
    expect(cappedRecallAtK(['a', 'x', 'c'], four, 2)).toBe(0.5);
    const twenty = new Map(Array.from({ length: 20 }, (_, i) => [`p${i}`, 1 as Grade]));
    const top10 = Array.from({ length: 10 }, (_, i) => `p${i}`);
    expect(recallAtK(top10, twenty, 10)).toBe(0.5);
    expect(cappedRecallAtK(top10, twenty, 10)).toBe(1);
    expect(recallAtK(['a'], new Map(), 10)).toBeNull();
  });
  it('MRR takes the first result with grade >= 1', () => {
    expect(reciprocalRank(['x', 'z', 'b'], j({ b: 1, z: 0 }))).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRank(['d', 'a'], four)).toBe(1);
    expect(reciprocalRank(['x'], four)).toBe(0);
    expect(reciprocalRank([], new Map())).toBeNull();
  });
  it('mean skips undefined values; percentiles are nearest-rank', () => {
    expect(mean([1, null, 0])).toBe(0.5);
    expect(mean([null])).toBeNull();
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19);
    expect(percentile([], 50)).toBeNull();
  });
});

describe('time windows at the eval now (Friday 2026-11-20 15:00 UTC)', () => {
  const iso = (rule: Parameters<typeof resolveWindow>[0]) => {
    const w = resolveWindow(rule, EVAL_NOW);
    return [w.label, w.start.toISOString(), w.end.toISOString()];
  };
  it('resolves each rule as documented', () => {
    expect(iso('today')).toEqual(['today', '2026-11-20T00:00:00.000Z', '2026-11-20T15:00:00.000Z']);
    expect(iso('yesterday')).toEqual(['yesterday', '2026-11-19T00:00:00.000Z', '2026-11-20T00:00:00.000Z']);
    expect(iso('this_week')).toEqual(['this_week', '2026-11-16T00:00:00.000Z', '2026-11-20T15:00:00.000Z']);
    expect(iso('last_week')).toEqual(['last_week', '2026-11-13T00:00:00.000Z', '2026-11-20T00:00:00.000Z']);
    expect(iso({ lastDays: 3 })).toEqual(['last_n_days', '2026-11-18T00:00:00.000Z', '2026-11-20T15:00:00.000Z']);
    expect(iso('this_month')).toEqual(['this_month', '2026-11-01T00:00:00.000Z', '2026-11-20T15:00:00.000Z']);
    expect(iso('past_month')).toEqual(['past_month', '2026-10-22T00:00:00.000Z', '2026-11-20T15:00:00.000Z']);
    expect(iso('latest')).toEqual(['latest_recent', '2026-11-14T00:00:00.000Z', '2026-11-20T15:00:00.000Z']);
  });
  it('is half-open and excludes undated posts', () => {
    const w = resolveWindow('yesterday', EVAL_NOW);
    expect(inWindow(new Date('2026-11-19T00:00:00Z'), w)).toBe(true);
    expect(inWindow(new Date('2026-11-20T00:00:00Z'), w)).toBe(false);
    expect(inWindow(null, w)).toBe(false);
  });
});

/** A generated post with only what toEvalPost reads filled in. */
function demoPost(over: { kind: DemoPost['topics']['kind']; title?: string; bodyText?: string }): DemoPost {
  const topics = { kind: over.kind, tickers: ['NVDA'], themes: ['tariffs'], sector: 'semis' };
  return {
    slug: 'a-post',
    title: over.title ?? 'A post',
    bodyText: over.bodyText ?? '',
    publishedAt: null,
    topics,
  } as unknown as DemoPost;
}

describe('judgment rules', () => {
  const post = (over: Partial<EvalPost>): EvalPost => ({
    key: 'pub/post',
    publicationSlug: 'pub',
    slug: 'post',
    title: 't',
    publishedAt: new Date('2026-11-19T12:00:00Z'),
    kind: 'deep_dive',
    tickers: [],
    themes: [],
    leadTheme: null,
    sector: null,
    ...over,
  });
  const q = (facets: JudgedQuery['facets'], window?: JudgedQuery['window']): JudgedQuery => ({
    id: 't',
    q: 't',
    category: 'theme',
    facets,
    window,
  });
  const grade = (query: JudgedQuery, p: EvalPost) => gradePost(query, p, EVAL_NOW);

  it('grades tickers, themes and sectors by how central they are', () => {
    expect(grade(q([ticker('NVDA')]), post({ tickers: ['NVDA', 'AMD'] }))).toBe(2);
    expect(grade(q([ticker('AMD')]), post({ tickers: ['NVDA', 'AMD'] }))).toBe(1);
    expect(grade(q([ticker('MU')]), post({ tickers: ['NVDA'] }))).toBe(0);
    const macro = post({
      kind: 'macro_note',
      themes: ['gold', 'us-dollar'],
      leadTheme: 'gold',
      tickers: ['GLD', 'BABA'],
    });
    expect(grade(q([theme('gold')]), macro)).toBe(2);
    expect(grade(q([theme('us-dollar')]), macro)).toBe(1);
    expect(grade(q([sector('semis')]), post({ sector: 'semis', tickers: ['NVDA'] }))).toBe(2);
    expect(grade(q([sector('emerging_markets')]), macro)).toBe(1);
    expect(grade(q([sector('banks')]), macro)).toBe(0);
  });
  it('counts sector names in titles, but not "energy" inside "clean energy"', () => {
    const note = post({ kind: 'macro_note', title: 'Treasury yields and clean energy: the math of duration' });
    expect(grade(q([sector('clean_energy')]), note)).toBe(1);
    expect(grade(q([sector('energy')]), note)).toBe(0);
  });
  it('takes the lead theme of a podcast from its title and the theme survival from the body', () => {
    const episode = toEvalPost(
      demoPost({ kind: 'podcast_episode', title: 'Ep. 12: Ann Lee on tariffs and trade policy' }),
      'capexcycle.fm',
    );
    expect(episode.leadTheme).toBe('tariffs');
    expect(episode.key).toBe('capexcycle.fm/a-post');
    const dropped = toEvalPost(
      demoPost({ kind: 'deep_dive', bodyText: 'Nothing about trade here.' }),
      'semisweekly.com',
    );
    expect(dropped.themes).toEqual([]);
    const kept = toEvalPost(
      demoPost({ kind: 'deep_dive', bodyText: 'There is a tariffs and trade policy angle to this as well.' }),
      'semisweekly.com',
    );
    expect(kept.themes).toEqual(['tariffs']);
  });
  it('takes the higher grade when facets are alternatives', () => {
    const em: JudgedQuery = { ...q([theme('emerging-markets'), sector('emerging_markets')]), match: 'any' };
    expect(grade(em, post({ sector: 'emerging_markets', tickers: ['BABA'] }))).toBe(2);
    expect(
      grade(em, post({ kind: 'macro_note', tickers: ['EEM'], themes: ['us-dollar'], leadTheme: 'us-dollar' })),
    ).toBe(1);
  });
  it('needs both facets for grade 2; a qualifier alone is never relevant', () => {
    expect(combineGrades(2, 1, true, true)).toBe(2);
    expect(combineGrades(1, 1, true, true)).toBe(1);
    expect(combineGrades(2, 0, true, true)).toBe(1);
    expect(combineGrades(0, 2, true, true)).toBe(1);
    expect(combineGrades(1, 0, true, true)).toBe(0);
    expect(combineGrades(0, 1, true, false)).toBe(0);
    const bankEarnings = q([sector('banks'), earnings]);
    expect(grade(bankEarnings, post({ kind: 'earnings_review', sector: 'banks', tickers: ['JPM'] }))).toBe(2);
    expect(grade(bankEarnings, post({ kind: 'deep_dive', sector: 'banks', tickers: ['JPM'] }))).toBe(1);
    expect(grade(bankEarnings, post({ kind: 'earnings_review', sector: 'semis', tickers: ['NVDA'] }))).toBe(0);
  });
  it('drops posts outside the query window', () => {
    const p = post({ tickers: ['NVDA'] });
    expect(grade(q([ticker('NVDA')], 'yesterday'), p)).toBe(2);
    expect(grade(q([ticker('NVDA')], 'today'), p)).toBe(0);
    expect(grade(q([ticker('NVDA')], 'today'), post({ tickers: ['NVDA'], publishedAt: null }))).toBe(0);
  });
});

describe('the judged query set on the demo corpus', () => {
  let posts: EvalPost[];
  beforeAll(() => {
    posts = loadEvalPosts();
  });

  it('has at least 60 well-formed queries covering every category', () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(JUDGED_QUERIES.map((x) => x.id)).size).toBe(JUDGED_QUERIES.length);
    for (const category of CATEGORIES)
      expect(
        JUDGED_QUERIES.some((x) => x.category === category),
        category,
      ).toBe(true);
    const tickers = new Set(COMPANIES.map((c) => c.ticker));
    const themes = new Set(THEMES.map((t) => t.id));
    for (const query of JUDGED_QUERIES) {
      expect(query.facets.length === 0, query.id).toBe(query.category === 'off_topic');
      for (const f of query.facets) {
        if (f.type === 'ticker') expect(tickers.has(f.ticker), `${query.id} ${f.ticker}`).toBe(true);
        if (f.type === 'theme') expect(themes.has(f.theme), `${query.id} ${f.theme}`).toBe(true);
      }
    }
  });

  it('gives every on-topic query at least 3 relevant posts and off-topic ones none', () => {
    expect(posts).toHaveLength(1500);
    expect(judgmentWarnings(countJudgments(posts))).toEqual([]);
  });

  it('scores a perfect fake search at 1 and reports off-topic answers and window disagreements', async () => {
    const byQ = new Map(JUDGED_QUERIES.map((x) => [x.q, x]));
    const search: SearchFn = async (text) => {
      const query = byQ.get(text)!;
      const ranked = [...judge(query, posts).entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
      const items = ranked.map(([key]) => ({
        publicationSlug: key.slice(0, key.indexOf('/')),
        slug: key.slice(key.indexOf('/') + 1),
      }));
      return { mode: 'fts', matchConfidence: items.length > 0 ? 'strong' : 'none', timeWindow: null, items };
    };
    const runs = await runMode(search, 'fts', {
      queries: JUDGED_QUERIES,
      posts,
      judge: (x) => judge(x, posts),
      now: EVAL_NOW,
      k: 10,
    });
    const s = summarize('fts', runs);
    expect(s.overall.ndcg10).toBeCloseTo(1, 10);
    expect(s.overall.mrr).toBe(1);
    expect(s.overall.cappedRecall10).toBe(1);
    expect(s.offTopic).toEqual({ queries: 6, noneShare: 1, meanItems: 0 });
    expect(s.unknownKeys).toBe(0);
    // The fake resolves no time window, so every time-scoped query is listed as a disagreement.
    expect(s.windowMismatches).toHaveLength(JUDGED_QUERIES.filter((x) => x.window).length);
  });
});
