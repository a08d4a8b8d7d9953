/**
 * `node --import tsx scripts/calibrate-briefs.ts --rows FILE`: the rules' thresholds (lib/briefs/meaning.ts
 * THRESHOLDS) measured over a grid on the saved claim-test rows of the judged batches (`npm run train:briefs --
 * --save-rows FILE`), each batch held out in turn: for each batch k, the grid point whose briefs on the other batches
 * score best, then batch k's briefs with it, beside the served thresholds on the same candidates. A threshold is worth
 * changing only when the held-out figures say so.
 *
 * Score on the training batches: refused counts twice (a paid answer to a question nothing answers is the worst
 * outcome), then answered and claims answering, as the aims weigh them (docs/briefs.md).
 *
 *   --rows FILE[,FILE]   rows written by train:briefs --save-rows
 *   --no-figure          every question read as not asking for a figure (the rule before asked-figure.ts)
 *   --grid k=v1,v2 ...   the values to try per threshold (default: the grid below); others stay as served
 */
import { THRESHOLDS, type Thresholds } from '@/lib/briefs/meaning';
import { chooseSources } from '@/lib/briefs/select-sources';
import { claimJudge } from '@/tests/briefs-eval/claim-judge';
import {
  addFigures,
  emptyFigures,
  type Figures,
  figuresLine,
  loadRows,
  measureRows,
  type QuestionRows,
  share,
} from '@/tests/briefs-eval/claim-rows';
import type { RealQuestion } from '@/tests/briefs-eval/question-types';
import { type EvalSet, questionsOf } from '@/tests/briefs-eval/questions';

const WANTED = 5;
const DEFAULT_GRID: Partial<Record<keyof Thresholds, number[]>> = {
  rule: [0.6, 0.65, 0.7],
  key: [0.76, 0.8, 0.85],
  other: [1.0, 1.1],
  some: [0.05, 0.1],
  margin: [0.1, 0.15],
};

const args = process.argv.slice(2);
const rowsFile = args[args.indexOf('--rows') + 1];
if (!args.includes('--rows') || !rowsFile) throw new Error('--rows FILE is required');
const rows: QuestionRows[] = loadRows(rowsFile.split(',')).map((q) =>
  // --no-figure: as before the figure rule (asked-figure.ts), to measure it.
  args.includes('--no-figure') ? { ...q, subject: { ...q.subject, asksFigure: false } } : q,
);
const grid = args.includes('--grid') ? parseGrid(args.slice(args.indexOf('--grid') + 1)) : DEFAULT_GRID;
const judge = claimJudge();
const batches = [...new Set(rows.map((q) => q.batch))].sort((a, b) => a - b);
const questionById = new Map<string, RealQuestion>();
for (const batch of batches) {
  for (const q of questionsOf(`batch${batch}` as EvalSet)) if (q.corpus === 'real') questionById.set(q.id, q);
}

function parseGrid(specs: readonly string[]): Partial<Record<keyof Thresholds, number[]>> {
  const out: Partial<Record<keyof Thresholds, number[]>> = {};
  for (const spec of specs) {
    const [key, values] = spec.split('=');
    if (!key || !values || !(key in THRESHOLDS)) break;
    out[key as keyof Thresholds] = values.split(',').map(Number);
  }
  return out;
}

/** Every combination of the grid's values, over the served thresholds. */
function points(): Thresholds[] {
  let list: Thresholds[] = [{ ...THRESHOLDS }];
  for (const [key, values] of Object.entries(grid) as Array<[keyof Thresholds, number[]]>) {
    list = list.flatMap((t) => values.map((v) => ({ ...t, [key]: v })));
  }
  return list;
}

const score = (f: Figures) =>
  2 * share(f.refused, f.traps) + share(f.answered, f.answerable) + share(f.claimsAnswering, f.claimsJudged);

const label = (t: Thresholds) =>
  (Object.keys(grid) as Array<keyof Thresholds>).map((key) => `${key} ${t[key]}`).join(', ');

// Each grid point's figures per batch, computed once.
const figuresOf = (t: Thresholds) =>
  batches.map((b) =>
    measureRows(
      rows.filter((q) => q.batch === b),
      (q) => chooseSources(q.subject, q.candidates, WANTED, 'rules', undefined, t),
      judge,
      questionById,
    ),
  );
const all = points();
const perBatch = all.map(figuresOf);
const served = figuresOf(THRESHOLDS);

console.log(`${all.length} grid points; held out: refused / answered / claims answering, chosen against served`);
const totals = { chosen: emptyFigures(), served: emptyFigures() };
for (const [k, batch] of batches.entries()) {
  let best = 0;
  let bestScore = -Infinity;
  for (const [i, figures] of perBatch.entries()) {
    const train = emptyFigures();
    for (const [j, f] of figures.entries()) if (j !== k) addFigures(train, f);
    const s = score(train);
    if (s > bestScore + 1e-9) {
      best = i;
      bestScore = s;
    }
  }
  addFigures(totals.chosen, perBatch[best]![k]!);
  addFigures(totals.served, served[k]!);
  console.log(
    `batch${batch}  chosen ${figuresLine(perBatch[best]![k]!)}  [${label(all[best]!)}]\n         served ${figuresLine(served[k]!)}`,
  );
}
console.log(`all      chosen ${figuresLine(totals.chosen)}\n         served ${figuresLine(totals.served)}`);

const whole = perBatch.map((figures) => {
  const f = emptyFigures();
  for (const x of figures) addFigures(f, x);
  return f;
});
const order = whole.map((f, i) => ({ f, i })).sort((a, b) => score(b.f) - score(a.f));
console.log('\nbest on every batch:');
for (const { f, i } of order.slice(0, 8)) console.log(`  ${figuresLine(f)}  [${label(all[i]!)}]`);
