import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** How a host name becomes addresses. */
export type HostResolver = (host: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address);

/**
 * Every address a URL's host stands for: an IP literal (brackets of IPv6 removed) is itself,
 * a name is resolved. The one way the URL policy and the dispatcher see a webhook's host.
 */
export async function addressesOf(url: URL, resolve: HostResolver = systemResolver): Promise<string[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? [host] : resolve(host);
}
