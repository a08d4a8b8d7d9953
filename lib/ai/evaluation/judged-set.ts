import type { ExtractedPick, PickExtractor } from '@/lib/ai/picks/extractor';
import { companyStances, parseStance } from '@/lib/ai/summaries/stance';
import type { Summarizer } from '@/lib/ai/summaries/summarizer';

/** A labelled post (tests/fixtures/picks/judged-set.ts has the set and the labelling conventions). */
export interface LabelledPost {
  id: string;
  category: string;
  title: string;
  author: string;
  text?: string;
  html?: string;
  calls: Array<{ ticker: string; action: string; direction: 'LONG' | 'SHORT'; speaker?: string }>;
  nonCalls: string[];
  stances: Record<string, string>;
}

export interface Scores {
  posts: number;
  calls: number;
  nonCalls: number;
  predicted: number;
  matched: number;
  actionRight: number;
  speakerCalls: number;
  speakerRight: number;
  nonCallPicked: number;
  stances: number;
  stanceRight: number;
  postsAgreeing: number;
  called: number;
  calledNamed: number;
  mentioned: number;
  mentionedListed: number;
}

export interface PostResult {
  post: LabelledPost;
  picks: ExtractedPick[];
  summary: string;
  notes: string[];
  scores: Scores;
}

const EMPTY: Scores = {
  posts: 0,
  calls: 0,
  nonCalls: 0,
  predicted: 0,
  matched: 0,
  actionRight: 0,
  speakerCalls: 0,
  speakerRight: 0,
  nonCallPicked: 0,
  stances: 0,
  stanceRight: 0,
  postsAgreeing: 0,
  called: 0,
  calledNamed: 0,
  mentioned: 0,
  mentionedListed: 0,
};

/**
 * Runs one labelled post through a pick extractor and a summarizer the way the service does (picks first, then the
 * summary stating them) and scores it: picks are matched on ticker + direction (one per pair), the action and the
 * transcript speaker are checked on the matched ones; the summary's stance line is read back per company and compared
 * with the labels and with the picks; every called company must be named in the summary, every company the post
 * names with a ticker must be in "Tickers mentioned".
 */
export async function evaluatePost(
  post: LabelledPost,
  generators: { extractor: PickExtractor; summarizer: Summarizer },
  toText: (html: string) => string,
): Promise<PostResult> {
  const text = post.text ?? toText(post.html ?? '');
  const picks = await generators.extractor.extract({ title: post.title, text, author: post.author });
  const result = await generators.summarizer.summarize({
    title: post.title,
    text,
    author: post.author,
    calls: picks.map((p) => ({ ticker: p.ticker, action: p.action, direction: p.direction, author: p.author })),
  });
  const summary = result.text;
  const notes: string[] = [];
  const s: Scores = { ...EMPTY, posts: 1, calls: post.calls.length, nonCalls: post.nonCalls.length };

  const predicted = new Map<string, ExtractedPick[]>();
  for (const p of picks)
    predicted.set(`${p.ticker}|${p.direction}`, [...(predicted.get(`${p.ticker}|${p.direction}`) ?? []), p]);
  s.predicted = predicted.size;
  const expected = new Map(post.calls.map((c) => [`${c.ticker}|${c.direction}`, c]));
  for (const [key, call] of expected) {
    const found = predicted.get(key);
    if (!found) {
      notes.push(`MISS ${call.ticker} ${call.action} ${call.direction}${call.speaker ? ` (${call.speaker})` : ''}`);
      continue;
    }
    s.matched += 1;
    const pick = found.find((p) => p.action === call.action) ?? found[0]!;
    if (pick.action === call.action) s.actionRight += 1;
    else notes.push(`ACTION ${call.ticker}: ${call.action} -> ${pick.action} | ${pick.evidenceQuote}`);
    if (call.speaker) {
      s.speakerCalls += 1;
      // One person however the label is cased: "TOM BRECK:" is labelled as written and named "Tom Breck".
      if (sameName(pick.author, call.speaker)) s.speakerRight += 1;
      else notes.push(`SPEAKER ${call.ticker}: ${call.speaker} -> ${pick.author}`);
    }
  }
  for (const [key, found] of predicted) {
    if (expected.has(key)) continue;
    const pick = found[0]!;
    if (post.nonCalls.includes(pick.ticker)) s.nonCallPicked += 1;
    notes.push(`EXTRA ${pick.ticker} ${pick.action} ${pick.direction} | ${pick.evidenceQuote}`);
  }

  const stance = parseStance(summary);
  for (const [ticker, label] of Object.entries(post.stances)) {
    s.stances += 1;
    if (stance.byTicker.get(ticker) === label) s.stanceRight += 1;
    else notes.push(`STANCE ${ticker}: ${label} -> ${stance.byTicker.get(ticker) ?? 'not stated'}`);
  }
  const fromPicks = companyStances(picks);
  const agrees =
    fromPicks.every((c) => stance.byTicker.get(c.ticker) === c.stance) &&
    [...stance.byTicker.keys()].every((t) => fromPicks.some((c) => c.ticker === t));
  if (agrees) s.postsAgreeing = 1;
  else notes.push(`DISAGREES with its picks: ${/^Stance: .*$/mu.exec(summary)?.[0]}`);

  for (const ticker of new Set(post.calls.map((c) => c.ticker))) {
    s.called += 1;
    if (summary.includes(ticker)) s.calledNamed += 1;
    else notes.push(`NOT NAMED in the summary: ${ticker}`);
  }
  const listed = new Set((/^Tickers mentioned: (.*)$/mu.exec(summary)?.[1] ?? '').split(', '));
  for (const ticker of new Set([...post.calls.map((c) => c.ticker), ...post.nonCalls])) {
    s.mentioned += 1;
    if (listed.has(ticker)) s.mentionedListed += 1;
    else notes.push(`NOT LISTED in Tickers mentioned: ${ticker}`);
  }
  return { post, picks, summary, notes, scores: s };
}

