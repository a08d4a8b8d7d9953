import { createHash } from 'node:crypto';
import { getDb } from '@/lib/db/client';
import { avatarSvg } from '@/lib/publications/avatar';
import { normalizePublicationSlug } from '@/lib/publications/slug';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ file: string }> };

// A week fresh, a month more while revalidating: the bytes only change if a publication is renamed.
const CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=2592000';

/** GET /avatars/<slug>.svg: the generated avatar of a publication, initials on a colour hashed from the slug. */
export async function GET(request: Request, { params }: Context) {
  const { file } = await params;
  const slug = /^(.{1,253})\.svg$/.exec(file)?.[1];
  // Only names that already are normalized hosts: no case variants, "www.", ports or encoded tricks.
  if (!slug || normalizePublicationSlug(slug) !== slug) {
    return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }

  const title = await titleOf(slug);
  const svg = avatarSvg(slug, title ?? null);
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    // A fallback drawn while the database was unreachable must not stick in caches for a week.
    'Cache-Control': title === undefined ? 'no-store' : CACHE_CONTROL,
    ETag: etag,
    // The SVG is static markup; forbid scripts in case it is ever opened as a document.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers });
}

/**
 * The publication's title for its initials: null when the slug is not indexed (the slug alone still makes a good
 * avatar), undefined when the database could not be asked.
 */
async function titleOf(slug: string): Promise<string | null | undefined> {
  try {
    const db = await getDb();
    const [row] = await db.query<{ title: string | null }>('select title from publications where slug = $1', [slug]);
    return row?.title ?? null;
  } catch (error) {
    console.error(`[avatars] title lookup for ${slug} failed:`, error);
    return undefined;
  }
}
