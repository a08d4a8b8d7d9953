import { loadLocalStore } from '@/lib/search/embeddings/local';

/**
 * Edit distance with adjacent transpositions (optimal string alignment): "micorn" -> "micron" is 1, where trigram
 * similarity alone rates them far apart.
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Longer words tolerate more typos. */
export function allowedEdits(word: string): number {
  return word.length <= 4 ? 0 : word.length <= 7 ? 1 : 2;
}

let dictionary: Promise<Set<string> | null> | undefined;

/**
 * Whether a word is ordinary English (one of the ~60,000 most frequent words of the local embedding vocabulary).
 * Such a word is absent from the corpus because the corpus does not discuss it ("puppy"), not because it is misspelt,
 * so it is never "corrected". Without the vocabulary every unknown word may be corrected.
 */
export async function isDictionaryWord(word: string): Promise<boolean> {
  dictionary ??= loadLocalStore()
    .then((store) => new Set(store.words))
    .catch(() => null);
  return (await dictionary)?.has(word) ?? false;
}
