/**
 * The judged set (tests/fixtures/picks/judged-set.ts: newsletter-style posts with labelled calls, non-calls and
 * stances) through the configured generators: OpenAI's when OPENAI_API_KEY is set, the offline ones otherwise, or the
 * offline ones with --offline.
 *
 *   npm run eval:picks [-- --offline] [-- --verbose] [-- --holdout]
 *
 * Prints per category: precision and recall on ticker + direction, action accuracy and speaker attribution on the
 * matched calls, non-calls picked, summary stance agreement (with the labels, and with the post's own picks), called
 * companies named in the summary and companies listed under "Tickers mentioned". --verbose adds every miss and extra;
 * --holdout runs only the second batch (judged-set-holdout.ts).
 */
import { evaluatePost, metrics, type PostResult, table, totals } from '@/lib/ai/evaluation/judged-set';
import { RuleBasedPickExtractor } from '@/lib/ai/picks/offline';
import { ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import { configuredGenerators } from '@/lib/content/generators';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';
import { JUDGED_POSTS } from '@/tests/fixtures/picks/judged-set';
import { BATCH3_POSTS } from '@/tests/fixtures/picks/judged-set-batch3';
import { BATCH4_POSTS } from '@/tests/fixtures/picks/judged-set-batch4';
import { BATCH5_POSTS } from '@/tests/fixtures/picks/judged-set-batch5';
import { HOLDOUT_POSTS } from '@/tests/fixtures/picks/judged-set-holdout';

const offline = process.argv.includes('--offline');
const verbose = process.argv.includes('--verbose');
const generators = offline
  ? { summarizer: new ExtractiveSummarizer(), extractor: new RuleBasedPickExtractor() }
  : configuredGenerators();

const results: PostResult[] = [];
const only = process.argv.includes('--holdout')
  ? HOLDOUT_POSTS
  : process.argv.includes('--batch3')
    ? BATCH3_POSTS
    : process.argv.includes('--batch4')
      ? BATCH4_POSTS
      : process.argv.includes('--batch5')
        ? BATCH5_POSTS
        : [...JUDGED_POSTS, ...HOLDOUT_POSTS, ...BATCH3_POSTS, ...BATCH4_POSTS, ...BATCH5_POSTS];
for (const post of only) results.push(await evaluatePost(post, generators, htmlToPlainText));
const all = totals(results);
const m = metrics(all);
console.log(
  `judged set: ${all.posts} posts, ${all.calls} labelled calls, ${all.nonCalls} labelled non-calls, ${all.stances} labelled stances`,
);
console.log(`generators: ${generators.extractor.generator} (picks), ${generators.summarizer.generator} (summaries)\n`);
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
