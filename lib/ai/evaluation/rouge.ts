import porter2 from 'wink-porter2-stemmer';

/**
 * ROUGE-1, ROUGE-2 and ROUGE-L (Lin, 2004) between a candidate summary and one reference, as Google's rouge-score
 * package computes them (`rouge_scorer.RougeScorer(['rouge1', 'rouge2', 'rougeL'], use_stemmer=True)`):
 *
 *   tokens     lower-cased text, every run of characters other than a-z and 0-9 a separator, words of more than three
 *              characters stemmed (Porter2 here, where rouge-score uses NLTK's original Porter: a few words stem
 *              differently, e.g. "generously" is "generous" here and "gener" there), empty tokens dropped
 *   ROUGE-N    clipped n-gram overlap: precision = overlap / candidate n-grams, recall = overlap / reference n-grams
 *   ROUGE-L    longest common subsequence of the two token lists, over the whole text (rouge-score's "rougeL", not
 *              the sentence-union "rougeLsum"): precision = LCS / candidate tokens, recall = LCS / reference tokens
 *   F1         2PR / (P + R), 0 when both are 0
 */
export interface PRF {
  precision: number;
  recall: number;
  f1: number;
}

export interface RougeScores {
  rouge1: PRF;
  rouge2: PRF;
  rougeL: PRF;
}

export const ROUGE_METRICS = ['rouge1', 'rouge2', 'rougeL'] as const;

export function rougeTokens(text: string, options: { stem?: boolean } = {}): string[] {
  const stem = options.stem ?? true;
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter(Boolean)
    .map((t) => (stem && t.length > 3 ? porter2(t) : t));
}

function prf(overlap: number, candidate: number, reference: number): PRF {
  const precision = candidate > 0 ? overlap / candidate : 0;
  const recall = reference > 0 ? overlap / reference : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

function ngramCounts(tokens: string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i += 1) {
    const gram = tokens.slice(i, i + n).join(' ');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

export function rougeN(candidate: string[], reference: string[], n: number): PRF {
  const c = ngramCounts(candidate, n);
  const r = ngramCounts(reference, n);
  let overlap = 0;
  for (const [gram, count] of c) overlap += Math.min(count, r.get(gram) ?? 0);
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return prf(overlap, total(c), total(r));
}

/** Length of the longest common subsequence, in O(|a|·|b|) time and O(|b|) memory. */
export function lcsLength(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = x === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    }
    previous = row;
  }
  return previous[b.length]!;
}

export function rougeL(candidate: string[], reference: string[]): PRF {
  return prf(lcsLength(candidate, reference), candidate.length, reference.length);
}

export function rouge(candidate: string, reference: string, options: { stem?: boolean } = {}): RougeScores {
  const c = rougeTokens(candidate, options);
  const r = rougeTokens(reference, options);
  return { rouge1: rougeN(c, r, 1), rouge2: rougeN(c, r, 2), rougeL: rougeL(c, r) };
}

/** The macro average: each document's precision, recall and F1, averaged over the documents. */
export function meanRouge(scores: RougeScores[]): RougeScores {
  const mean = (metric: (typeof ROUGE_METRICS)[number]): PRF => {
    const avg = (key: keyof PRF) => scores.reduce((sum, s) => sum + s[metric][key], 0) / Math.max(1, scores.length);
    return { precision: avg('precision'), recall: avg('recall'), f1: avg('f1') };
  };
  return { rouge1: mean('rouge1'), rouge2: mean('rouge2'), rougeL: mean('rougeL') };
}
