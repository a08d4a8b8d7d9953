// Click and campaign trackers added by newsletter platforms, ad networks and e-mail tools. They identify a reader or a
// campaign, never the post, so the same post under two of them would otherwise look like two URLs.
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  '__hstc',
  '__hssc',
  '__hsfp',
  'hsctatracking',
  'mkt_tok',
  'ref_src',
  'ref_url',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'vero_conv',
  '_ga',
  '_gl',
  'wickedid',
  'rb_clickid',
  's_cid',
  'ss_source',
  'ss_campaign_id',
  'ck_subscriber_id',
]);

// Campaign parameters of Google Analytics (utm_), Piwik (pk_) and Matomo (mtm_).
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_'];

function isTracking(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix)) || TRACKING_PARAMS.has(lower);
}

function decodedName(pair: string): string {
  const eq = pair.indexOf('=');
  const raw = eq === -1 ? pair : pair.slice(0, eq);
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * Removes tracking query parameters (utm_*, fbclid, gclid, mc_cid, mc_eid, _hsenc, _hsmi, ref_src …) from a post URL.
 * Everything else stays as it was written, in order, with its own encoding; a URL left without parameters loses its
 * "?". Text that is not an absolute URL comes back unchanged.
 */
export function stripTrackingParams(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!parsed.search) return parsed.href;
  const kept = parsed.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !isTracking(decodedName(pair)));
  // Assigning `search` would re-encode; splice the raw text back instead.
  const hash = parsed.hash;
  const base = parsed.href.slice(0, parsed.href.length - parsed.search.length - hash.length);
  return `${base}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash}`;
}
