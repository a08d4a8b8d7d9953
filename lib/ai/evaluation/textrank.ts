import { rougeTokens } from '@/lib/ai/evaluation/rouge';
import { displayText, splitSentences } from '@/lib/ai/text/sentences';

export const DAMPING = 0.85;

/**
 * TextRank (Mihalcea & Tarau, 2004), the unsupervised graph baseline: the document's sentences (the project's
 * splitter) are the nodes; two sentences are joined with the weight of their word overlap, |words in both| /
 * (log|Si| + log|Sj|) over the stemmed ROUGE tokens (|S|: the sentence's number of tokens); weighted PageRank with
 * damping 0.85 ranks them, and the k best are returned in document order. Ties go to the earlier sentence.
 */
export function textRankSentences(text: string, k = 3): string[] {
  const sentences = splitSentences(text).map((s) => displayText(s.text));
  const order = rankSentences(sentences);
  const chosen = order.slice(0, k).sort((a, b) => a - b);
  return chosen.map((i) => sentences[i]!);
}

/** Sentence indexes, best first. */
export function rankSentences(sentences: string[]): number[] {
  const scores = pageRank(similarityMatrix(sentences));
  return sentences.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
}

function similarityMatrix(sentences: string[]): number[][] {
  const tokens = sentences.map((s) => rougeTokens(s));
  const sets = tokens.map((t) => new Set(t));
  return sets.map((a, i) =>
    sets.map((b, j) => {
      const norm = Math.log(tokens[i]!.length) + Math.log(tokens[j]!.length);
      if (i === j || norm <= 0) return 0;
      let shared = 0;
      for (const t of a) if (b.has(t)) shared += 1;
      return shared / norm;
    }),
  );
}

/** Weighted PageRank: s_i = (1 - d) + d · Σ_j w_ji / Σ_k w_jk · s_j, iterated until no score moves by 1e-6. */
export function pageRank(weights: number[][], damping = DAMPING, maxIterations = 200): number[] {
  const n = weights.length;
  const outSum = weights.map((row) => row.reduce((a, b) => a + b, 0));
  let scores = new Array<number>(n).fill(1);
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    const next = scores.map((_, i) => {
      let sum = 0;
      for (let j = 0; j < n; j += 1) if (outSum[j]! > 0) sum += (weights[j]![i]! / outSum[j]!) * scores[j]!;
      return 1 - damping + damping * sum;
    });
    const moved = Math.max(0, ...next.map((s, i) => Math.abs(s - scores[i]!)));
    scores = next;
    if (moved < 1e-6) break;
  }
  return scores;
}
