import ipaddr from 'ipaddr.js';

/**
 * The part of a client's address that names one client, for per-address limits: an IPv4 address
 * whole, an IPv6 address by its /64. A home or office network is given a /64 (or more) and every
 * device in it picks addresses from it at will, so counting IPv6 addresses one by one let a
 * single client rotate past every limit; a /64 is what one subscriber holds. IPv4-mapped IPv6
 * (`::ffff:192.0.2.1`) counts as the IPv4 address. Never stored or logged: callers hash it.
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
