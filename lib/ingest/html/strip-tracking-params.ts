// Query parameters that only identify a campaign, a click or a subscriber; they never change what a page shows.
const EXACT = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'msclkid',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'ref_src',
  'ref_url',
  'igshid',
  'mkt_tok',
  'vero_id',
  'oly_enc_id',
  'oly_anon_id',
  'wickedid',
  's_cid',
]);
const PREFIXES = ['utm_', 'pk_', 'mtm_'];

/** Removes tracking parameters (utm_*, fbclid, gclid, mc_cid, _hsenc…) from an http(s) URL; other input is returned unchanged. */
export function stripTrackingParams(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  const names = [...parsed.searchParams.keys()];
  const tracking = names.filter((name) => {
    const lower = name.toLowerCase();
    return EXACT.has(lower) || PREFIXES.some((prefix) => lower.startsWith(prefix));
  });
  if (tracking.length === 0) return url;
  for (const name of tracking) parsed.searchParams.delete(name);
  return parsed.toString();
}
