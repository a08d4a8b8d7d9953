import { DAY_MS, pickSegment, timeIn, WINDOW_DAYS } from './dates';
import type { Draft, PostContext } from './kinds/context';
import { deepDive } from './kinds/deep-dive';
import { earningsReview } from './kinds/earnings';
import { macroNote } from './kinds/macro';
import { optionsIdea } from './kinds/options';
import { podcastEpisode } from './kinds/podcast';
import { portfolioUpdate } from './kinds/portfolio';
import { sectorRoundup } from './kinds/roundup';
import { createMarketModel, type MarketModel } from './market';
import { assemblePost, type PublicationCursor } from './post';
import { buildPublications, type PublicationState } from './publications';
import { Rng } from './random';
import { reportedQuarter } from './text';
import type { CorpusOptions, DemoCorpus, DemoPost, PostKind } from './types';

/** How often each kind of post states explicit calls; overall about two posts in three yield picks. */
const CALL_RATE: Record<PostKind, number> = {
  deep_dive: 0.8,
  earnings_review: 0.72,
  macro_note: 0.42,
  portfolio_update: 0.92,
  sector_roundup: 0.6,
  options_idea: 0.9,
  podcast_episode: 0.55,
};

/** About one post in 400 comes from a feed item without a date. */
const UNDATED_RATE = 1 / 400;

// Independent streams per concern, so adding a publication does not reshuffle every post, and the market curves do
// not depend on how many posts are drawn.
const PUBLICATION_STREAM = 0x9e3779b9;
const MARKET_STREAM = 0x85ebca6b;
const POST_STREAM = 0xc2b2ae35;

function streamSeed(seed: number, stream: number): number {
  return (Math.imul(seed | 0, 0x27d4eb2d) ^ stream) >>> 0;
}

function validate(options: CorpusOptions): void {
  if (!Number.isInteger(options.seed)) throw new Error('seed must be an integer');
  if (!Number.isInteger(options.posts) || options.posts < 0) throw new Error('posts must be a non-negative integer');
  if (Number.isNaN(options.now.getTime())) throw new Error('now must be a valid date');
}

/**
 * A deterministic demo corpus: the same seed and `now` always give the same publications and the same posts in the
 * same order. Posts are generated lazily, one at a time, so even 100,000 of them never sit in memory together.
 */
export function generateCorpus(options: CorpusOptions): DemoCorpus {
  validate(options);
  const now = new Date(options.now.getTime());
  const states = buildPublications(new Rng(streamSeed(options.seed, PUBLICATION_STREAM)), now);
  const market = createMarketModel(new Rng(streamSeed(options.seed, MARKET_STREAM)), now);
  return {
    now,
    market,
    publications: states.map((s) => s.row),
    posts: {
      [Symbol.iterator]: () => generatePosts(options.seed, options.posts, now, states, market),
    },
  };
}

function* generatePosts(
  seed: number,
  count: number,
  now: Date,
  states: PublicationState[],
  market: MarketModel,
): Generator<DemoPost> {
  const rng = new Rng(streamSeed(seed, POST_STREAM));
  const active = states.filter((s) => s.spec.cadence > 0);
  if (active.length === 0) return;
  const cursors = new Map<PublicationState, PublicationCursor>(
    active.map((state) => [state, { state, slugs: new Set(), slugSuffixes: new Map(), episodes: new Set() }]),
  );
  // The first three posts land today, yesterday and earlier this week, so even tiny corpora cover those windows.
  const forced = ['today', 'yesterday', 'week'] as const;

  for (let i = 0; i < count; i += 1) {
    const id = rng.uuid();
    const state = rng.weighted(active, (s) => s.spec.cadence);
    const cursor = cursors.get(state)!;
    const upper = state.row.lastSyncedAt ?? now;
    const undated = i >= forced.length && rng.chance(UNDATED_RATE);
    const publishedAt = undated ? null : timeIn(forced[i] ?? pickSegment(rng), now, upper, rng);
    const kind = rng.weightedKey(state.spec.kinds);
    const at = publishedAt ?? now;
    const ctx: PostContext = {
      rng,
      pub: state.spec,
      at,
      m: market.snapshot(at),
      quarter: reportedQuarter(at).label,
      wantsCalls: rng.chance(CALL_RATE[kind]),
    };
    const draft = write(kind, ctx, cursor, now);
    yield assemblePost(cursor, { id, kind, draft, publishedAt, upper, now }, rng);
  }
}

function write(kind: PostKind, ctx: PostContext, cursor: PublicationCursor, now: Date): Draft {
  switch (kind) {
    case 'deep_dive':
      return deepDive(ctx);
    case 'earnings_review':
      return earningsReview(ctx);
    case 'macro_note':
      return macroNote(ctx);
    case 'portfolio_update':
      return portfolioUpdate(ctx);
    case 'sector_roundup':
      return sectorRoundup(ctx);
    case 'options_idea':
      return optionsIdea(ctx);
    case 'podcast_episode':
      return podcastEpisode(ctx, episodeNumber(cursor, ctx.at, now, ctx.rng));
  }
}

/** Episode numbers grow with time (about three a week) and never repeat within a show. */
function episodeNumber(cursor: PublicationCursor, at: Date, now: Date, rng: Rng): number {
  const windowStart = now.getTime() - WINDOW_DAYS * DAY_MS;
  let n = cursor.state.episodeBase + Math.floor(((at.getTime() - windowStart) / DAY_MS) * 0.4) + rng.int(0, 1);
  while (cursor.episodes.has(n)) n += 1;
  cursor.episodes.add(n);
  return n;
}
