import type { PickExtractor } from '@/lib/ai/picks/extractor';
import { findTickerMentions, rankTickers } from '@/lib/ai/text/tickers';

/** A post of real text (tests/fixtures/real-text: feeds and messages from public test suites), as the service stores it. */
export interface RealTextPost {
  id: string;
  title: string;
  author: string;
  text: string;
}

/** A call that a real post does state, found by reading it: a pick on it is right, every other pick is false. */
export interface StatedCall {
  post: string;
  ticker: string;
  direction: 'LONG' | 'SHORT';
  why: string;
}

/** A (post, ticker) pair labelled by reading the post: does it name that company as a company? */
export interface JudgedMention {
  post: string;
  ticker: string;
  named: boolean;
  why: string;
}

export interface RealTextPick {
  post: string;
  ticker: string;
  action: string;
  direction: string;
  quote: string;
}

export interface RealTextReport {
  posts: number;
  /** Posts without a stated call: every pick from them is false. */
  callFree: number;
  picks: RealTextPick[];
  falsePicks: RealTextPick[];
  /** Stated calls the extractor did not find. */
  missed: StatedCall[];
  falsePicksPer1000: number;
  mentions: {
    judgedPosts: number;
    /** The tickers listed for the judged posts that the labels judge. */
    listed: number;
    right: number;
    precision: number;
    wrong: JudgedMention[];
    /** Listed but not labelled: the labels must be completed before the figure means anything. */
    unjudged: { post: string; ticker: string }[];
    /** Labelled as named, listed: recall over the labelled companies. */
    namedLabelled: number;
    namedListed: number;
    /** Labelled as named, not listed: what precision cost in recall. */
    unlisted: JudgedMention[];
  };
}

/** The tickers a summary lists for a text ("Tickers mentioned"): every instrument the text names, most named first. */
export function listedTickers(text: string): string[] {
  return rankTickers(findTickerMentions(text));
}

/**
 * Real posts through the extractor and the mention finder, the way the service reads them: picks are judged against
 * the calls the posts state (everything else is a false pick), and the tickers listed for the judged posts against
 * the mention labels (precision over the labelled pairs; any listed pair without a label is reported).
 */
export async function evaluateRealText(
  posts: RealTextPost[],
  extractor: PickExtractor,
  labels: { calls: StatedCall[]; mentions: JudgedMention[] },
): Promise<RealTextReport> {
  const stated = new Set(labels.calls.map((c) => `${c.post}|${c.ticker}|${c.direction}`));
  const postsWithCalls = new Set(labels.calls.map((c) => c.post));
  const picks: RealTextPick[] = [];
  for (const post of posts) {
    for (const p of await extractor.extract({ title: post.title, text: post.text, author: post.author })) {
      picks.push({ post: post.id, ticker: p.ticker, action: p.action, direction: p.direction, quote: p.evidenceQuote });
    }
  }
  const falsePicks = picks.filter((p) => !stated.has(`${p.post}|${p.ticker}|${p.direction}`));
  const found = new Set(picks.map((p) => `${p.post}|${p.ticker}|${p.direction}`));
  const missed = labels.calls.filter((c) => !found.has(`${c.post}|${c.ticker}|${c.direction}`));
  const callFree = posts.filter((p) => !postsWithCalls.has(p.id)).length;

  const byPair = new Map(labels.mentions.map((m) => [`${m.post}|${m.ticker}`, m]));
  const judgedPosts = new Set(labels.mentions.map((m) => m.post));
  const wrong: JudgedMention[] = [];
  const unjudged: { post: string; ticker: string }[] = [];
  let listed = 0;
  let right = 0;
  let namedListed = 0;
  const listedPairs = new Set<string>();
  for (const post of posts) {
    if (!judgedPosts.has(post.id)) continue;
    for (const ticker of listedTickers(post.text)) {
      listedPairs.add(`${post.id}|${ticker}`);
      const label = byPair.get(`${post.id}|${ticker}`);
      if (!label) {
        unjudged.push({ post: post.id, ticker });
        continue;
      }
      listed += 1;
      if (label.named) {
        right += 1;
        namedListed += 1;
      } else wrong.push(label);
    }
  }
  return {
    posts: posts.length,
    callFree,
    picks,
    falsePicks,
    missed,
    falsePicksPer1000: callFree === 0 ? 0 : (1000 * falsePicks.length) / callFree,
    mentions: {
      judgedPosts: judgedPosts.size,
      listed,
      right,
      precision: listed === 0 ? 1 : right / listed,
      wrong,
      unjudged,
      namedLabelled: labels.mentions.filter((m) => m.named).length,
      namedListed,
      unlisted: labels.mentions.filter((m) => m.named && !listedPairs.has(`${m.post}|${m.ticker}`)),
    },
  };
}
