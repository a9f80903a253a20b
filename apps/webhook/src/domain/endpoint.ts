import { randomBytes } from 'node:crypto';
import { ErrorCode, KycError } from '@kyc/errors';

/** An http(s) URL without credentials. SSRF rules per environment come with webhook delivery. */
export function assertEndpointUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new KycError(ErrorCode.VALIDATION_FAILED, 'url must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new KycError(ErrorCode.VALIDATION_FAILED, 'url must use http or https');
  if (url.username || url.password) throw new KycError(ErrorCode.VALIDATION_FAILED, 'url must not carry credentials');
  return url;
}

/** `whsec_` + 32 random bytes; integrators verify signatures with it (spec part 5). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
