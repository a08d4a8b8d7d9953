/**
 * The one post ordering everywhere, newest first: undated posts last, ties broken on import time then id so that
 * pages are stable. It matches posts_publication_recent_idx.
 */
export const POST_ORDER = 'published_at desc nulls last, created_at desc, id desc';
