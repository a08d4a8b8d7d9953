import { describe, expect, it } from 'vitest';
import { stripTrackingParams } from '@/lib/ingest/fetch/strip-tracking-params';
import { sanitizePostHtml } from '@/lib/ingest/html/sanitize';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';

const base = { baseUrl: 'https://macro.example.com/p/rates' };

describe('sanitizePostHtml', () => {
  it('removes XSS vectors', () => {
    const out = sanitizePostHtml(
      `<p>Hi<script>alert(1)</script></p><img src="https://cdn.example.com/a.png" onerror="alert(2)" width="600">` +
        `<a href="javascript:alert(3)">x</a><svg onload="alert(4)"><circle/></svg>` +
        `<p style="width: expression(alert(5))">y</p><iframe src="https://evil.example"></iframe>` +
        `<a href="JaVaScRiPt&colon;alert(6)">z</a><img src="data:image/svg+xml;base64,PHN2Zz4=">`,
      base,
    );
    expect(out).toBe(
      '<p>Hi</p><img src="https://cdn.example.com/a.png" width="600" />' +
        '<a rel="noopener noreferrer nofollow">x</a><p>y</p><a rel="noopener noreferrer nofollow">z</a>',
    );
  });

  it('absolutizes relative URLs, strips tracking params and sets rel', () => {
    const out = sanitizePostHtml(
      '<a href="/p/next?utm_source=x&amp;id=2&amp;fbclid=abc" title="Next">next</a><img src="img/chart.png" alt="Chart">',
      base,
    );
    expect(out).toBe(
      '<a rel="noopener noreferrer nofollow" href="https://macro.example.com/p/next?id=2" title="Next">next</a>' +
        '<img src="https://macro.example.com/p/img/chart.png" alt="Chart" />',
    );
  });

  it('removes tracking pixels and keeps real images', () => {
    const out = sanitizePostHtml(
      '<img src="https://a.example/1.gif" width="1" height="1"><img src="https://a.example/h.png" style="display:none">' +
        '<img src="https://list-manage.com/track/open.php?u=1"><img src="https://sg.example/wf/open?upn=x">' +
        '<img src="https://cdn.example.com/chart.png" width="640" height="1x">',
    );
    expect(out).toBe('<img src="https://cdn.example.com/chart.png" width="640" height="1x" />');
  });

  it('keeps tables, figures and Unicode', () => {
    const html =
      '<figure><img src="https://c.example/x.png" alt="図"><figcaption>Société Générale — 東京</figcaption></figure>' +
      '<table><tr><th>Ticker</th><td>NESN</td></tr></table>';
    expect(sanitizePostHtml(html)).toBe(
      '<figure><img src="https://c.example/x.png" alt="図" /><figcaption>Société Générale — 東京</figcaption></figure>' +
        '<table><tr><th>Ticker</th><td>NESN</td></tr></table>',
    );
  });
});

describe('sanitizePostHtml on a large post', () => {
  it('drops every pixel and tracking parameter of a 200 KB post full of them', () => {
    const p = '<p>Société Générale on <a href="/x?utm_source=a">Nestlé</a><img src="/i.png" width="1" height="1"></p>';
    const html = p.repeat(Math.ceil(200_000 / p.length));
    const out = sanitizePostHtml(html, { baseUrl: 'https://x.example/' });
    expect(out).not.toContain('<img');
    expect(out).not.toContain('utm_source');
  });
});

describe('stripTrackingParams', () => {
  it('drops utm_*, click ids and mailer ids, keeps the rest', () => {
    expect(
      stripTrackingParams(
        'https://x.example/a?utm_source=n&UTM_Medium=e&gclid=1&mc_cid=2&mc_eid=3&_hsenc=4&_hsmi=5&ref_src=t&q=ok#frag',
      ),
    ).toBe('https://x.example/a?q=ok#frag');
    expect(stripTrackingParams('https://x.example/a?utm_source=n')).toBe('https://x.example/a');
    expect(stripTrackingParams('mailto:a@b.example?subject=utm_x')).toBe('mailto:a@b.example?subject=utm_x');
    expect(stripTrackingParams('not a url')).toBe('not a url');
  });
});

describe('htmlToPlainText', () => {
  it('gives paragraphs, list lines, link text, no images, readable tables', () => {
    const text = htmlToPlainText(
      '<h1>Nestlé’s margins</h1><p>We like   <a href="https://x.example/a">the stock</a>.<img src="https://x.example/i.png" alt="chart"></p>' +
        '<ul><li>NESN</li><li>ROG</li></ul><table><tr><th>Ticker</th><th>Target</th></tr><tr><td>NESN</td><td>112</td></tr></table>',
    );
    expect(text).toBe('Nestlé’s margins\n\nWe like the stock.\n\n- NESN\n- ROG\n\nTicker   Target\nNESN     112');
  });

  it('keeps every paragraph of a 200 KB post', () => {
    const paragraph =
      '<p>Société Générale raised its target on <a href="https://x.example">Nestlé</a> — 日本株も。</p>';
    const html = paragraph.repeat(Math.ceil(200_000 / paragraph.length));
    const text = htmlToPlainText(html);
    expect(text.split('\n\n').length).toBe(Math.ceil(200_000 / paragraph.length));
  });
});
