import { env } from '@/lib/env';
import { isAllowedHost, parseAllowHosts } from '@/lib/ingest/fetch/allow-hosts';
import { FetchError } from '@/lib/ingest/fetch/fetch-error';
import { type Resolve, resolveDestination, systemResolve } from '@/lib/ingest/fetch/resolve-destination';

/** Where webhooks may go: the feed fetcher's address rules, with its allow-list (INGEST_ALLOW_HOSTS) for tests. */
export interface WebhookNetwork {
  allowHosts: readonly string[];
  resolve: Resolve;
}

export function configuredWebhookNetwork(): WebhookNetwork {
  return { allowHosts: parseAllowHosts(env().INGEST_ALLOW_HOSTS), resolve: systemResolve };
}

/** A webhook URL refused, with the reason a client can act on. */
export class WebhookUrlError extends Error {}

/**
 * Checks a webhook URL and returns the one address a request to it may connect to: https (plain http only for an
 * allow-listed host, such as a test receiver on loopback), no credentials in it, and every address its host resolves
 * to public, as feed fetching demands (lib/ingest/fetch/resolve-destination.ts). Checked when a watch is created and
 * again at every delivery, so a name that later points inside is refused then too.
 */
export async function webhookDestination(text: string, network: WebhookNetwork) {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookUrlError('must be an absolute https URL');
  }
  if (url.username || url.password) throw new WebhookUrlError('must not carry credentials');
  const allowed = isAllowedHost(url.hostname, network.allowHosts);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) {
    throw new WebhookUrlError('must be an https URL');
  }
  try {
    return { url, address: await resolveDestination(url, network.allowHosts, network.resolve) };
  } catch (error) {
    if (error instanceof FetchError && error.code === 'blocked_address') {
      throw new WebhookUrlError('must be on a public address (this one is private, loopback or reserved)');
    }
    if (error instanceof FetchError) throw new WebhookUrlError('has a host that does not resolve');
    throw error;
  }
}
