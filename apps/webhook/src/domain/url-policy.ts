import { isIP } from 'node:net';

/**
 * Where sandbox and live webhooks may not go (SSRF): loopback, link-local, private and other
 * non-public ranges. Test-mode endpoints may point anywhere, for local development.
 */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const a = address.toLowerCase();
    if (a === '::1' || a === '::') return true;
    if (a.startsWith('::ffff:')) return isPrivateAddress(a.slice(7));
    return /^(fc|fd|fe8|fe9|fea|feb)/.test(a);
  }
  const parts = address.split('.').map(Number);
  if (parts.length !== 4) return true;
  const [a, b] = parts;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    a >= 224
  );
}

export function mayDeliverTo(environment: string, resolvedAddresses: readonly string[], allowPrivate: boolean): boolean {
  if (environment === 'test' || allowPrivate) return true;
  return resolvedAddresses.length > 0 && !resolvedAddresses.some(isPrivateAddress);
}
