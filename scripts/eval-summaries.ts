/**
 * `npm run eval:summaries`: ROUGE-1, ROUGE-2 and ROUGE-L of the offline summarizer beside the Lead-3 and TextRank
 * baselines, computed in the same run on the same documents, against human-written reference summaries
 * (tests/fixtures/summary-eval: 142 sections of OpenStax's Principles of Economics 3e with their "Key Concepts and
 * Summary", CC BY 4.0; README.md there). With OPENAI_API_KEY set, the OpenAI summarizer (lib/content/generators.ts,
 * as eval:picks builds it) runs on the same documents and gets a row of its own.
 *
 * A summarizer's summary is its takeaway and key points (the sentences it chose), not its stance or ticker lines.
 * Lengths: Lead-3 and TextRank give 3 sentences, the summarizers what they choose; a second table cuts every system to
 * the reference's word count (Lead and TextRank then take sentences until they reach it). Figures are macro averages
 * of each document's precision, recall and F1 (rouge.ts); F1 is the headline. Printed, never asserted.
 *
 * Then the defect count on real text (tests/fixtures/real-text, 5,525 posts): every post summarized as it is sold, by
 * the offline summarizer and, with a key, the OpenAI one (its first --limit posts), and each summary checked for glued
 * sentences, markup or quote markers, a repeated sentence, boilerplate, a quotation as takeaway and an unlabelled
 * teaser (lib/ai/evaluation/summary-defects.ts). CI holds the offline count at 0 (tests/unit/summaries-real-text).
 *
 *   --limit N    the first N documents only, for every system (to bound an OpenAI run)
 *   --offline    no OpenAI row even when a key is set
 *   --json       one JSON object instead of tables
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { leadSentences } from '@/lib/ai/evaluation/lead';
import { meanRouge, type PRF, ROUGE_METRICS, type RougeScores, rouge } from '@/lib/ai/evaluation/rouge';
import { type DefectReport, evaluateSummaryDefects } from '@/lib/ai/evaluation/summary-defects';
import { rankSentences, textRankSentences } from '@/lib/ai/evaluation/textrank';
import { ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import type { Summarizer } from '@/lib/ai/summaries/summarizer';
import { displayText, splitSentences } from '@/lib/ai/text/sentences';
import { configuredGenerators } from '@/lib/content/generators';
import { loadRealCorpus } from '@/tests/fixtures/real-text/corpus';

interface EvalDoc {
  id: string;
  title: string;
  text: string;
  reference: string;
}

/** What a system shows for a document: its sentences, and those it would add to reach a longer word budget. */
interface Output {
  sentences: string[];
  fill: (budget: number) => string[];
}

interface System {
  name: string;
  run: (doc: EvalDoc) => Promise<Output>;
}

interface Row {
  system: string;
  documents: number;
  failed: number;
  /** Mean words of the summaries, as produced and as cut to the reference's length. */
  words: number;
  wordsAtReferenceLength: number;
  asProduced: RougeScores;
  atReferenceLength: RougeScores;
  /** Each document's F1 as produced, by id: for win rates against the baselines. */
  perDocument: Map<string, { r1: number; r2: number; rl: number }>;
}

const FIXTURE = path.resolve(import.meta.dirname, '../tests/fixtures/summary-eval/openstax-economics.jsonl');
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const offlineOnly = args.includes('--offline');
const limitArg = args.indexOf('--limit');
const limit = limitArg >= 0 ? Number(args[limitArg + 1]) : Number.POSITIVE_INFINITY;
if (!(limit > 0)) throw new Error('--limit needs a positive number of documents');

const words = (s: string) => s.split(/\s+/u).filter(Boolean);
const cut = (sentences: string[], budget: number) => words(sentences.join(' ')).slice(0, budget).join(' ');

/** Sentences taken in `order` until they reach `budget` words, shown in document order. */
function fillInOrder(sentences: string[], order: number[], budget: number): string[] {
  const taken: number[] = [];
  let total = 0;
  for (const i of order) {
    if (total >= budget) break;
    taken.push(i);
    total += words(sentences[i]!).length;
  }
  return taken.sort((a, b) => a - b).map((i) => sentences[i]!);
}

function documentSentences(text: string): string[] {
  return splitSentences(text).map((s) => displayText(s.text));
}

const lead3: System = {
  name: 'lead-3',
  run: async (doc) => {
    const all = documentSentences(doc.text);
    return { sentences: leadSentences(doc.text, 3), fill: (b) => fillInOrder(all, [...all.keys()], b) };
  },
};

