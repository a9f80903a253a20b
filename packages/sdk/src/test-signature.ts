import { createHmac, randomUUID } from 'node:crypto';

export interface TestSignatureInput {
  /** The exact body your receiver will be handed (a string; a JSON object is serialized once). */
  payload: string | object;
  /** The endpoint's `whsec_` secret. */
  secret: string;
  /** Also sign with a rotated-out secret, as deliveries do during a rotation's overlap. */
  previousSecret?: string;
  /** Unix seconds; default now. */
  timestamp?: number;
  /** The `webhook-id` header (the event id); default a random `evt_test_…`. */
  eventId?: string;
}

/**
 * The headers a real delivery carries (apps/webhook signs them so), for tests of your receiver:
 * `x-signature: t=<unix>, v1=<hex>[, v1=<hex>]` (HMAC-SHA256 of `"<t>.<body>"`, the current secret
 * first), the legacy `x-signature-256: sha256=<hex>`, `webhook-id` and `webhook-timestamp`.
 */
export function generateTestHeaders(input: TestSignatureInput): Record<string, string> {
  const body = typeof input.payload === 'string' ? input.payload : JSON.stringify(input.payload);
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  return {
    'x-signature': generateTestHeaderString({ ...input, payload: body, timestamp }),
    'x-signature-256': `sha256=${createHmac('sha256', input.secret).update(body).digest('hex')}`,
    'webhook-id': input.eventId ?? `evt_test_${randomUUID()}`,
    'webhook-timestamp': String(timestamp),
  };
}

/** The `X-Signature` value alone, like Stripe's `generateTestHeaderString`. */
export function generateTestHeaderString(input: TestSignatureInput): string {
  const body = typeof input.payload === 'string' ? input.payload : JSON.stringify(input.payload);
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const secrets = [input.secret, ...(input.previousSecret ? [input.previousSecret] : [])];
  const v1 = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  return [`t=${timestamp}`, ...v1].join(', ');
}
