/**
 * Builds tests/fixtures/summary-eval/openstax-economics.jsonl, the documents and human-written reference summaries that
 * `npm run eval:summaries` scores (README.md there names the source, licence and rule). Run it once against a checkout
 * of github.com/openstax/osbooks-principles-economics-bundle at the commit that sources.json records:
 *
 *   node --import tsx scripts/build-summary-eval.ts <checkout>
 *
 * Rule: every section (module) of Principles of Economics 3e, in the book's order, whose CNXML has a "Key Concepts and
 * Summary" section. The reference is that section's text; the document is the module's prose before it: paragraphs,
 * list items and the "Clear It Up" / "Bring It Home" boxes, one paragraph each with blank lines between them. Left out:
 * section headings, tables, figures and their captions, equations, "Link It Up" (web links) and "Work It Out"
 * (step-by-step arithmetic) boxes, the glossary and the end-of-section questions. A document over MAX_WORDS words is
 * cut at the paragraph boundary before it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser } from 'linkedom';

const MAX_WORDS = 4000;
const COLLECTION = 'collections/principles-economics-3e.collection.xml';
const OUT = path.resolve(import.meta.dirname, '../tests/fixtures/summary-eval/openstax-economics.jsonl');
/** Sections and boxes that are not the section's prose. */
const SKIP_SECTION = /^(?:summary|review-questions|self-check-questions|critical-thinking|problems|references)$/iu;
const SKIP_NOTE = /\b(?:linkup|workout)\b/u;

type El = Element;

const words = (s: string) => s.split(/\s+/u).filter(Boolean).length;
const clean = (s: string) => s.replace(/\s+/gu, ' ').trim();

/** A paragraph's text: inline markup as its words; an empty cross-reference as what it points at ("Table", "Figure"). */
function inline(el: El, doc: Document): string {
  let out = '';
  for (const node of Array.from(el.childNodes)) {
    if (node.nodeType === 3) out += node.textContent ?? '';
    else if (node.nodeType === 1) {
      const child = node as El;
      const tag = child.tagName.toLowerCase();
      if (tag === 'link' && !child.textContent?.trim()) {
        // A figure or table of this module, or ("CNX_Econ_C03_004", "Table_05_02") of another one.
        const target = child.getAttribute('target-id') ?? '';
        const kind = doc.getElementById(target)?.tagName.toLowerCase();
        out +=
          kind === 'table' || /tab/iu.test(target)
            ? 'Table'
            : kind === 'figure' || /^CNX_/u.test(target)
              ? 'Figure'
              : 'this section';
      } else if (tag === 'newline') out += ' ';
      else if (tag === 'footnote') continue;
      else out += inline(child, doc);
    }
  }
  return out;
}

/** The prose blocks of a container, in order. */
function blocks(el: El, doc: Document): string[] {
  const out: string[] = [];
  for (const child of Array.from(el.children)) {
    const tag = child.tagName.toLowerCase();
    const cls = child.getAttribute('class') ?? '';
    if (tag === 'para') out.push(clean(inline(child, doc)));
    else if (tag === 'list') for (const item of Array.from(child.children)) out.push(clean(inline(item, doc)));
    else if (tag === 'section' && !SKIP_SECTION.test(cls)) out.push(...blocks(child, doc));
    else if (tag === 'note' && !SKIP_NOTE.test(cls)) out.push(...blocks(child, doc));
  }
  return out.filter((p) => words(p) > 0);
}

function truncate(paragraphs: string[]): { text: string; truncated: boolean } {
  const kept: string[] = [];
  let total = 0;
  for (const p of paragraphs) {
    if (total + words(p) > MAX_WORDS && kept.length > 0) return { text: kept.join('\n\n'), truncated: true };
    kept.push(p);
    total += words(p);
  }
  return { text: kept.join('\n\n'), truncated: false };
}

const checkout = process.argv[2];
if (!checkout) throw new Error('usage: build-summary-eval.ts <checkout of osbooks-principles-economics-bundle>');
const order = [...readFileSync(path.join(checkout, COLLECTION), 'utf8').matchAll(/document="(m\d+)"/gu)].map(
  (m) => m[1]!,
);
const lines: string[] = [];
for (const id of order) {
  const xml = readFileSync(path.join(checkout, 'modules', id, 'index.cnxml'), 'utf8');
  const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
  const summary = Array.from(doc.getElementsByTagName('section')).find((s) => s.getAttribute('class') === 'summary');
  const content = doc.getElementsByTagName('content')[0];
  if (!summary || !content) continue;
  const reference = blocks(summary, doc).join('\n\n');
  const { text, truncated } = truncate(blocks(content, doc));
  const title = clean(doc.getElementsByTagName('title')[0]?.textContent ?? id);
  if (!reference || !text) continue;
  lines.push(JSON.stringify({ id, title, text, reference, ...(truncated ? { truncated } : {}) }));
}
writeFileSync(OUT, `${lines.join('\n')}\n`);
console.log(`${lines.length} documents -> ${path.relative(process.cwd(), OUT)}`);
