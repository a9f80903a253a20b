import { ErrorCode, KycError } from '@kyc/errors';
import { mayDeliverTo } from '../domain/url-policy';
import { addressesOf } from './host-addresses';

/**
 * Checks an endpoint URL when it is set (the dispatcher checks again at every send, and connects
 * to the address it checked). Sandbox and live: every address the host resolves to must be
 * global unicast. Test mode (and WEBHOOK_ALLOW_PRIVATE_URLS): private hosts and names that do not
 * resolve yet are fine, link-local and cloud-metadata addresses never are.
 */
export class EndpointUrlPolicy {
  constructor(private readonly allowPrivateUrls: boolean) {}

  async assertAllowed(environment: string, url: URL): Promise<void> {
    const lenient = environment === 'test' || this.allowPrivateUrls;
    let addresses: string[];
    try {
      addresses = await addressesOf(url);
    } catch {
      if (lenient) return;
      throw new KycError(ErrorCode.VALIDATION_FAILED, `url host ${url.hostname} does not resolve`);
    }
    if (!mayDeliverTo(environment, addresses, this.allowPrivateUrls)) {
      throw new KycError(
        ErrorCode.VALIDATION_FAILED,
        lenient
          ? 'webhook URLs may not point at link-local or cloud-metadata addresses'
          : 'sandbox and live webhook URLs must resolve to public (global unicast) addresses',
      );
    }
  }
}
