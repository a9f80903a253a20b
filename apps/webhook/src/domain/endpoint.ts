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

/**
 * What setting a URL does to an environment's endpoint: the first one is created with a new
 * secret; the same URL again changes nothing (it used to issue a new secret, breaking the
 * receivers still verifying with the old one); another URL keeps the secret. Rotation is its own
 * call, with an overlap.
 */
export type EndpointChange = 'created' | 'unchanged' | 'url_changed';

export function endpointChange(currentUrl: string | null, url: string): EndpointChange {
  if (currentUrl === null) return 'created';
  return currentUrl === url ? 'unchanged' : 'url_changed';
}

/** How long a rotated-out secret keeps signing beside the new one: 0 (at once) to 7 days; 24 h unless asked. */
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 24 * 3600;
export const DEFAULT_SECRET_OVERLAP_SECONDS = 24 * 3600;

export function assertSecretOverlap(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_SECRET_OVERLAP_SECONDS) {
    throw new KycError(ErrorCode.VALIDATION_FAILED, `the old secret's overlap must be 0 to ${MAX_SECRET_OVERLAP_SECONDS} seconds (7 days)`);
  }
}
