import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';

export interface PinnedPost {
  url: URL;
  /** The address the URL's host was vetted at: the connection goes there and nowhere else. */
  address: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/**
 * POSTs to the address that was checked, not to whatever the host resolves to a moment later
 * (DNS rebinding): the socket's lookup answers the vetted address, while the Host header, TLS
 * SNI and certificate checks keep the URL's name. Redirects are not followed; the answer's body
 * is discarded. Resolves the status code; rejects on a network error or on `timeoutMs`.
 */
export function postToPinnedAddress(post: PinnedPost): Promise<number> {
  const family = isIP(post.address);
  if (!family) return Promise.reject(new Error(`not an IP address: ${post.address}`));
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: post.address, family },
      ]);
    else callback(null, post.address, family);
  };
  const client = post.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      post.url,
      { method: 'POST', headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) }, lookup, agent: false },
      (response) => {
        clearTimeout(timer);
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    const timer = setTimeout(() => request.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })), post.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(post.body);
  });
}
