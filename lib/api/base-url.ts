import { env } from '../env';

/** The public origin of this service: PUBLIC_BASE_URL when set (behind a proxy), else the origin the request used. */
export function publicBaseUrl(request: Request): string {
  return env().PUBLIC_BASE_URL ?? new URL(request.url).origin;
}
