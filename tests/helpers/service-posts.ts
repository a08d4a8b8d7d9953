import { runRemoteCommand } from '@/lib/operator/remote';
import { readServiceFile } from '@/lib/operator/service-file';
import type { RunningService } from './service';

/** Runs an operator command in a service of a test's own (the shared service has tests/helpers/paid.ts#operator). */
export function serviceCommand(service: RunningService, name: string, args: Record<string, unknown> = {}) {
  return runRemoteCommand(readServiceFile(service.dataDir)!, name, args);
}

/** The path of the first demo post at the default price whose summary is ready (a plain request answers 402). */
export async function readyPostPath(baseUrl: string): Promise<string> {
  const get = async <T>(path: string) => (await (await fetch(new URL(path, baseUrl))).json()) as T;
  const { publications } = await get<{ publications: Array<{ slug: string }> }>('/api/v1/publications');
  for (const { slug } of publications) {
    const { posts } = await get<{ posts: Array<{ slug: string; priceCents: number | null }> }>(
      `/api/v1/publications/${slug}?limit=100`,
    );
    for (const post of posts.filter((p) => p.priceCents === null)) {
      const path = `/api/v1/publications/${slug}/${post.slug}`;
      const probe = await fetch(new URL(path, baseUrl));
      await probe.body?.cancel();
      if (probe.status === 402) return path;
    }
  }
  throw new Error('no ready post in the demo corpus');
}