const textRank3: System = {
  name: 'textrank-3',
  run: async (doc) => {
    const all = documentSentences(doc.text);
    const order = rankSentences(all);
    return { sentences: textRankSentences(doc.text, 3), fill: (b) => fillInOrder(all, order, b) };
  },
};

function summarizerSystem(summarizer: Summarizer): System {
  return {
    name: summarizer.generator,
    run: async (doc) => {
      const { structured } = await summarizer.summarize({ title: doc.title, text: doc.text });
      const sentences = [structured.takeaway, ...structured.keyPoints];
      return { sentences, fill: () => sentences };
    },
  };
}

async function evaluate(system: System, docs: EvalDoc[]): Promise<Row> {
  const produced: RougeScores[] = [];
  const budgeted: RougeScores[] = [];
  const perDocument: Row['perDocument'] = new Map();
  let totalWords = 0;
  let budgetWords = 0;
  let failed = 0;
  for (const doc of docs) {
    let output: Output;
    try {
      output = await system.run(doc);
    } catch (error) {
      failed += 1;
      if (failed <= 3) console.error(`${system.name} failed on ${doc.id}: ${(error as Error).message}`);
      continue;
    }
    const summary = output.sentences.join(' ');
    const scores = rouge(summary, doc.reference);
    produced.push(scores);
    perDocument.set(doc.id, { r1: scores.rouge1.f1, r2: scores.rouge2.f1, rl: scores.rougeL.f1 });
    const budget = words(doc.reference).length;
    const short = cut(output.fill(budget), budget);
    budgeted.push(rouge(short, doc.reference));
    totalWords += words(summary).length;
    budgetWords += words(short).length;
  }
  return {
    system: system.name,
    documents: produced.length,
    failed,
    words: totalWords / Math.max(1, produced.length),
    wordsAtReferenceLength: budgetWords / Math.max(1, produced.length),
    asProduced: meanRouge(produced),
    atReferenceLength: meanRouge(budgeted),
    perDocument,
  };
}

const pct = (x: number) => (100 * x).toFixed(2).padStart(6);
const cell = (s: PRF) => `${pct(s.f1)} (${pct(s.precision).trim()}/${pct(s.recall).trim()})`;

function table(rows: Row[], pick: (r: Row) => RougeScores, wordsOf: (r: Row) => number): string {
  const header = `${'system'.padEnd(44)} ${'docs'.padStart(4)} ${'words'.padStart(6)}   ${'ROUGE-1 F1 (P/R)'.padEnd(22)} ${'ROUGE-2 F1 (P/R)'.padEnd(22)} ROUGE-L F1 (P/R)`;
  const lines = rows.map((r) => {
    const s = pick(r);
    return `${r.system.padEnd(44)} ${String(r.documents).padStart(4)} ${wordsOf(r).toFixed(1).padStart(6)}   ${cell(s.rouge1).padEnd(22)} ${cell(s.rouge2).padEnd(22)} ${cell(s.rougeL)}`;
  });
  return [header, ...lines].join('\n');
}

/** How often `a` beats, ties and loses to `b` on a document's F1. */
function winRate(a: Row, b: Row, key: 'r1' | 'r2' | 'rl'): string {
  let win = 0;
  let tie = 0;
  let loss = 0;
  for (const [id, s] of a.perDocument) {
    const other = b.perDocument.get(id);
    if (!other) continue;
    if (Math.abs(s[key] - other[key]) < 1e-9) tie += 1;
    else if (s[key] > other[key]) win += 1;
    else loss += 1;
  }
  return `${win}/${tie}/${loss}`;
}

function verdict(offline: Row, baselines: Row[], pick: (r: Row) => RougeScores): string {
  return ROUGE_METRICS.map((m) => {
    const mine = pick(offline)[m].f1;
    const best = Math.max(...baselines.map((b) => pick(b)[m].f1));
    return `${m.replace('rouge', 'ROUGE-')} ${mine > best ? 'yes' : 'no'} (${pct(mine).trim()} vs best baseline ${pct(best).trim()})`;
  }).join(', ');
}

const docs = readFileSync(FIXTURE, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as EvalDoc)
  .slice(0, limit);
const referenceWords = docs.reduce((sum, d) => sum + words(d.reference).length, 0) / docs.length;

