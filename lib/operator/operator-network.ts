import { isIP } from 'node:net';

/**
 * The operator endpoint runs admin commands (seeding, removing publications, granting credits): by default it
 * answers only connections from this machine, whatever interface the service listens on. OPERATOR_REMOTE=true opens
 * it to the network (its token is still required).
 */
export function operatorReachable(path: string, remoteAddress: string | undefined, allowRemote: boolean): boolean {
  if (!path.startsWith('/api/operator')) return true;
  return allowRemote || isLoopback(remoteAddress);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}