/**
 * The same person, case-blind; a label of one first name ("Sofia:") is the full name the post introduces ("our guest
 * today is Sofia Marchetti"), which the extractor names, as a reader would.
 */
function sameName(a: string | null | undefined, b: string): boolean {
  const key = (x: string) => x.replace(/\s+/gu, ' ').trim().toLowerCase();
  if (typeof a !== 'string') return false;
  const [x, y] = [key(a), key(b)];
  return x === y || (!y.includes(' ') && x.startsWith(`${y} `)) || (!x.includes(' ') && y.startsWith(`${x} `));
}

export function addScores(a: Scores, b: Scores): Scores {
  const out = { ...a };
  for (const key of Object.keys(out) as (keyof Scores)[]) out[key] += b[key];
  return out;
}

export function totals(results: PostResult[], category?: string): Scores {
  return results
    .filter((r) => !category || r.post.category === category)
    .reduce((sum, r) => addScores(sum, r.scores), EMPTY);
}

export interface Metrics {
  precision: number;
  recall: number;
  actionAccuracy: number;
  speakerAccuracy: number;
  stanceAgreement: number;
  postsAgreeingWithPicks: number;
  coverage: number;
  tickersListed: number;
}

const ratio = (n: number, d: number) => (d === 0 ? 1 : n / d);

export function metrics(s: Scores): Metrics {
  return {
    precision: ratio(s.matched, s.predicted),
    recall: ratio(s.matched, s.calls),
    actionAccuracy: ratio(s.actionRight, s.matched),
    speakerAccuracy: ratio(s.speakerRight, s.speakerCalls),
    stanceAgreement: ratio(s.stanceRight, s.stances),
    postsAgreeingWithPicks: ratio(s.postsAgreeing, s.posts),
    coverage: ratio(s.calledNamed, s.called),
    tickersListed: ratio(s.mentionedListed, s.mentioned),
  };
}

/** The per-category table, in Markdown (docs/picks.md shows it). */
export function table(results: PostResult[]): string {
  const categories = [...new Set(results.map((r) => r.post.category))];
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const rows = [...categories, 'all'].map((category) => {
    const s = totals(results, category === 'all' ? undefined : category);
    const m = metrics(s);
    return `| ${category} | ${s.posts} | ${s.calls} | ${s.nonCalls} | ${pct(m.precision)} | ${pct(m.recall)} | ${pct(m.actionAccuracy)} | ${s.speakerCalls ? pct(m.speakerAccuracy) : '–'} | ${s.nonCallPicked} | ${pct(m.stanceAgreement)} | ${s.postsAgreeing}/${s.posts} | ${pct(m.coverage)} | ${pct(m.tickersListed)} |`;
  });
  return [
    '| category | posts | calls | non-calls | precision | recall | action | speaker | non-calls picked | stance = labels | stance = picks (posts) | called named | tickers listed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
