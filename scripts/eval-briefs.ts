/**
 * `npm run eval:briefs`: research briefs (POST /api/v1/briefs's composeBrief, offline generator) on judged questions.
 *
 * Fills two in-memory PGlite databases as the search eval does and indexes them for search the same way (lexical
 * documents, and vectors from the local embedding provider, which the service ranks with by default): the demo corpus
 * (seed 20261122, 1,500 posts) and the real-text corpus (tests/fixtures/real-text, 5,525 posts). Then asks every judged
 * question (tests/briefs-eval: 16 demo, 17 real, 5 of them no post answers) at 2026-11-20T15:00Z and prints, per
 * corpus and overall: source recall@5 (relevant sources over min(5, relevant posts)); source precision (of the
 * sources briefs read and sell, the share the judgments grade relevant); the share of answerable questions answered;
 * the share of claims (and of citations) whose evidenceQuote is found verbatim in the cited post's stored text, which
 * must be 1; what the questions no post answers got (null = 404 no_sources; declined = "the sources do not answer";
 * answered; in brackets the sources they would have sold); and p50/p95 per brief in process. Figures are printed,
 * never asserted (tests/db/briefs-eval.test.ts asserts floors).
 *
 *   --per-query   every question's outcome and sources with their grades, worst recall first
 *   --fts         no embeddings: sources ranked lexically
 *   --json        one JSON object instead of tables
 */
import { ExtractiveBriefGenerator } from '@/lib/briefs/generate-offline';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { openEvalCorpus } from '@/tests/briefs-eval/corpora';
import type { BriefCorpus } from '@/tests/briefs-eval/question-types';
import { BRIEF_QUESTIONS } from '@/tests/briefs-eval/questions';
import { formatRuns, formatSummaries } from '@/tests/briefs-eval/report';
import { type QuestionRun, runQuestion, summarize } from '@/tests/briefs-eval/run';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const embeddings = args.includes('--fts') ? null : selectEmbeddingProvider({ provider: 'local' });
const log = (line: string) => {
  if (!asJson) console.error(line);
};

const generator = new ExtractiveBriefGenerator();
const runs: QuestionRun[] = [];
const grades = new Map<string, Map<string, number>>();
for (const corpus of ['demo', 'real'] as BriefCorpus[]) {
  const started = performance.now();
  const opened = await openEvalCorpus(corpus, embeddings, log);
  log(`${corpus} corpus ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const brief = opened.brief(generator);
    const questions = BRIEF_QUESTIONS.filter((q) => q.corpus === corpus);
    // One unmeasured brief first, so that loading the postings does not land in the first question's latency.
    await brief(questions[0]!);
    for (const question of questions) {
      const judgments = opened.judge(question);
      grades.set(question.id, new Map(judgments));
      runs.push(await runQuestion(brief, question, judgments, opened.postText));
    }
  } finally {
    await opened.db.close();
  }
}

const rows = [
  { name: 'demo', summary: summarize(runs.filter((r) => r.corpus === 'demo')) },
  { name: 'real', summary: summarize(runs.filter((r) => r.corpus === 'real')) },
  { name: 'overall', summary: summarize(runs) },
];
if (asJson) {
  console.log(JSON.stringify({ ranking: embeddings ? 'hybrid' : 'fts', summaries: rows, runs }, null, 2));
} else {
  console.log(
    `briefs eval: ${BRIEF_QUESTIONS.length} questions, offline generator, sources ranked ${embeddings ? 'hybrid (local embeddings)' : 'lexically (fts)'}, now 2026-11-20T15:00Z\n`,
  );
  console.log(formatSummaries(rows));
  const misquotes = runs.flatMap((r) => r.misquotes);
  console.log(
    misquotes.length === 0
      ? '\nevery quote is in its post'
      : `\nQUOTES NOT IN THEIR POST:\n  ${misquotes.join('\n  ')}`,
  );
  if (args.includes('--per-query')) {
    console.log(`\n${formatRuns(runs, (run, key) => grades.get(run.id)?.get(key) ?? 0)}`);
  }
}
