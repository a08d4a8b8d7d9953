import { lookup } from 'node:dns/promises';
import { isAllowedHost } from './allow-hosts';
import { FetchError } from './fetch-error';
import { parseIp } from './ip-bytes';
import { isPublicAddress } from './is-public-address';

/** A resolved address, as dns.lookup gives it. */
export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Resolves a host name to its addresses; injectable so tests can point a name anywhere without a DNS server. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (hostname) => {
  const addresses = await lookup(hostname, { all: true, verbatim: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * The one address a request to `url` may connect to, checked: every address the host resolves to must be public,
 * unless the host name or that address is allow-listed. Refusing when any address is private (rather than picking a
 * public one) keeps a name that mixes both from being a way in. The caller connects to exactly this address, so a
 * second, different DNS answer (rebinding) never reaches a socket.
 */
export async function resolveDestination(url: URL, allowHosts: readonly string[], resolve: Resolve) {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const hostAllowed = isAllowedHost(hostname, allowHosts);
  const literal = parseIp(hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: hostname, family: literal.version }];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new FetchError('network', `cannot resolve host${typeof code === 'string' ? ` (${code})` : ''}`, { url });
    }
    if (addresses.length === 0) throw new FetchError('network', 'host has no address', { url });
  }
  for (const { address } of addresses) {
    if (!hostAllowed && !isAllowedHost(address, allowHosts) && !isPublicAddress(address)) {
      // The operator's way out, named: INGEST_ALLOW_HOSTS is read by the process that fetches, the running service.
      throw new FetchError(
        'blocked_address',
        `refused to connect to a non-public address ${address}; to allow it, add the host to INGEST_ALLOW_HOSTS in the service's environment and restart it`,
        { url },
      );
    }
  }
  return addresses[0]!;
}
