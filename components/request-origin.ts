import { headers } from 'next/headers';
import { env } from '@/lib/env';

// A host header is shown back to the visitor (in examples and copyable URLs); anything odd falls back to localhost.
const HOST_HEADER = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The public origin for URLs shown on pages, matching what the API reports (lib/api/base-url.ts): PUBLIC_BASE_URL
 * when set, else the origin the visitor used. Pages have no Request object, so this reads the request headers.
 */
export async function requestOrigin(): Promise<string> {
  const configured = env().PUBLIC_BASE_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const list = await headers();
  const host = list.get('host') ?? '';
  const proto = list.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  return `${proto}://${HOST_HEADER.test(host) ? host : 'localhost'}`;
}
