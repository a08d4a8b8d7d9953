/**
 * `npm run eval:briefs`: research briefs (POST /api/v1/briefs's composeBrief, offline generator) on judged questions.
 *
 * Fills two in-memory PGlite databases as the search eval does and indexes them for search the same way (lexical
 * documents, and vectors from the local embedding provider, which the service ranks with by default): the demo corpus
 * (seed 20261122, 1,500 posts) and the real-text corpus (tests/fixtures/real-text, 5,525 posts). Then asks every judged
 * question at 2026-11-20T15:00Z, in seven sets: `demo` and `real` (judged per post), and the claim-judged real-text
 * batches `batch1` (written before the claim test), `batch2` (after it), `batch3` (after the changes batch 2 led
 * to) and `batch4` (written before the third round of changes, by a reader who saw neither the rules nor the other
 * batches) and `batch5` (written after those changes, the same way), whose every claim is judged.
 *
 * Per set it prints: source recall@5 (relevant sources over min(5, relevant posts)); source precision (of the sources
 * briefs sell, the share the judgments grade relevant); questions no post answers that were refused (null = 404
 * no_sources; declined = "the sources do not answer"); answerable questions answered; claims that answer the question
 * (of the claims judged; the unjudged are counted beside); charged sources the answer does not cite; quotes found
 * verbatim in their post (title or text); p50/p95 per brief in process. Figures are printed, never asserted
 * (tests/db/briefs-eval.test.ts asserts floors).
 *
 *   --sets a,b    only these sets (demo, real, batch1, batch2, batch3, batch4, batch5, batch6, batch7, batch8, batch9, batch10, batch11, batch12)
 *   --per-query   every question's outcome and sources with their grades, worst recall first
 *   --claims      every claim of the claim-judged sets with its verdict
 *   --unjudged    the claims no judgment covers yet, as JSON lines to read and judge (claim-judgments.json)
 *   --fts         no embeddings: sources ranked lexically
 *   --no-lead     without the briefs' lead-meaning index (lib/briefs/lead-meaning.ts): search's candidates only
 *   --json        one JSON object instead of tables
 *
 * BRIEFS_EVAL_DATA_DIR=dir keeps each corpus's filled and indexed database under dir (built on the first run, reused
 * while its migrations and options match): the real-text corpus's lead index alone takes minutes to build.
 */
import { ExtractiveBriefGenerator } from '@/lib/briefs/generate-offline';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { claimJudge } from '@/tests/briefs-eval/claim-judge';
import { openEvalCorpus } from '@/tests/briefs-eval/corpora';
import { type EvalSet, questionsOf } from '@/tests/briefs-eval/questions';
import { formatClaims, formatRuns, formatSummaries } from '@/tests/briefs-eval/report';
import { type QuestionRun, runQuestion, summarize } from '@/tests/briefs-eval/run';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const embeddings = args.includes('--fts') ? null : selectEmbeddingProvider({ provider: 'local' });
const setsArg = args.includes('--sets') ? args[args.indexOf('--sets') + 1]!.split(',') : null;
const SETS: EvalSet[] = [
  'demo',
  'real',
  'batch1',
  'batch2',
  'batch3',
  'batch4',
  'batch5',
  'batch6',
  'batch7',
  'batch8',
  'batch9',
  'batch10',
  'batch11',
  'batch12',
];
const sets = SETS.filter((set) => !setsArg || setsArg.includes(set));
const log = (line: string) => {
  if (!asJson) console.error(line);
};

const generator = new ExtractiveBriefGenerator();
const judgeClaim = claimJudge();
const runs = new Map<EvalSet, QuestionRun[]>();
const grades = new Map<string, Map<string, number>>();
for (const corpus of ['demo', 'real'] as const) {
  const corpusSets = sets.filter((set) => (set === 'demo') === (corpus === 'demo'));
  if (corpusSets.length === 0) continue;
  const started = performance.now();
  const opened = await openEvalCorpus(corpus, embeddings, log, {
    leadMeanings: !args.includes('--no-lead'),
    dataDir: process.env.BRIEFS_EVAL_DATA_DIR || null,
  });
  log(`${corpus} corpus ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const brief = opened.brief(generator);
    // One unmeasured brief first, so that loading the postings does not land in the first question's latency.
    await brief(questionsOf(corpusSets[0]!)[0]!);
    for (const set of corpusSets) {
      const list: QuestionRun[] = [];
      for (const question of questionsOf(set)) {
        const judgments = opened.judge(question);
        grades.set(question.id, new Map(judgments));
        list.push(await runQuestion(brief, question, judgments, opened.postText, judgeClaim));
      }
      runs.set(set, list);
    }
  } finally {
    await opened.db.close();
  }
}

const all = [...runs.values()].flat();
const rows = [...runs.entries()].map(([name, list]) => ({ name, summary: summarize(list) }));
if (asJson) {
  console.log(JSON.stringify({ ranking: embeddings ? 'hybrid' : 'fts', summaries: rows, runs: all }, null, 2));
} else if (args.includes('--unjudged')) {
  for (const run of all) {
    for (const claim of run.judgedClaims) {
      if (claim.verdict === 'unjudged')
        console.log(
          JSON.stringify({ id: run.id, question: run.question, quotes: claim.quotes, sources: claim.sources }),
        );
    }
  }
} else {
  const count = all.length;
  console.log(
    `briefs eval: ${count} questions, offline generator, sources ranked ${embeddings ? 'hybrid (local embeddings)' : 'lexically (fts)'}, now 2026-11-20T15:00Z\n`,
  );
  console.log(formatSummaries(rows));
  const misquotes = all.flatMap((r) => r.misquotes);
  console.log(
    misquotes.length === 0
      ? '\nevery quote is in its post'
      : `\nQUOTES NOT IN THEIR POST:\n  ${misquotes.join('\n  ')}`,
  );
  if (args.includes('--per-query')) {
    console.log(`\n${formatRuns(all, (run, key) => grades.get(run.id)?.get(key) ?? 0)}`);
  }
  if (args.includes('--claims')) console.log(`\n${formatClaims(all.filter((r) => r.judgedClaims.length > 0))}`);
}
