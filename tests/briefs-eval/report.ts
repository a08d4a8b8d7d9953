import type { BriefSummary, QuestionRun } from './run';

const figure = (value: number | null, digits = 3) => (value === null ? '-' : value.toFixed(digits));
const ms = (value: number | null) => (value === null ? '-' : `${value.toFixed(0)} ms`);

/**
 * One row per set: questions (answerable), recall@5, source precision, unanswerable refused, answerable answered,
 * claims that answer (judged, unjudged), charged sources not cited, quote fidelity, latency.
 */
export function formatSummaries(rows: Array<{ name: string; summary: BriefSummary }>): string {
  const columns: Array<[string, number, (s: BriefSummary) => string]> = [
    ['questions', 10, (s) => `${s.questions} (${s.answerable})`],
    ['recall@5', 9, (s) => figure(s.recall)],
    ['precision', 10, (s) => figure(s.sourcePrecision)],
    ['refused', 9, (s) => figure(s.refusedShare)],
    ['answered', 9, (s) => figure(s.answeredShare)],
    [
      'claims answering (judged, unjudged)',
      37,
      (s) => `${figure(s.claimsAnswering)} (${s.claimsJudged}, ${s.claimsUnjudged})`,
    ],
    ['uncited sold', 13, (s) => String(s.uncitedSources)],
    ['verbatim claims / citations', 29, (s) => `${figure(s.claimFidelity)} / ${figure(s.citationFidelity)}`],
    ['p50 / p95', 20, (s) => `${ms(s.latencyMs.p50)} / ${ms(s.latencyMs.p95)}`],
  ];
  const header = `${'set'.padEnd(7)}${columns.map(([name, width]) => name.padStart(width)).join('')}`;
  const lines = rows.map(
    ({ name, summary }) =>
      `${name.padEnd(7)}${columns.map(([, width, cell]) => cell(summary).padStart(width)).join('')}`,
  );
  const none = rows.map(
    ({ name, summary: s }) =>
      `${name}: ${s.noAnswer.no_sources} no_sources, ${s.noAnswer.not_answered} declined, ${s.noAnswer.answered} answered (${s.unansweredSources} sources sold)`,
  );
  return [header, ...lines, '', 'questions no post answers:', ...none.map((line) => `  ${line}`)].join('\n');
}

/** Every question: its recall, outcome and sources (with their grades), worst recall first. */
export function formatRuns(runs: readonly QuestionRun[], gradeOf: (run: QuestionRun, key: string) => number): string {
  const sorted = [...runs].sort((a, b) => (a.recall ?? 2) - (b.recall ?? 2));
  return sorted
    .map((run) => {
      const sources = run.sources.map((key) => `${gradeOf(run, key)} ${key}`).join('\n      ');
      const recall = run.recall === null ? 'no answer expected' : `recall@5 ${run.recall.toFixed(2)}`;
      return `  ${run.id} (${recall}, ${run.relevantTotal} relevant, ${run.outcome}, ${run.claims} claims, ${run.latencyMs.toFixed(0)} ms): ${JSON.stringify(run.question)}${sources && `\n      ${sources}`}`;
    })
    .join('\n');
}

/** Every claim of the runs with its verdict, question by question: what a buyer of each answer reads. */
export function formatClaims(runs: readonly QuestionRun[]): string {
  return runs
    .map((run) => {
      const claims = run.judgedClaims.map((c) => `    ${c.verdict.padEnd(8)} ${c.quotes.join(' | ').slice(0, 300)}`);
      return [`  ${run.id} (${run.outcome}): ${JSON.stringify(run.question)}`, ...claims].join('\n');
    })
    .join('\n');
}
