/** Plain-text tables for the eval script; the --json output is the ModeSummary objects themselves. */
import type { JudgmentCount } from './judged-queries';
import type { Aggregate, ModeSummary, QueryRun } from './run';
import { describeRule } from './time-windows';

const fmt = (v: number | null, digits = 3) => (v === null ? '-' : v.toFixed(digits));

/** Columns 0 and those in `left` are text (left-aligned); the rest are figures. */
function table(rows: string[][], left: readonly number[] = []): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text: string, i: number) =>
    i === 0 || left.includes(i) ? text.padEnd(widths[i]!) : text.padStart(widths[i]!);
  return rows.map((r) => r.map(cell).join('  ').trimEnd()).join('\n');
}

function aggregateRow(label: string, a: Aggregate): string[] {
  return [label, String(a.queries), fmt(a.ndcg10), fmt(a.recall10), fmt(a.cappedRecall10), fmt(a.mrr)];
}

export function formatSummaries(summaries: readonly ModeSummary[]): string {
  const out: string[] = [];
  for (const s of summaries) {
    const used = Object.entries(s.modesUsed)
      .map(([m, n]) => `${m} x${n}`)
      .join(', ');
    out.push(`== mode ${s.mode} (responses reported: ${used})`);
    const rows = [['category', 'n', 'nDCG@10', 'R@10', 'R@10cap', 'MRR']];
    for (const [category, a] of Object.entries(s.categories)) rows.push(aggregateRow(category, a));
    rows.push(aggregateRow('OVERALL', s.overall));
    out.push(table(rows));
    out.push(
      `off-topic: ${s.offTopic.queries} queries, matchConfidence 'none' ${fmt(s.offTopic.noneShare === null ? null : s.offTopic.noneShare * 100, 0)}%, ` +
        `mean items returned ${fmt(s.offTopic.meanItems, 1)}`,
    );
    out.push(`latency (in process): p50 ${fmt(s.latencyMs.p50, 1)} ms, p95 ${fmt(s.latencyMs.p95, 1)} ms`);
    if (s.unknownKeys > 0) out.push(`WARNING: ${s.unknownKeys} returned items are not in the judged corpus`);
    if (s.windowMismatches.length > 0)
      out.push(`time windows differing from the judged ones:\n  ${s.windowMismatches.join('\n  ')}`);
    out.push('');
  }
  out.push(
    'R@10 = relevant found / all relevant; R@10cap = relevant found / min(10, all relevant). Off-topic queries are',
  );
  out.push('excluded from nDCG/recall/MRR (nothing is relevant) and reported on their own line.');
  return out.join('\n');
}

/** Per-query lines for one mode, worst nDCG first: where to look when a category drops. */
export function formatQueryRuns(mode: string, runs: readonly QueryRun[]): string {
  const sorted = [...runs].sort((a, b) => (a.ndcg ?? 2) - (b.ndcg ?? 2));
  const rows = [['query', 'category', 'nDCG@10', 'MRR', 'items', 'confidence', 'ms']];
  for (const r of sorted)
    rows.push([r.id, r.category, fmt(r.ndcg), fmt(r.mrr), String(r.items), r.matchConfidence, fmt(r.latencyMs, 1)]);
  return `== per query, mode ${mode}\n${table(rows, [1, 5])}\n`;
}

export function formatJudgmentCounts(counts: readonly JudgmentCount[]): string {
  const rows = [['query', 'category', 'window', 'grade 2', 'grade 1', 'relevant', 'q']];
  for (const { query, grade1, grade2 } of counts) {
    rows.push([
      query.id,
      query.category,
      query.window ? describeRule(query.window) : '',
      String(grade2),
      String(grade1),
      String(grade1 + grade2),
      query.q,
    ]);
  }
  return table(rows, [1, 2, 6]);
}
