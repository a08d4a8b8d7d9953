/**
 * Trains the offline extractor's learned step (lib/ai/picks/learned) on the judged sets and writes its weights to
 * lib/ai/picks/learned/weights.json; with --lobo, validates it leave-one-set-out instead (train on every set but one,
 * measure the rules alone and the rules with the learned additions on the one left out) and writes nothing.
 *
 *   npm run train:picks [-- --lobo] [-- --all-groups]
 *
 * PICKS_L2 (default 0.001) sets the L2 penalty, PICKS_ADD_THRESHOLD the committed threshold, PICKS_SWEEP the
 * thresholds --lobo reports.
 *
 * Training sets: judged-set.ts (batch 1), the holdout (batch 2), batches 3 to 9, structure-dev.ts and
 * false-picks-dev.ts. Never the real-text corpus (the false-pick check) nor a blind batch not yet measured.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { LabelledPost } from '@/lib/ai/evaluation/judged-set';
import { FEATURE_NAMES, pairCandidates } from '@/lib/ai/picks/learned/features';
import { fitNoisyOr, type TrainingGroup } from '@/lib/ai/picks/learned/fit';
import type { PickModel } from '@/lib/ai/picks/learned/model';
import { extractByRules, pairContextOf } from '@/lib/ai/picks/offline';
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
import { HOLDOUT_POSTS } from '@/tests/fixtures/picks/judged-set-holdout';
import { STRUCTURE_DEV_POSTS } from '@/tests/fixtures/picks/structure-dev';

/** The model's version, recorded in the weights file; bump it with the features or the training. */
const MODEL_VERSION = 'pairs-v1';
/** Chosen by the leave-one-set-out sweep (docs/picks.md): the highest recall without a wrong addition on batch 9. */
const ADD_THRESHOLD = Number(process.env.PICKS_ADD_THRESHOLD ?? 0.1);
const OUT = 'lib/ai/picks/learned/weights.json';
/**
 * The additions only ever decide on what the rules left out, so the model is trained on those groups alone (trained
 * on every group, it learns "the rules fired" and adds nothing: --all-groups shows it).
 */
const RESIDUAL = !process.argv.includes('--all-groups');
const L2 = Number(process.env.PICKS_L2 ?? 0.001);

const SETS: Array<[string, LabelledPost[]]> = [
  ['batch1', JUDGED_POSTS],
  ['holdout', HOLDOUT_POSTS],
  ['batch3', BATCH3_POSTS],
  ['batch4', BATCH4_POSTS],
  ['batch5', BATCH5_POSTS],
  ['batch6', BATCH6_POSTS],
  ['batch7', BATCH7_POSTS],
  ['batch8', BATCH8_POSTS],
  ['batch9', BATCH9_POSTS],
  ['dev', STRUCTURE_DEV_POSTS],
  ['dev3', FALSE_PICKS_DEV_POSTS],
];

interface Prepared {
  post: LabelledPost;
  input: { title: string; text: string; author: string };
  groups: TrainingGroup[];
}

function prepare(post: LabelledPost): Prepared {
  const input = { title: post.title, text: post.text ?? htmlToPlainText(post.html ?? ''), author: post.author };
  const calls = new Set(post.calls.map((c) => `${c.ticker}|${c.direction}`));
  const byKey = new Map<string, number[][]>();
  for (const c of pairCandidates(pairContextOf(input))) {
    const key = `${c.ticker}|${c.direction}`;
    byKey.set(key, [...(byKey.get(key) ?? []), c.features]);
  }
  const ruled = new Set(extractByRules(input, null).map((x) => `${x.ticker}|${x.direction}`));
  const groups = [...byKey]
    .filter(([key]) => !RESIDUAL || !ruled.has(key))
    .map(([key, instances]): TrainingGroup => ({ label: calls.has(key) ? 1 : 0, instances }));
  return { post, input, groups };
}

function train(prepared: Prepared[], names: string[]): PickModel {
  return {
    version: MODEL_VERSION,
    features: [...FEATURE_NAMES],
    weights: fitNoisyOr(
      prepared.flatMap((p) => p.groups),
      { l2: L2 },
    ),
    addThreshold: ADD_THRESHOLD,
    trainedOn: names,
  };
}

/** Precision and recall on ticker + direction, as lib/ai/evaluation/judged-set.ts matches them. */
function measure(prepared: Prepared[], model: PickModel | null) {
  let [predicted, matched, calls] = [0, 0, 0];
  for (const p of prepared) {
    const keys = new Set(extractByRules(p.input, model).map((x) => `${x.ticker}|${x.direction}`));
    const expected = new Set(p.post.calls.map((c) => `${c.ticker}|${c.direction}`));
    predicted += keys.size;
    calls += expected.size;
    for (const k of keys) if (expected.has(k)) matched += 1;
  }
  return { predicted, matched, calls };
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);
const data = SETS.map(([name, posts]) => [name, posts.map(prepare)] as const);

if (process.argv.includes('--lobo')) {
  const thresholds = (process.env.PICKS_SWEEP ?? '0.08,0.1,0.12,0.15,0.2').split(',').map(Number);
  console.log(`leave one set out, ${MODEL_VERSION}; additions at threshold ${thresholds.join(' / ')}`);
  console.log(`| left out | calls | rules P | rules R | ${thresholds.map((t) => `+learned@${t} P / R`).join(' | ')} |`);
  const sums = {
    rules: { predicted: 0, matched: 0, calls: 0 },
    learned: thresholds.map(() => ({ predicted: 0, matched: 0, calls: 0 })),
  };
  for (const [name, prepared] of data) {
    const others = data.filter(([n]) => n !== name);
    const base = train(
      others.flatMap(([, p]) => p),
      others.map(([n]) => n),
    );
    const rules = measure(prepared, null);
    const cells = thresholds.map((t, i) => {
      const m = measure(prepared, { ...base, addThreshold: t });
      for (const k of ['predicted', 'matched', 'calls'] as const) sums.learned[i]![k] += m[k];
      return `${pct(m.matched, m.predicted)} / ${pct(m.matched, m.calls)} (+${m.predicted - rules.predicted})`;
    });
    for (const k of ['predicted', 'matched', 'calls'] as const) sums.rules[k] += rules[k];
    console.log(
      `| ${name} | ${rules.calls} | ${pct(rules.matched, rules.predicted)} | ${pct(rules.matched, rules.calls)} | ${cells.join(' | ')} |`,
    );
  }
  const r = sums.rules;
  console.log(
    `| all | ${r.calls} | ${pct(r.matched, r.predicted)} | ${pct(r.matched, r.calls)} | ${sums.learned.map((m) => `${pct(m.matched, m.predicted)} / ${pct(m.matched, m.calls)}`).join(' | ')} |`,
  );
} else {
  const model = train(
    data.flatMap(([, p]) => p),
    data.map(([n]) => n),
  );
  writeFileSync(OUT, `${JSON.stringify(model, null, 2)}\n`);
  // In the repository's own format, so `npm run lint` passes on the committed file as written.
  execFileSync('npx', ['biome', 'format', '--write', OUT], { stdio: 'ignore' });
  const groups = data.flatMap(([, p]) => p.flatMap((x) => x.groups));
  console.log(
    `trained on ${groups.length} (post, company, direction) groups, ${groups.filter((g) => g.label).length} of them calls`,
  );
  console.log(`wrote ${OUT}: ${model.version}, ${model.weights.length} weights, add threshold ${model.addThreshold}`);
  for (const [i, f] of FEATURE_NAMES.entries()) console.log(`  ${f.padEnd(28)} ${model.weights[i]!.toFixed(3)}`);
}
