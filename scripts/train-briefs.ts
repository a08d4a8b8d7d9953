/**
 * `npm run train:briefs`: fits the briefs' learned claim test (lib/briefs/claim-model.ts) on the judged real-text
 * batches 1 to 11 (tests/briefs-eval), reports it by leave-one-batch-out against the rules on the same candidates
 * (CLAIM_TEST=gated: the rules' claims the model also admits), and with
 * `--write` writes the model fitted on every batch to lib/briefs/claim-model-weights.ts.
 *
 * 1. Rows: every question of the batches is asked of the real-text corpus as the service does it (hybrid search, the
 *    lead-meaning index, at the eval's clock), and each candidate post's scored passages are kept with their features.
 *    A passage is labelled 1 when it is judged to answer (the question's `answers` or claim-judgments.json), 0 when it
 *    is judged not to, offered for a question no post answers, or in a post not judged relevant; a passage of a
 *    relevant post that nobody judged is left out of training (it still counts, as unjudged, when it is offered).
 * 2. Fit: logistic regression with an L2 penalty, by full-batch gradient descent from zero (deterministic).
 * 3. Threshold and margin: of a grid, the pair whose briefs on the training batches refuse at least 0.95 of the
 *    questions nothing answers with at least 0.9 of their judged claims answering, answering the most questions.
 * 4. Leave-one-batch-out: for each batch k, steps 2 and 3 on the other batches, then the briefs of batch k (sources and
 *    the offline answer as planBrief makes them) with the learned test and with the rules, on the same candidates.
 *
 *   --rows FILE[,FILE]  read the rows from these files instead of asking the corpus (written by --save-rows)
 *   --save-rows FILE  write the rows to FILE
 *   --write           write the model fitted on every batch to lib/briefs/claim-model-weights.ts
 *   --refusal-weight N  how much refused weighs against answered and claims answering when the threshold and margin
 *                     are chosen (1: the three aims alike; 2: a question nothing answers sold counts twice)
 *
 * BRIEFS_EVAL_DATA_DIR=dir reuses the eval's indexed corpus (scripts/eval-briefs.ts); without it the corpus is filled
 * and indexed in memory first (minutes).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLAIM_FEATURES, type ClaimModel, claimFeatures } from '@/lib/briefs/claim-model';
import { type ClaimTest, chooseSources } from '@/lib/briefs/select-sources';
import { claimJudge } from '@/tests/briefs-eval/claim-judge';
import {
  addFigures,
  emptyFigures,
  extractRows,
  figuresLine as line,
  loadRows,
  measureRows,
  type QuestionRows,
  share,
} from '@/tests/briefs-eval/claim-rows';
import type { RealQuestion } from '@/tests/briefs-eval/question-types';
import { type EvalSet, questionsOf } from '@/tests/briefs-eval/questions';

const BATCHES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
const TEST: ClaimTest = (process.env.CLAIM_TEST as ClaimTest) || 'learned';
const WANTED = 5;

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : null);
const REFUSAL_WEIGHT = Number(arg('--refusal-weight') ?? 1);
const judge = claimJudge();
const questionById = new Map<string, RealQuestion>();
for (const batch of BATCHES) {
  for (const q of questionsOf(`batch${batch}` as EvalSet)) if (q.corpus === 'real') questionById.set(q.id, q);
}

const rowsFile = arg('--rows');
const rows: QuestionRows[] = rowsFile
  ? loadRows(rowsFile.split(','))
  : await extractRows([...questionById.values()], judge, process.env.BRIEFS_EVAL_DATA_DIR || null);
const saveTo = arg('--save-rows');
if (saveTo) writeFileSync(saveTo, JSON.stringify(rows));

// ---- fitting ----

interface Example {
  x: number[];
  y: 0 | 1;
}

function examplesOf(list: readonly QuestionRows[]): Example[] {
  return list.flatMap((q) => {
    const features = claimFeatures(q.subject, q.candidates);
    return q.candidates.flatMap((c, i) => c.labels.flatMap((y, k) => (y === null ? [] : [{ x: features[i]![k]!, y }])));
  });
}

const L2 = 0.01;
const STEPS = 3000;
const RATE = 0.5;

/** Logistic regression on standardized features, by full-batch gradient descent from zero. */
function fitLogistic(examples: readonly Example[]): Omit<ClaimModel, 'threshold' | 'margin'> {
  const d = CLAIM_FEATURES.length;
  const mean = Array.from({ length: d }, (_, j) => avg(examples.map((e) => e.x[j]!)));
  const scale = Array.from({ length: d }, (_, j) => {
    const sd = Math.sqrt(avg(examples.map((e) => (e.x[j]! - mean[j]!) ** 2)));
    return sd > 1e-9 ? sd : 1;
  });
  const xs = examples.map((e) => e.x.map((v, j) => (v - mean[j]!) / scale[j]!));
  const w = new Array<number>(d).fill(0);
  let b = 0;
  const n = examples.length;
  for (let step = 0; step < STEPS; step++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      const x = xs[i]!;
      let z = b;
      for (let j = 0; j < d; j++) z += w[j]! * x[j]!;
      const err = 1 / (1 + Math.exp(-z)) - examples[i]!.y;
      for (let j = 0; j < d; j++) gw[j]! += err * x[j]!;
      gb += err;
    }
    for (let j = 0; j < d; j++) w[j]! -= RATE * (gw[j]! / n + L2 * w[j]!);
    b -= RATE * (gb / n);
  }
  return { features: [...CLAIM_FEATURES], mean, scale, weights: w, bias: b };
}

