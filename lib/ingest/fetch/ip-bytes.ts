import { isIP } from 'node:net';

/** An IP address as bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = { version: 4 | 6; bytes: number[] };

/**
 * Parses an IP literal (IPv4 dotted quad, or IPv6 in any textual form, with or without brackets or a zone id) into
 * bytes, so ranges can be compared without caring how the address was written. Returns null for anything else.
 */
export function parseIp(text: string): IpBytes | null {
  let value = text.trim();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  // A zone id (fe80::1%eth0) names an interface; it does not change which range the address is in.
  const zone = value.indexOf('%');
  if (zone !== -1) value = value.slice(0, zone);
  const version = isIP(value);
  if (version === 4) return { version: 4, bytes: value.split('.').map(Number) };
  if (version === 6) return { version: 6, bytes: parseIpv6(value) };
  return null;
}

function parseIpv6(value: string): number[] {
  let text = value.toLowerCase();
  // An embedded dotted IPv4 tail (::ffff:1.2.3.4) becomes two hex groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = 8 - headGroups.length - restGroups.length;
  const groups = rest === undefined ? headGroups : [...headGroups, ...Array(missing).fill('0'), ...restGroups];
  return groups.flatMap((group) => {
    const n = Number.parseInt(group, 16);
    return [n >> 8, n & 0xff];
  });
}

/** A canonical text for an address, so `::FFFF:7f00:1` and `::ffff:127.0.0.1` compare equal. */
export function canonicalIp(text: string): string | null {
  const ip = parseIp(text);
  return ip ? `${ip.version}:${ip.bytes.join('.')}` : null;
}
