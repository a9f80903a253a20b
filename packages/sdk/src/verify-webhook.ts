import { createHmac, timingSafeEqual } from 'node:crypto';

export interface VerifyOptions {
  /** How far the signed timestamp may be from now, either way. */
  toleranceSeconds?: number;
  /** For tests: the current time in seconds. */
  nowSeconds?: number;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export class WebhookVerificationError extends Error {}

function header(headers: WebhookHeaders, name: string): string | undefined {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}

function equalHex(expected: Buffer, givenHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(givenHex)) return false;
  const given = Buffer.from(givenHex, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Verifies a webhook delivery: `X-Signature: t=<unix>, v1=<hex>` is HMAC-SHA256 of
 * `"<t>.<raw body>"` with your `whsec_` secret. Pass the raw body exactly as received (not
 * re-serialized JSON). Several `v1` entries are accepted (secret rotation). Returns the parsed
 * event; throws WebhookVerificationError otherwise.
 */
export function verifyWebhook<T = unknown>(
  rawBody: string | Buffer,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): T {
  const tolerance = options.toleranceSeconds ?? 300;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const signature = header(headers, 'x-signature');
  if (!signature) throw new WebhookVerificationError('missing X-Signature header');
  const parts = signature.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const candidates = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || candidates.length === 0) throw new WebhookVerificationError('malformed X-Signature header');
  if (Math.abs(now - timestamp) > tolerance) throw new WebhookVerificationError('timestamp outside the tolerance');
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  if (!candidates.some((candidate) => equalHex(expected, candidate))) throw new WebhookVerificationError('signature does not match');
  return JSON.parse(body) as T;
}
