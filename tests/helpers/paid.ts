import { inject } from 'vitest';
import { runRemoteCommand } from '@/lib/operator/remote';
import { readServiceFile } from '@/lib/operator/service-file';
import { readSandboxFile } from '@/lib/payments/sandbox/file';
import { getJson } from './http';

/** Runs an operator command inside the test service (same path as `npm run admin` while the service runs). */
export async function operator<T = Record<string, unknown>>(
  command: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const service = readServiceFile(inject('dataDir'));
  if (!service) throw new Error('the test service wrote no operator.json');
  return (await runRemoteCommand(service, command, args)) as T;
}

export function operatorToken(): string {
  return readServiceFile(inject('dataDir'))!.token;
}

export function sandbox() {
  const file = readSandboxFile(inject('dataDir'));
  if (!file) throw new Error('the test service runs no payment sandbox');
  return file;
}

export interface PostRef {
  publicationSlug: string;
  slug: string;
  priceCents: number | null;
  path: string;
}

/** Demo posts sorted by what a plain request answers: 402 (ready, with or without a stored price) or 503. */
export async function findPosts(): Promise<{ ready: PostRef[]; priced: PostRef[]; notReady: PostRef[] }> {
  const found = { ready: [] as PostRef[], priced: [] as PostRef[], notReady: [] as PostRef[] };
  const list = await getJson<{ publications: Array<{ slug: string }> }>('/api/v1/publications');
  for (const { slug: publicationSlug } of list.body.publications.slice(0, 6)) {
    const detail = await getJson<{ posts: Array<{ slug: string; priceCents: number | null }> }>(
      `/api/v1/publications/${publicationSlug}?limit=60`,
    );
    for (const post of detail.body.posts) {
      const path = `/api/v1/publications/${publicationSlug}/${post.slug}`;
      const probe = await fetch(new URL(path, inject('baseUrl')));
      await probe.body?.cancel();
      const ref = { publicationSlug, slug: post.slug, priceCents: post.priceCents, path };
      if (probe.status === 503) found.notReady.push(ref);
      else if (probe.status === 402 && post.priceCents === null) found.ready.push(ref);
      else if (probe.status === 402 && post.priceCents !== null && post.priceCents > 10) found.priced.push(ref);
    }
  }
  return found;
}

export async function createAccount(email: string, purchasedCents: number): Promise<{ key: string; keyId: string }> {
  await operator('users create', { email });
  const key = await operator<{ key: string; id: string }>('keys create', { email });
  if (purchasedCents > 0) await operator('credits grant', { email, cents: purchasedCents });
  return { key: key.key, keyId: key.id };
}

export async function purchasedCents(email: string): Promise<number> {
  return (await operator<{ purchasedCents: number }>('balance', { email })).purchasedCents;
}

export const url = (path: string) => new URL(path, inject('baseUrl')).toString();
