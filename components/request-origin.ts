import { headers } from 'next/headers';
import { originFromHeaders } from '@/lib/api/base-url';

/** The public origin for URLs shown on pages, the same one the API reports. Pages have no Request, only headers. */
export async function requestOrigin(): Promise<string> {
  return originFromHeaders(await headers(), 'http://localhost');
}
