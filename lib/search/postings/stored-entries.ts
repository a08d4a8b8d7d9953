import type { VectorEntry } from './tsvector-text';

/** What `storedEntriesSql` yields per post: [lexeme, positions, weights], positions and weights null when none. */
export type StoredEntriesJson = Array<[string, number[] | null, Array<'A' | 'B' | 'C' | 'D'> | null]>;

// Label numbers as tsrank.c indexes its weights (and parseTsvectorText gives them): D 0, C 1, B 2, A 3.
const LABEL = { A: 3, B: 2, C: 1, D: 0 } as const;

/**
 * SQL for the entries of a stored vector that hold one of the lexemes of a text[] parameter, as a JSON array
 * (StoredEntriesJson): PostgreSQL steps over the rest of the vector itself, so a query's few lexemes cross the wire
 * instead of the whole vector's text (about as long as the post's body), which JavaScript then had to scan.
 */
export function storedEntriesSql(vector: string, lexemesParam: string): string {
  return `coalesce((select json_agg(json_build_array(u.lexeme, u.positions, u.weights))
                      from unnest(${vector}) u where u.lexeme = any(${lexemesParam}::text[])), '[]'::json)`;
}

/** The entries as parseTsvectorText gives them: labels in position order, and the positions themselves. */
export function toVectorEntries(json: StoredEntriesJson): VectorEntry[] {
  return json.map(([lexeme, positions, weights]) => ({
    lexeme,
    labels: (weights ?? []).map((weight) => LABEL[weight]),
    positions: positions ?? [],
  }));
}
