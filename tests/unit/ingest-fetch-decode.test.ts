import { describe, expect, it } from 'vitest';
import { decodeText } from '@/lib/ingest/fetch/decode-text';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('decodeText', () => {
  it('decodes windows-1252 0x93/0x94 as curly quotes, not C1 controls', () => {
    const body = bytes('<title>', [0x93], 'Buy', [0x94], ' ', [0x96], ' 5', [0x80], '</title>');
    expect(decodeText(body, 'application/rss+xml; charset=windows-1252')).toEqual({
      text: '<title>\u201cBuy\u201d \u2013 5\u20ac</title>',
      charset: 'windows-1252',
    });
  });

  it('reads ISO-8859-1 from the XML prolog, as windows-1252 like browsers do', () => {
    const body = bytes(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss><title>Caf',
      [0xe9],
      ' ',
      [0x93],
      'x',
      [0x94],
      '</title></rss>',
    );
    const decoded = decodeText(body, 'text/xml');
    expect(decoded.text).toContain('<title>Café \u201cx\u201d</title>');
    expect(decoded.charset).toBe('windows-1252');
  });

  it('decodes UTF-16 LE and BE with a BOM, whatever the header claims, and drops the BOM', () => {
    const xml = '<?xml version="1.0" encoding="UTF-16"?><rss><title>Zürich €</title></rss>';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    expect(decodeText(le, 'text/xml; charset=iso-8859-1')).toEqual({ text: xml, charset: 'utf-16le' });
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeText(be, null)).toEqual({ text: xml, charset: 'utf-16be' });
  });

  it('prefers the HTTP charset to the prolog', () => {
    const body = Buffer.from('<?xml version="1.0" encoding="windows-1251"?><t>Zürich</t>', 'utf8');
    expect(decodeText(body, 'application/xml; charset="UTF-8"').text).toBe(
      '<?xml version="1.0" encoding="windows-1251"?><t>Zürich</t>',
    );
  });

  it('uses the prolog when the HTTP charset is unknown', () => {
    const body = bytes('<?xml version="1.0" encoding="windows-1251"?><t>', [0xcf, 0xf0, 0xe8], '</t>');
    expect(decodeText(body, 'text/xml; charset=x-no-such-thing').text).toContain('<t>При</t>');
  });

  it('reads an HTML meta charset and http-equiv', () => {
    const meta = bytes('<html><head><meta charset="windows-1252"></head><p>', [0x93], 'hi', [0x94]);
    expect(decodeText(meta, 'text/html').text).toContain('<p>\u201chi\u201d');
    const equiv = bytes('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-15"><p>', [0xa4]);
    expect(decodeText(equiv).text).toContain('<p>€');
  });

  it('takes a UTF-16 declaration in ASCII-readable bytes as UTF-8', () => {
    const body = Buffer.from('<?xml version="1.0" encoding="UTF-16"?><t>é</t>', 'utf8');
    expect(decodeText(body).text).toContain('<t>é</t>');
  });

  it('falls back to UTF-8 for unknown labels and no declaration, without throwing', () => {
    const body = Buffer.from('<?xml version="1.0" encoding="bogus-42"?><t>Zürich — €</t>', 'utf8');
    expect(decodeText(body, 'text/xml; charset=also-bogus')).toEqual({ text: body.toString('utf8'), charset: 'utf-8' });
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0x41]), undefined)).toEqual({ text: 'A', charset: 'utf-8' });
    expect(decodeText(Buffer.from([0xc3, 0x28]), 'text/plain').text).toBe('\ufffd(');
    expect(decodeText(new Uint8Array(), undefined).text).toBe('');
  });
});
