import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may go (SSRF). Sandbox and live endpoints must resolve to global unicast
 * addresses only: IPv4 outside every special-purpose range (private, loopback, link-local, CGNAT,
 * benchmarking 198.18/15, IETF 192.0.0/24, documentation, multicast, reserved), IPv6 inside
 * 2000::/3 and outside its special ranges (NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo,
 * documentation); IPv4-mapped addresses are judged as the IPv4 they carry. The ranges come from
 * ipaddr.js (IANA's special-purpose registries), not from a list of our own. Test-mode endpoints
 * may point at private and loopback hosts for local development, but never, in any environment,
 * at a link-local or cloud-metadata address (including one carried inside NAT64, 6to4 or an
 * IPv4-compatible address).
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/** Cloud metadata services outside the link-local range (AWS IPv6, Alibaba). */
const METADATA_ADDRESSES = new Set(['fd00:ec2::254', '100.100.100.200']);

function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  return ipaddr.isValid(address) ? ipaddr.process(address) : null;
}

export function isGlobalUnicast(address: string): boolean {
  const parsed = parse(address);
  if (!parsed || parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/** The IPv4 address an IPv6 translation or transition address carries, if it is one. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const fromWords = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (address.range()) {
    case 'rfc6052': // NAT64 64:ff9b::/96
      return fromWords(parts[6], parts[7]);
    case '6to4': // 2002:AABB:CCDD::/48
      return fromWords(parts[1], parts[2]);
    default:
      // IPv4-compatible ::a.b.c.d (deprecated, RFC 4291), other than :: and ::1.
      return parts.slice(0, 6).every((word) => word === 0) && (parts[6] !== 0 || parts[7] > 1) ? fromWords(parts[6], parts[7]) : null;
  }
}

export function isLinkLocalOrMetadata(address: string): boolean {
  const parsed = parse(address);
  if (!parsed) return true;
  if (parsed.range() === 'linkLocal' || METADATA_ADDRESSES.has(parsed.toString())) return true;
  const inner = parsed.kind() === 'ipv6' ? embeddedIPv4(parsed as ipaddr.IPv6) : null;
  return inner !== null && (inner.range() === 'linkLocal' || METADATA_ADDRESSES.has(inner.toString()));
}

/** Whether a delivery may go to a host that resolved to `resolvedAddresses` (every one must pass). */
export function mayDeliverTo(environment: string, resolvedAddresses: readonly string[], allowPrivate: boolean): boolean {
  if (resolvedAddresses.length === 0 || resolvedAddresses.some(isLinkLocalOrMetadata)) return false;
  if (environment === 'test' || allowPrivate) return true;
  return resolvedAddresses.every(isGlobalUnicast);
}
