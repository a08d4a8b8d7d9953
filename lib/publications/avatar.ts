/**
 * Deterministic SVG avatars for publications without a logo of their own (the demo corpus stores
 * `/avatars/<slug>.svg`). The same slug and title always give the same bytes, so the image caches well.
 */

// Leading words that say nothing about a publication ("The Compounding Ledger" -> "CL", not "TC").
const SKIPPED_WORDS = new Set(['the', 'a', 'an']);

/** Up to two upper-case initials from the title's words, else from the slug's first DNS label. */
export function avatarInitials(slug: string, title: string | null): string {
  const words = (title ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
  const meaningful = words.filter((word) => !SKIPPED_WORDS.has(word.toLowerCase()));
  const picked = meaningful.length > 0 ? meaningful : words;
  if (picked.length >= 2) return (first(picked[0]) + first(picked[1])).toUpperCase();
  if (picked.length === 1) return [...picked[0]!].slice(0, 2).join('').toUpperCase();

  const label = slug.split('.')[0] ?? slug;
  const parts = label.split('-').filter(Boolean);
  if (parts.length >= 2) return (first(parts[0]) + first(parts[1])).toUpperCase();
  return label.slice(0, 2).toUpperCase() || '?';
}

function first(word: string | undefined): string {
  return word ? ([...word][0] ?? '') : '';
}

/** FNV-1a, 32 bit: tiny, stable across runtimes, and spreads similar slugs over distant hues. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** HSL to #rrggbb: hex colours render in every SVG consumer, including ones without CSS Color 4 syntax. */
function hslHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Escapes markup characters and drops control characters, which XML 1.0 forbids even when escaped. */
export function escapeXml(text: string): string {
  return text.replace(XML_FORBIDDEN, '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the control characters XML 1.0 forbids
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * A 128x128 rounded square with the initials in white. Lightness stays at 28% or below so white text keeps a
 * contrast ratio of about 5:1 or more on every hue (yellow is the brightest at equal lightness).
 */
export function avatarSvg(slug: string, title: string | null): string {
  const h = hash(slug);
  const hue = h % 360;
  const hue2 = (hue + 30 + ((h >>> 9) % 40)) % 360;
  const initials = escapeXml(avatarInitials(slug, title));
  const label = escapeXml(title?.trim() || slug);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${label}">
<title>${label}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hslHex(hue, 0.6, 0.28)}"/><stop offset="1" stop-color="${hslHex(hue2, 0.65, 0.22)}"/>
</linearGradient></defs>
<rect width="128" height="128" rx="24" fill="url(#g)"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" fill="#fff" font-family="ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="52" font-weight="700" letter-spacing="1">${initials}</text>
</svg>
`;
}