const systems: System[] = [lead3, textRank3, summarizerSystem(new ExtractiveSummarizer())];
let openAiNote: string;
if (offlineOnly) openAiNote = 'OpenAI row skipped: --offline.';
else if (!process.env.OPENAI_API_KEY) {
  openAiNote =
    'OpenAI row skipped: OPENAI_API_KEY is not set. Set it (and optionally OPENAI_SUMMARY_MODEL, and --limit N to bound the cost) to score the model the same way.';
} else {
  const { summarizer } = configuredGenerators();
  systems.push(summarizerSystem(summarizer));
  openAiNote = `OpenAI row: ${summarizer.generator} on the same ${docs.length} documents (requests bounded by AI_MAX_REQUESTS_PER_RUN).`;
}

const rows: Row[] = [];
for (const system of systems) rows.push(await evaluate(system, docs));

// Real text: the offline summarizer over the whole corpus; a configured OpenAI one over its first --limit posts.
const realPosts = await loadRealCorpus();
const defectRuns: Array<{ generator: string; report: DefectReport }> = [];
for (const system of systems.slice(2)) {
  const summarizer = system === systems[2] ? new ExtractiveSummarizer() : configuredGenerators().summarizer;
  const posts =
    summarizer instanceof ExtractiveSummarizer ? realPosts : realPosts.slice(0, Number.isFinite(limit) ? limit : 200);
  defectRuns.push({ generator: summarizer.generator, report: await evaluateSummaryDefects(posts, summarizer) });
}
const [leadRow, textRankRow, offlineRow] = rows as [Row, Row, Row];

if (asJson) {
  console.log(
    JSON.stringify(
      {
        fixture: path.relative(process.cwd(), FIXTURE),
        documents: docs.length,
        referenceWords,
        rows: rows.map(({ perDocument: _, ...r }) => r),
        realTextDefects: defectRuns.map(({ generator, report }) => ({
          generator,
          posts: report.posts,
          teasers: report.teasers,
          byKind: report.byKind,
          defects: report.defects,
        })),
      },
      null,
      2,
    ),
  );
} else {
  console.log(
    `summary evaluation: ${docs.length} documents (${path.relative(process.cwd(), FIXTURE)}), reference summaries ${referenceWords.toFixed(1)} words on average`,
  );
  console.log('ROUGE F1 (precision/recall) in %, macro-averaged over documents; rouge-score tokens, Porter2 stems\n');
  console.log('As produced (Lead-3 and TextRank: 3 sentences; summarizers: takeaway + key points)');
  console.log(
    table(
      rows,
      (r) => r.asProduced,
      (r) => r.words,
    ),
  );
  console.log(
    "\nAt the reference's length (each output cut at the reference's word count; Lead and TextRank fill to it)",
  );
  console.log(
    table(
      rows,
      (r) => r.atReferenceLength,
      (r) => r.wordsAtReferenceLength,
    ),
  );
  for (const r of rows.filter((r) => r.failed > 0)) console.log(`\n${r.system}: ${r.failed} documents failed`);
  console.log(
    `\n${offlineRow.system} against lead-3, per document (wins/ties/losses): ROUGE-1 ${winRate(offlineRow, leadRow, 'r1')}, ROUGE-2 ${winRate(offlineRow, leadRow, 'r2')}, ROUGE-L ${winRate(offlineRow, leadRow, 'rl')}`,
  );
  console.log(
    `${offlineRow.system} against textrank-3, per document (wins/ties/losses): ROUGE-1 ${winRate(offlineRow, textRankRow, 'r1')}, ROUGE-2 ${winRate(offlineRow, textRankRow, 'r2')}, ROUGE-L ${winRate(offlineRow, textRankRow, 'rl')}`,
  );
  console.log(
    `\nOffline summarizer above both baselines, as produced: ${verdict(offlineRow, [leadRow, textRankRow], (r) => r.asProduced)}`,
  );
  console.log(
    `Offline summarizer above both baselines, at the reference's length: ${verdict(offlineRow, [leadRow, textRankRow], (r) => r.atReferenceLength)}`,
  );
  console.log(`\n${openAiNote}`);
  for (const { generator, report } of defectRuns) {
    const total = Object.values(report.byKind).reduce((a, b) => a + b, 0);
    const kinds = Object.entries(report.byKind)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ');
    console.log(
      `\nReal text (tests/fixtures/real-text): ${generator} on ${report.posts} posts (${report.teasers} teasers): ${total} defects (${kinds})`,
    );
    for (const d of report.defects.slice(0, 20)) console.log(`  ${d.post} ${d.kind}: ${d.line.slice(0, 160)}`);
  }
}
