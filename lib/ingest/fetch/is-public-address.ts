import { type IpBytes, parseIp } from './ip-bytes';

type Range = { bytes: number[]; prefix: number };

function range(cidr: string): Range {
  const [address, prefix] = cidr.split('/') as [string, string];
  const ip = parseIp(address);
  if (!ip) throw new Error(`bad range ${cidr}`);
  return { bytes: ip.bytes, prefix: Number(prefix) };
}

// IANA special-purpose registries: nothing here is a host on the public Internet a feed may live on.
const BLOCKED_V4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, including the 169.254.169.254 cloud metadata service
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // TEST-NET-1
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // TEST-NET-2
  '203.0.113.0/24', // TEST-NET-3
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 broadcast
].map(range);

// Only 2000::/3 is global unicast; inside it, these are not reachable hosts.
const GLOBAL_V6 = range('2000::/3');
const BLOCKED_V6 = [
  '2001::/23', // IETF protocol assignments (Teredo 2001::/32, ORCHID, benchmarking 2001:2::/48 …)
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation (RFC 9637)
].map(range);
const MAPPED_V4 = range('::ffff:0:0/96');
const COMPATIBLE_V4 = range('::/96');
const SIX_TO_FOUR = range('2002::/16');

function inRange(ip: number[], { bytes, prefix }: Range): boolean {
  if (ip.length !== bytes.length) return false;
  for (let bit = 0; bit < prefix; bit += 8) {
    const mask = prefix - bit >= 8 ? 0xff : (0xff << (8 - (prefix - bit))) & 0xff;
    if (((ip[bit / 8] ?? 0) & mask) !== ((bytes[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function isPublicV4(bytes: number[]): boolean {
  return !BLOCKED_V4.some((r) => inRange(bytes, r));
}

function isPublicBytes({ version, bytes }: IpBytes): boolean {
  if (version === 4) return isPublicV4(bytes);
  // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible (::a.b.c.d) forms reach the IPv4 address, so
  // they are judged as it; :: and ::1 fall in the compatible range and come out as 0.0.0.0/8, refused.
  if (inRange(bytes, MAPPED_V4) || inRange(bytes, COMPATIBLE_V4)) return isPublicV4(bytes.slice(12));
  // 6to4 carries an IPv4 address in bits 16-48; a relay would deliver to it.
  if (inRange(bytes, SIX_TO_FOUR)) return isPublicV4(bytes.slice(2, 6));
  // Outside 2000::/3 lie ULA fc00::/7 (fd00:ec2::254 is AWS's metadata service), link-local fe80::/10, multicast
  // ff00::/8, NAT64 64:ff9b::/96 (which could reach any IPv4 address, private ones too) and the rest.
  return inRange(bytes, GLOBAL_V6) && !BLOCKED_V6.some((r) => inRange(bytes, r));
}

/**
 * True when `ip` is an address on the public Internet that the feed fetcher may connect to. Anything that is not an
 * IP literal is not public. Pure: no DNS.
 */
export function isPublicAddress(ip: string): boolean {
  const parsed = parseIp(ip);
  return parsed !== null && isPublicBytes(parsed);
}
