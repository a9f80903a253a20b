import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ErrorCode, KycError } from '@kyc/errors';
import { mayDeliverTo } from '../domain/url-policy';

/** Refuses sandbox/live endpoints that resolve to private or loopback addresses, when the URL is set (and again at send). */
export class EndpointUrlPolicy {
  constructor(private readonly allowPrivateUrls: boolean) {}

  async assertAllowed(environment: string, url: URL): Promise<void> {
    if (environment === 'test' || this.allowPrivateUrls) return;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
    } catch {
      throw new KycError(ErrorCode.VALIDATION_FAILED, `url host ${host} does not resolve`);
    }
    if (!mayDeliverTo(environment, addresses, false)) {
      throw new KycError(ErrorCode.VALIDATION_FAILED, 'sandbox and live webhook URLs must resolve to public addresses');
    }
  }
}
