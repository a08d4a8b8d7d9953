import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '@/lib/ingest/fetch/is-public-address';

const refused = [
  ['0.0.0.0', 'this network'],
  ['0.255.255.255', 'this network, top'],
  ['10.0.0.1', 'private 10/8'],
  ['10.255.255.255', 'private 10/8, top'],
  ['127.0.0.1', 'loopback'],
  ['127.255.0.9', 'loopback, not .1'],
  ['169.254.169.254', 'cloud metadata'],
  ['169.254.0.1', 'link-local'],
  ['172.16.0.1', 'private 172.16/12, bottom'],
  ['172.31.255.255', 'private 172.16/12, top'],
  ['192.168.1.1', 'private 192.168/16'],
  ['100.64.0.1', 'CGNAT bottom'],
  ['100.127.255.255', 'CGNAT top'],
  ['192.0.0.8', 'IETF assignments'],
  ['192.0.2.10', 'TEST-NET-1'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking, top'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.99', 'TEST-NET-3'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast SSDP'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'IPv6 unspecified'],
  ['::1', 'IPv6 loopback'],
  ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
  ['fc00::1', 'ULA fc00::/7'],
  ['fd12:3456::1', 'ULA fd'],
  ['fd00:ec2::254', 'AWS IPv6 metadata'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with zone'],
  ['febf::1', 'link-local, top of fe80::/10'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
  ['64:ff9b::808:808', 'NAT64 of a public address is refused too'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::a00:1', 'IPv4-compatible private, hex'],
  ['2002:7f00:1::', '6to4 of 127.0.0.1'],
  ['2002:c0a8:0101::1', '6to4 of 192.168.1.1'],
  ['2001::1', 'Teredo'],
  ['[::1]', 'bracketed loopback'],
  ['localhost', 'a name, not an address'],
  ['', 'empty'],
  ['1.2.3', 'not an address'],
  ['999.1.1.1', 'not an address'],
] as const;

const allowed = [
  ['8.8.8.8', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['100.63.255.255', 'just below CGNAT'],
  ['100.128.0.1', 'just above CGNAT'],
  ['169.253.255.255', 'just below link-local'],
  ['198.17.255.255', 'just below benchmarking'],
  ['198.20.0.1', 'just above benchmarking'],
  ['223.255.255.255', 'just below multicast'],
  ['11.0.0.1', 'just above 10/8'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2a00:1450:4001:80b::200e', 'public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['2002:0808:0808::1', '6to4 of a public address'],
  ['2001:4860:4860::8888', 'public IPv6 outside 2001::/23'],
] as const;

describe('isPublicAddress', () => {
  it.each(refused)('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
  it.each(allowed)('accepts %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});
