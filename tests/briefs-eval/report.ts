import type { BriefSummary, QuestionRun } from './run';

const figure = (value: number | null, digits = 3) => (value === null ? '-' : value.toFixed(digits));
const ms = (value: number | null) => (value === null ? '-' : `${value.toFixed(0)} ms`);

/**
 * One row per corpus and the overall row: recall@5, source precision, answered share, quote fidelity, the no-answer
 * outcomes (and the sources they would have sold), latency.
 */
export function formatSummaries(rows: Array<{ name: string; summary: BriefSummary }>): string {
  const header = `${'corpus'.padEnd(9)}${'questions'.padStart(10)}${'recall@5'.padStart(10)}${'precision'.padStart(11)}${'answered'.padStart(10)}${'quotes verbatim (claims / citations)'.padStart(40)}   no answer: null / declined / answered (sources)   p50 / p95`;
  const lines = rows.map(({ name, summary: s }) => {
    const fidelity = `${figure(s.claimFidelity)} of ${s.claims} / ${figure(s.citationFidelity)} of ${s.citations}`;
    const none = `${s.noAnswer.no_sources} / ${s.noAnswer.not_answered} / ${s.noAnswer.answered} (${s.unansweredSources})`;
    return `${name.padEnd(9)}${`${s.questions} (${s.answerable})`.padStart(10)}${figure(s.recall).padStart(10)}${figure(s.sourcePrecision).padStart(11)}${figure(s.answeredShare).padStart(10)}${fidelity.padStart(40)}   ${none.padStart(36)}${''.padEnd(13)}${ms(s.latencyMs.p50)} / ${ms(s.latencyMs.p95)}`;
  });
  return [header, ...lines].join('\n');
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
