/**
 * The judged set (tests/fixtures/picks/judged-set*.ts: newsletter-style posts with labelled calls, non-calls and
 * stances) and the real-text corpus (tests/fixtures/real-text: 5,525 real posts from public test suites) through the
 * configured generators: OpenAI's when OPENAI_API_KEY is set, the offline ones otherwise, or the offline ones with
 * --offline.
 *
 *   npm run eval:picks [-- --offline] [-- --verbose] [-- --batch1 | --holdout | --batch3 … --batch14 | --dev | --dev3 | --real]
 *
 * Judged set, per category: precision and recall on ticker + direction, action accuracy and speaker attribution on
 * the matched calls, non-calls picked, summary stance agreement (with the labels, and with the post's own picks),
 * called companies named in the summary and companies listed under "Tickers mentioned". Real text: false picks per
 * 1,000 call-free posts (each one listed), and the precision of "Tickers mentioned" on the judged sample of (post,
 * ticker) pairs. --verbose adds every miss and extra; a batch flag runs that batch only, --real the real text only.
 */
import {
  evaluatePost,
  type LabelledPost,
  metrics,
  type PostResult,
  table,
  totals,
} from '@/lib/ai/evaluation/judged-set';
import { evaluateRealText } from '@/lib/ai/evaluation/real-text';
import { RuleBasedPickExtractor } from '@/lib/ai/picks/offline';
import { ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import { configuredGenerators } from '@/lib/content/generators';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';
import { FALSE_PICKS_DEV_POSTS } from '@/tests/fixtures/picks/false-picks-dev';
import { JUDGED_POSTS } from '@/tests/fixtures/picks/judged-set';
import { BATCH3_POSTS } from '@/tests/fixtures/picks/judged-set-batch3';
import { BATCH4_POSTS } from '@/tests/fixtures/picks/judged-set-batch4';
import { BATCH5_POSTS } from '@/tests/fixtures/picks/judged-set-batch5';
import { BATCH6_POSTS } from '@/tests/fixtures/picks/judged-set-batch6';
import { BATCH7_POSTS } from '@/tests/fixtures/picks/judged-set-batch7';
import { BATCH8_POSTS } from '@/tests/fixtures/picks/judged-set-batch8';
import { BATCH9_POSTS } from '@/tests/fixtures/picks/judged-set-batch9';
import { BATCH10_POSTS } from '@/tests/fixtures/picks/judged-set-batch10';
import { BATCH11_POSTS } from '@/tests/fixtures/picks/judged-set-batch11';
import { BATCH12_POSTS } from '@/tests/fixtures/picks/judged-set-batch12';
import { BATCH13_POSTS } from '@/tests/fixtures/picks/judged-set-batch13';
import { BATCH14_POSTS } from '@/tests/fixtures/picks/judged-set-batch14';
import { HOLDOUT_POSTS } from '@/tests/fixtures/picks/judged-set-holdout';
import { STRUCTURE_DEV_POSTS } from '@/tests/fixtures/picks/structure-dev';
import { loadRealCorpus } from '@/tests/fixtures/real-text/corpus';
import { JUDGED_MENTIONS, STATED_CALLS } from '@/tests/fixtures/real-text/labels';

const offline = process.argv.includes('--offline');
const verbose = process.argv.includes('--verbose');
const generators = offline
  ? { summarizer: new ExtractiveSummarizer(), extractor: new RuleBasedPickExtractor() }
  : configuredGenerators();

// One set at a time: --batch1 (judged-set.ts), --holdout (batch 2), --batch3 … --batch14, --dev (issue 47's own
// development posts, tests/fixtures/picks/structure-dev.ts), --dev3 (the third round's, on batch 8's false picks:
// false-picks-dev.ts); without one, batches 1 to 14.
const SETS: Record<string, LabelledPost[]> = {
  '--batch1': JUDGED_POSTS,
  '--holdout': HOLDOUT_POSTS,
  '--batch3': BATCH3_POSTS,
  '--batch4': BATCH4_POSTS,
  '--batch5': BATCH5_POSTS,
  '--batch6': BATCH6_POSTS,
  '--batch7': BATCH7_POSTS,
  '--batch8': BATCH8_POSTS,
  '--batch9': BATCH9_POSTS,
  '--batch10': BATCH10_POSTS,
  '--batch11': BATCH11_POSTS,
  '--batch12': BATCH12_POSTS,
  '--batch13': BATCH13_POSTS,
  '--batch14': BATCH14_POSTS,
  '--dev': STRUCTURE_DEV_POSTS,
  '--dev3': FALSE_PICKS_DEV_POSTS,
};
const batchFlag = Object.keys(SETS).find((f) => process.argv.includes(f));
const realOnly = process.argv.includes('--real');
const results: PostResult[] = [];
const only = batchFlag
  ? SETS[batchFlag]!
  : [
      ...JUDGED_POSTS,
      ...HOLDOUT_POSTS,
      ...BATCH3_POSTS,
      ...BATCH4_POSTS,
      ...BATCH5_POSTS,
      ...BATCH6_POSTS,
      ...BATCH7_POSTS,
      ...BATCH8_POSTS,
      ...BATCH9_POSTS,
      ...BATCH10_POSTS,
      ...BATCH11_POSTS,
      ...BATCH12_POSTS,
      ...BATCH13_POSTS,
      ...BATCH14_POSTS,
    ];
if (!realOnly) for (const post of only) results.push(await evaluatePost(post, generators, htmlToPlainText));
if (!realOnly) {
  const all = totals(results);
  const m = metrics(all);
  console.log(
    `judged set: ${all.posts} posts, ${all.calls} labelled calls, ${all.nonCalls} labelled non-calls, ${all.stances} labelled stances`,
  );
  console.log(
    `generators: ${generators.extractor.generator} (picks), ${generators.summarizer.generator} (summaries)\n`,
  );
  console.log(table(results));
  console.log(
    `\ntargets (offline): precision >= 95% (${(100 * m.precision).toFixed(1)}%), recall >= 90% (${(100 * m.recall).toFixed(1)}%), action >= 85% (${(100 * m.actionAccuracy).toFixed(1)}%), every called company named (${all.calledNamed}/${all.called}), stance agrees with the picks in every post (${all.postsAgreeing}/${all.posts})`,
  );
  if (verbose) {
    for (const r of results) {
      if (r.notes.length === 0) continue;
      console.log(`\n[${r.post.category}] ${r.post.id}`);
      for (const note of r.notes) console.log(`  ${note}`);
    }
  }
}

if (!batchFlag) {
  const posts = await loadRealCorpus();
  const report = await evaluateRealText(posts, generators.extractor, {
    calls: STATED_CALLS,
    mentions: JUDGED_MENTIONS,
  });
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(`\nreal text: ${report.posts} posts, ${report.callFree} without a stated call`);
  console.log(
    `picks: ${report.picks.length}, false: ${report.falsePicks.length} = ${report.falsePicksPer1000.toFixed(2)} per 1,000 call-free posts (target <= 0.50: at most 1 per 2,000)`,
  );
  for (const p of report.falsePicks)
    console.log(`  FALSE ${p.post} ${p.ticker} ${p.action} ${p.direction} | ${p.quote}`);
  for (const c of report.missed) console.log(`  MISSED ${c.post} ${c.ticker} ${c.direction} | ${c.why}`);
  const mm = report.mentions;
  console.log(
    `tickers mentioned, judged sample: ${mm.judgedPosts} posts, ${mm.listed} (post, ticker) pairs listed, ${mm.right} right: precision ${pct(mm.precision)} (target >= 95%); ${mm.namedListed} of ${mm.namedLabelled} companies labelled as named are listed`,
  );
  if (mm.unjudged.length > 0) {
    console.log(
      `  ${mm.unjudged.length} listed pairs have no label: label them in tests/fixtures/real-text/judged-mentions.json`,
    );
  }
  if (verbose) {
    for (const w of mm.wrong) console.log(`  WRONG ${w.post} ${w.ticker} | ${w.why}`);
    for (const u of mm.unjudged) console.log(`  UNJUDGED ${u.post} ${u.ticker}`);
    for (const u of mm.unlisted) console.log(`  NOT LISTED ${u.post} ${u.ticker} | ${u.why}`);
  }
}
