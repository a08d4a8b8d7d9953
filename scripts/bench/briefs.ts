import { composeBrief } from '@/lib/briefs/compose';
import { ExtractiveBriefGenerator } from '@/lib/briefs/generate-offline';
import { readCapabilities } from '@/lib/db/capabilities';
import type { Db } from '@/lib/db/types';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { percentile } from './load';
import type { SearchBenchRow } from './search';

/**
 * Questions an agent asks of the demo corpus: broad ones whose five sources are long posts full of matching sentences
 * (the generator's work grows with them), narrow ones, and time-scoped ones.
 */
export const BENCH_QUESTIONS: string[] = [
  'What are newsletters saying about regional bank credit this month?',
  'Is the Fed going to cut rates in December?',
  "What is Nvidia's outlook for data center revenue?",
  "How are tariffs hitting retailers' margins?",
  'Should I worry about private credit defaults?',
  'What is the latest on oil and OPEC supply?',
  'Why is gold going up?',
  'Are European bank stocks still cheap?',
  'What do writers think about AI capex by the hyperscalers?',
  'What are newsletters saying about stocks this week?',
  'Is a recession coming?',
  'What happened to bitcoin ETF flows last week?',
];

/**
 * Single-client latency of a whole brief with the offline generator (composeBrief: source selection by topic search,
 * then the extractive answer and its quote check, as POST /api/v1/briefs writes it before a sale): lexical, and
 * hybrid as the service ranks with its embedder. One warm-up round, then `rounds` rounds over the questions.
 */
export async function benchBriefs(
  db: Db,
  embeddings: EmbeddingProvider | null,
  rounds: number,
): Promise<SearchBenchRow[]> {
  const now = new Date();
  const generator = new ExtractiveBriefGenerator();
  const vector = (await readCapabilities(db)).vector && embeddings !== null;
  const modes: Array<{ name: string; embeddings: EmbeddingProvider | null }> = [
    { name: 'brief (offline, fts sources)', embeddings: null },
    ...(vector ? [{ name: 'brief (offline, hybrid sources)', embeddings }] : []),
  ];
  const rows: SearchBenchRow[] = [];
  for (const mode of modes) {
    const byQuestion: number[][] = BENCH_QUESTIONS.map(() => []);
    for (let round = -1; round < rounds; round++) {
      for (const [i, question] of BENCH_QUESTIONS.entries()) {
        const started = performance.now();
        await composeBrief(db, { question }, generator, { now, embeddings: mode.embeddings });
        if (round >= 0) byQuestion[i]!.push(performance.now() - started);
      }
    }
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const times = sorted(byQuestion.flat());
    const slowest = byQuestion
      .map((list, i) => ({ q: BENCH_QUESTIONS[i]!, p50: percentile(sorted(list), 50) }))
      .sort((a, b) => b.p50 - a.p50)
      .slice(0, 4);
    rows.push({ name: mode.name, p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, slowest });
  }
  return rows;
}