function avg(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, v) => a + v, 0) / values.length;
}

// ---- the briefs a test makes, measured as the eval measures them ----

/** The briefs a claim test makes of these questions, measured as the eval measures them. */
function measure(list: readonly QuestionRows[], test: ClaimTest, model?: ClaimModel) {
  return measureRows(list, (q) => chooseSources(q.subject, q.candidates, WANTED, test, model), judge, questionById);
}

const THRESHOLDS = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9];
const MARGINS = [1, 0.5, 0.4, 0.3, 0.2];

/** The threshold and margin whose briefs on these questions are precise enough (see above) and answer the most. */
function calibrate(list: readonly QuestionRows[], fitted: Omit<ClaimModel, 'threshold' | 'margin'>): ClaimModel {
  let best: { model: ClaimModel; key: number[] } | null = null;
  for (const threshold of THRESHOLDS) {
    for (const margin of MARGINS) {
      const model = { ...fitted, threshold, margin };
      const f = measure(list, TEST, model);
      const refused = share(f.refused, f.traps);
      const claims = share(f.claimsAnswering, f.claimsJudged);
      const answered = share(f.answered, f.answerable);
      // The three aims (refused weighted as asked); then the fewest claims that miss.
      const key = [REFUSAL_WEIGHT * refused + answered + claims, -(f.claimsJudged - f.claimsAnswering)];
      if (!best || compare(key, best.key) > 0) best = { model, key };
    }
  }
  return best!.model;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

console.log(
  'leave-one-batch-out: refused / answered / claims answering, learned against the rules on the same candidates',
);
const totals = { learned: emptyFigures(), rules: emptyFigures() };
for (const k of BATCHES) {
  const train = rows.filter((q) => q.batch !== k);
  const test = rows.filter((q) => q.batch === k);
  const model = calibrate(train, fitLogistic(examplesOf(train)));
  const learned = measure(test, TEST, model);
  const rules = measure(test, 'rules');
  addFigures(totals.learned, learned);
  addFigures(totals.rules, rules);
  console.log(
    `batch${k}  learned ${line(learned)}  [t ${model.threshold}, m ${model.margin}]\n        rules   ${line(rules)}`,
  );
}
console.log(`all     learned ${line(totals.learned)}\n        rules   ${line(totals.rules)}`);

const final = calibrate(rows, fitLogistic(examplesOf(rows)));
console.log(`\nfitted on batches 1-${BATCHES.at(-1)}: threshold ${final.threshold}, margin ${final.margin}`);
for (const [j, name] of CLAIM_FEATURES.entries()) console.log(`  ${name.padEnd(22)} ${final.weights[j]!.toFixed(3)}`);
if (args.includes('--write')) {
  const file = path.join(import.meta.dirname, '..', 'lib', 'briefs', 'claim-model-weights.ts');
  const round = (v: number) => Number(v.toPrecision(6));
  const body = {
    ...final,
    mean: final.mean.map(round),
    scale: final.scale.map(round),
    weights: final.weights.map(round),
    bias: round(final.bias),
  };
  writeFileSync(
    file,
    `import type { ClaimModel } from './claim-model';\n\n// Written by \`npm run train:briefs -- --write\` (scripts/train-briefs.ts): do not edit by hand.\nexport const CLAIM_MODEL: ClaimModel = ${JSON.stringify(body, null, 2)};\n`,
  );
  console.log(`wrote ${file}`);
}
