import { canonicalIp } from './ip-bytes';

/** The value of INGEST_ALLOW_HOSTS could not be read; `entry` is the offending item. */
export class AllowHostsError extends Error {
  readonly entry: string;
  constructor(entry: string) {
    super(`INGEST_ALLOW_HOSTS: "${entry}" is neither a host name nor an IP address`);
    this.name = 'AllowHostsError';
    this.entry = entry;
  }
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/;

/**
 * Reads INGEST_ALLOW_HOSTS: comma-separated host names or IP addresses (IPv6 with or without brackets), empty by
 * default. Entries are trimmed and lower-cased; empty entries are skipped; anything with a scheme, a port, a path or a
 * wildcard is refused with an AllowHostsError, because a silent mismatch would leave a host blocked (or open).
 */
export function parseAllowHosts(text: string | undefined): string[] {
  if (!text) return [];
  const hosts: string[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    const unbracketed = entry.startsWith('[') && entry.endsWith(']') ? entry.slice(1, -1) : entry;
    if (canonicalIp(unbracketed) !== null) hosts.push(unbracketed);
    else if (HOST_NAME.test(entry)) hosts.push(entry.replace(/\.$/, ''));
    else throw new AllowHostsError(raw.trim());
  }
  return [...new Set(hosts)];
}

/**
 * True when `hostOrIp` (a URL's host name, or an address it resolved to) is on the allow list. Names compare
 * case-insensitively without a trailing dot; addresses compare by value, whatever their spelling.
 */
export function isAllowedHost(hostOrIp: string, allowHosts: readonly string[]): boolean {
  if (allowHosts.length === 0) return false;
  const bare = hostOrIp
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.$/, '');
  const ip = canonicalIp(bare);
  return allowHosts.some((entry) => {
    const allowed = entry
      .replace(/^\[(.*)\]$/, '$1')
      .toLowerCase()
      .replace(/\.$/, '');
    if (ip !== null) return canonicalIp(allowed) === ip;
    return allowed === bare;
  });
}
