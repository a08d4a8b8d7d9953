import { displayText } from '@/lib/ai/text/sentences';

/** A sentence's words, lower-cased, as one string: what "the same sentence" compares. */
export function wordKey(text: string): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}

/** The same point: equal words, or the shorter (five words or more) wholly inside the longer. */
export function overlaps(a: string, b: string): boolean {
  if (a.length === 0 || b.length === 0) return false;
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.split(' ').length >= 5 && long.includes(short);
}

/**
 * Items in their order without repeats: one whose words repeat an earlier item's (or one of `seen`, such as the
 * takeaway) is dropped. Feeds repeat their description in their content, and a model may restate its takeaway.
 */
export function distinctBy<T>(items: T[], text: (item: T) => string, seen: string[] = []): T[] {
  const kept = seen.map(wordKey).filter(Boolean);
  const out: T[] = [];
  for (const item of items) {
    const key = wordKey(text(item));
    if (key.length === 0 || kept.some((k) => overlaps(k, key))) continue;
    kept.push(key);
    out.push(item);
  }
  return out;
}

/** A generated line as plain text: no blockquote markers, Markdown or tags that a model echoed from the post. */
export function plainPoint(text: string): string {
  return displayText(
    text
      .replace(/^\s*(?:>\s*)+/u, '')
      .replace(/<\/?[a-z][^<>]*>/giu, ' ')
      .replace(/^\s*[-*•]\s+/u, ''),
  );
}
