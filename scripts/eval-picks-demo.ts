/**
 * Quality and speed of the offline (embedded default) generators, measured against the demo generator's ground
 * truth: every demo post knows the stock calls it states, and their evidence sentences are in its body verbatim.
 *
 *   node --import tsx scripts/eval-picks-demo.ts [posts=2000] [seed=7]
 *
 * Prints precision and recall of the rule-based pick extractor (a prediction is correct when the post has a call on
 * that ticker), accuracy of action, direction, instrument type and conviction on the matched calls, the errors by
 * kind of post, and the per-post time (p50/p95) of the extractor and of the extractive summarizer.
 */
import { extractByRules } from '@/lib/ai/picks/offline';
import { ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import { companyStances, parseStance } from '@/lib/ai/summaries/stance';
import { generateCorpus } from '@/lib/demo/generate';

const posts = Number(process.argv[2] ?? 2000);
const seed = Number(process.argv[3] ?? 7);
const corpus = generateCorpus({ seed, posts, now: new Date('2026-11-20T12:00:00Z') });
const summarizer = new ExtractiveSummarizer();

let truthCount = 0;
let predicted = 0;
let matched = 0;
const agree = { action: 0, direction: 0, instrument: 0, conviction: 0, quote: 0 };
const confusion = new Map<string, number>();
const misses = new Map<string, number>();
const extraByKind = new Map<string, number>();
const examples: string[] = [];
const extractMs: number[] = [];
let stanceTotal = 0;
let stanceRight = 0;
const summarizeMs: number[] = [];

function bump(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

for (const post of corpus.posts) {
  let t = performance.now();
  const picks = extractByRules({ title: post.title, text: post.bodyText, author: post.author });
  extractMs.push(performance.now() - t);
  t = performance.now();
  const summary = await summarizer.summarize({ title: post.title, text: post.bodyText });
  summarizeMs.push(performance.now() - t);
  // The summary's stance per company against the demo's own calls (a bought company is never "bearish").
  const stated = parseStance(summary.text).byTicker;
  for (const truth of companyStances(post.picks)) {
    stanceTotal += 1;
    if (stated.get(truth.ticker) === truth.stance) stanceRight += 1;
    else if (examples.length < 40)
      examples.push(`STANCE ${truth.ticker} ${truth.stance} -> ${stated.get(truth.ticker)}`);
  }

  truthCount += post.picks.length;
  predicted += picks.length;
  const truthByTicker = new Map(post.picks.map((p) => [p.ticker, p]));
  const used = new Set<string>();
  for (const p of picks) {
    const truth = truthByTicker.get(p.ticker);
    if (!truth || used.has(p.ticker)) {
      bump(extraByKind, post.topics.kind);
      if (examples.length < 12)
        examples.push(`EXTRA [${post.topics.kind}] ${p.ticker} ${p.action}: ${p.evidenceQuote}`);
      continue;
    }
    used.add(p.ticker);
    matched += 1;
    if (truth.action === p.action) agree.action += 1;
    else bump(confusion, `${truth.action}->${p.action}`);
    if (truth.direction === p.direction) agree.direction += 1;
    else if (examples.length < 24) examples.push(`DIR ${truth.direction}->${p.direction}: ${p.evidenceQuote}`);
    if (truth.instrumentType === p.instrumentType) agree.instrument += 1;
    if (truth.authorConviction === p.authorConviction) agree.conviction += 1;
    if (truth.evidenceQuote === p.evidenceQuote) agree.quote += 1;
  }
  for (const t of post.picks) {
    if (!used.has(t.ticker)) {
      bump(misses, post.topics.kind);
      if (examples.length < 30) examples.push(`MISS [${post.topics.kind}] ${t.ticker} ${t.action}: ${t.evidenceQuote}`);
    }
  }
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
}
const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);

console.log(`corpus: ${posts} posts (seed ${seed}), ${truthCount} known calls; extractor predicted ${predicted}`);
console.log(`precision ${pct(matched, predicted)}  recall ${pct(matched, truthCount)}  (matched by post + ticker)`);
console.log(
  `on matched calls: action ${pct(agree.action, matched)}, direction ${pct(agree.direction, matched)}, instrument ${pct(agree.instrument, matched)}, conviction exact ${pct(agree.conviction, matched)}, evidence = generator's sentence ${pct(agree.quote, matched)}`,
);
console.log(`summary stance = the post's own calls, per company: ${pct(stanceRight, stanceTotal)} of ${stanceTotal}`);
console.log('action confusions (truth->predicted):', Object.fromEntries(confusion));
console.log('misses by kind:', Object.fromEntries(misses), ' extras by kind:', Object.fromEntries(extraByKind));
console.log(
  `per post: extractor p50 ${quantile(extractMs, 0.5).toFixed(2)} ms p95 ${quantile(extractMs, 0.95).toFixed(2)} ms; summarizer p50 ${quantile(summarizeMs, 0.5).toFixed(2)} ms p95 ${quantile(summarizeMs, 0.95).toFixed(2)} ms`,
);
if (process.env.EVAL_EXAMPLES) for (const e of examples) console.log(e);
