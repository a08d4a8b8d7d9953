/**
 * The one post ordering everywhere, newest first: undated posts last, ties broken on import time then id so that
 * pages are stable. It matches posts_publication_recent_idx. With `alias`, the columns are qualified by it
 * (`postOrder('r')` orders by r.published_at, ...).
 */
export function postOrder(alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `${column('published_at')} desc nulls last, ${column('created_at')} desc, ${column('id')} desc`;
}
