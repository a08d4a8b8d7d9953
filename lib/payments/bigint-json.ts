/**
 * JSON with bigints, for the mppx records we store (mppx keeps amounts and fee budgets as bigint): tagged on the way
 * in, restored on the way out.
 */
export function encodeBigintJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v));
}

export function decodeBigintJson(text: string): unknown {
  return JSON.parse(text, (_k, v: unknown) =>
    v && typeof v === 'object' && '$bigint' in v && Object.keys(v).length === 1
      ? BigInt((v as { $bigint: string }).$bigint)
      : v,
  );
}
