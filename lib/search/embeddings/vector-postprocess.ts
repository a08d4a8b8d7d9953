/**
 * Post-processing of the kept word vectors before they are stored: "all-but-the-top" (Mu & Viswanath 2018: subtract
 * the mean vector and the top principal directions, which every word shares and which mostly encode frequency, then
 * unit-normalize), then Int8 quantization with a per-vector scale.
 */

/** Principal components removed from the word vectors (see removeCommonDirections). */
export const REMOVED_COMPONENTS = 2;

/**
 * "All-but-the-top" post-processing, in place: subtract the mean of the (unit) word vectors, remove their projections
 * on the top `components` principal directions, re-normalize. Averaged word vectors otherwise share a large common
 * direction, so unrelated texts score cos ~0.5 and frequent-word noise dominates rankings. On the demo corpus
 * (2,000 posts, judged by the generator's own topics) it raised nDCG@10 from 0.87 to 0.89 for theme queries and from
 * 0.59 to 0.64 for company-name queries. Deterministic (fixed start vector), so preparation output is reproducible.
 */
export function removeCommonDirections(matrix: Float32Array, present: Uint8Array, d: number, components: number): void {
  const count = present.length;
  let n = 0;
  const mean = new Float64Array(d);
  for (let e = 0; e < count; e += 1) {
    if (!present[e]) continue;
    n += 1;
    for (let k = 0; k < d; k += 1) mean[k]! += matrix[e * d + k]!;
  }
  if (n === 0) return;
  for (let k = 0; k < d; k += 1) mean[k]! /= n;
  const cov = new Float64Array(d * d);
  const row = new Float64Array(d);
  for (let e = 0; e < count; e += 1) {
    if (!present[e]) continue;
    for (let k = 0; k < d; k += 1) row[k] = matrix[e * d + k]! - mean[k]!;
    for (let i = 0; i < d; i += 1) {
      const ri = row[i]!;
      for (let j = i; j < d; j += 1) cov[i * d + j]! += ri * row[j]!;
    }
  }
  for (let i = 0; i < d; i += 1) for (let j = 0; j < i; j += 1) cov[i * d + j] = cov[j * d + i]!;
  const directions: Float64Array[] = [];
  for (let c = 0; c < components; c += 1) {
    let v = new Float64Array(d).fill(1 / Math.sqrt(d));
    let lambda = 0;
    for (let iteration = 0; iteration < 300; iteration += 1) {
      const w = new Float64Array(d);
      for (let i = 0; i < d; i += 1) {
        let sum = 0;
        for (let j = 0; j < d; j += 1) sum += cov[i * d + j]! * v[j]!;
        w[i] = sum;
      }
      const norm = Math.hypot(...w);
      if (norm === 0) break;
      lambda = norm;
      for (let i = 0; i < d; i += 1) w[i]! /= norm;
      v = w;
    }
    directions.push(v);
    // Deflate: C <- C - lambda v v^T
    for (let i = 0; i < d; i += 1) for (let j = 0; j < d; j += 1) cov[i * d + j]! -= lambda * v[i]! * v[j]!;
  }
  for (let e = 0; e < count; e += 1) {
    if (!present[e]) continue;
    const base = e * d;
    for (let k = 0; k < d; k += 1) row[k] = matrix[base + k]! - mean[k]!;
    for (const u of directions) {
      let dot = 0;
      for (let k = 0; k < d; k += 1) dot += row[k]! * u[k]!;
      for (let k = 0; k < d; k += 1) row[k]! -= dot * u[k]!;
    }
    let norm = 0;
    for (let k = 0; k < d; k += 1) norm += row[k]! * row[k]!;
    norm = Math.sqrt(norm);
    for (let k = 0; k < d; k += 1) matrix[base + k] = norm > 0 ? row[k]! / norm : 0;
  }
}

/**
 * Int8 quantization with a per-vector scale (max |component| / 127, so the rounding error per component is at most
 * 1/254 of the largest one). A zero vector (a word without a vector in the source) keeps scale 0.
 */
export function quantize(matrix: Float32Array, d: number): { quantized: Int8Array; scales: Float32Array } {
  const count = matrix.length / d;
  const quantized = new Int8Array(count * d);
  const scales = new Float32Array(count);
  for (let e = 0; e < count; e += 1) {
    const base = e * d;
    let max = 0;
    for (let k = 0; k < d; k += 1) max = Math.max(max, Math.abs(matrix[base + k]!));
    if (max === 0) continue;
    const scale = max / 127;
    scales[e] = scale;
    for (let k = 0; k < d; k += 1) quantized[base + k] = Math.round(matrix[base + k]! / scale);
  }
  return { quantized, scales };
}
