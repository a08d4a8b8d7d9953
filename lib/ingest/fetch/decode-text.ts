import iconv from 'iconv-lite';

/** Text decoded from bytes, and the charset that was used (a label iconv-lite knows, lower-case). */
export type DecodedText = { text: string; charset: string };

// Labels the web treats as another, wider charset (WHATWG Encoding): ISO-8859-1 and ASCII declarations in the wild
// are windows-1252 text whose 0x80-0x9F bytes are quotes and dashes, not C1 controls.
const WEB_ALIASES: Record<string, string> = {
  'iso-8859-1': 'windows-1252',
  iso8859_1: 'windows-1252',
  'iso_8859-1': 'windows-1252',
  latin1: 'windows-1252',
  l1: 'windows-1252',
  'us-ascii': 'windows-1252',
  ascii: 'windows-1252',
  'iso-8859-9': 'windows-1254',
  latin5: 'windows-1254',
  'tis-620': 'windows-874',
  'x-sjis': 'shift_jis',
  utf8: 'utf-8',
  'unicode-1-1-utf-8': 'utf-8',
};

function normalizeLabel(label: string | undefined): string | undefined {
  if (!label) return undefined;
  const clean = label
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim()
    .toLowerCase();
  if (clean === '') return undefined;
  const mapped = WEB_ALIASES[clean] ?? clean;
  return iconv.encodingExists(mapped) ? mapped : undefined;
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

function httpCharset(contentType: string | null | undefined): string | undefined {
  const match = contentType?.match(/;\s*charset\s*=\s*("[^"]*"|[^;\s]*)/i);
  return match?.[1];
}

/** Charset named inside the document: the XML prolog first, then an HTML meta tag, read as ASCII. */
function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const prolog = head.match(/^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']+)["']/i);
  const meta =
    head.match(/<meta\s[^>]*?charset\s*=\s*["']?([^"'\s/>;]+)/i) ??
    head.match(/<meta\s[^>]*?content\s*=\s*["'][^"']*charset\s*=\s*([^"'\s;]+)/i);
  const label = prolog?.[1] ?? meta?.[1];
  // The label was readable as ASCII, so the document is not in a two-byte encoding whatever it claims (WHATWG does the
  // same for meta): a UTF-16 declaration here means UTF-8.
  if (label && /^utf-?16/i.test(label.trim())) return 'utf-8';
  return label;
}

/**
 * Decodes a fetched body. The charset comes from, in order: a byte-order mark (UTF-8, UTF-16), the HTTP
 * Content-Type charset, the XML prolog's encoding, an HTML `<meta charset>` or http-equiv, and else UTF-8. Legacy and
 * single-byte charsets go through iconv-lite because Node 20's TextDecoder maps windows-1252 0x80-0x9F wrongly. An
 * unknown label is skipped for the next source; nothing here throws. The BOM is not part of the text.
 */
export function decodeText(bytes: Uint8Array, contentType?: string | null): DecodedText {
  const charset =
    bomCharset(bytes) ?? normalizeLabel(httpCharset(contentType)) ?? normalizeLabel(declaredCharset(bytes)) ?? 'utf-8';
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { text: iconv.decode(buffer, charset, { stripBOM: true }), charset };
}
