import path from 'node:path';
import type { Db } from '@/lib/db/types';
import type { PostDraft } from '@/lib/posts/post-draft';
import { upsertPosts } from '@/lib/posts/upsert-posts';
import { loadRealCorpus, type RealPost, realSources } from '@/tests/fixtures/real-text/corpus';

/**
 * Slug of the publication a fixture file is stored as, e.g. `planet-money-xml.real-text.example`: the extension stays
 * in it because two files differ only by it (daring-fireball.rss and .atom).
 */
export function realPublicationSlug(file: string): string {
  return `${path
    .basename(file)
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')}.real-text.example`;
}

const KIND = (file: string, kind: string) =>
  file.startsWith('mail/') ? 'email' : kind === 'podcast' ? 'podcast' : 'rss';

function draftOf(post: RealPost): PostDraft {
  return {
    guid: post.id,
    url: post.url,
    title: post.title,
    subtitle: null,
    description: null,
    author: post.author || null,
    imageUrl: null,
    audioUrl: null,
    contentHtml: null,
    bodyText: post.text,
    textSource: post.textSource,
    language: post.language,
    publishedAt: post.publishedAt,
  };
}

/**
 * Stores the real-text corpus (tests/fixtures/real-text, 5,525 posts of 116 sources) as the service would hold it: one
 * publication per fixture file, its posts upserted by guid (the fixture id `file#index`). Returns the result key
 * ("publicationSlug/postSlug") of each fixture id, which is how the judged questions name their posts. Index it for
 * search afterwards (indexForSearch), as any new post is.
 */
export async function storeRealCorpus(db: Db): Promise<{ keyOf: Map<string, string>; posts: RealPost[] }> {
  const posts = await loadRealCorpus();
  const byFile = new Map<string, RealPost[]>();
  for (const post of posts) byFile.set(post.source, [...(byFile.get(post.source) ?? []), post]);
  for (const source of realSources()) {
    const list = byFile.get(source.file);
    if (!list) continue;
    const slug = realPublicationSlug(source.file);
    const [row] = await db.query<{ id: string }>(
      `insert into publications (slug, title, site_url, source_kind, next_poll_at)
       values ($1, $2, $3, $4, 'infinity') returning id`,
      [slug, source.note.split(/[:(]/u)[0]!.trim(), `https://${slug}`, KIND(source.file, source.kind)],
    );
    await upsertPosts(db, row!.id, list.map(draftOf));
  }
  const rows = await db.query<{ guid: string; publication_slug: string; slug: string }>(
    `select p.guid, pu.slug as publication_slug, p.slug
       from posts p join publications pu on pu.id = p.publication_id where pu.slug like '%.real-text.example'`,
  );
  return { keyOf: new Map(rows.map((r) => [r.guid, `${r.publication_slug}/${r.slug}`])), posts };
}
