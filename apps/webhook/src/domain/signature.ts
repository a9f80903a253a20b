import { createHmac } from 'node:crypto';

/** The secrets that sign a delivery: the current one, and during a rotation's overlap the previous one. */
export interface SigningSecrets {
  current: string;
  previous?: string | null;
}

/**
 * The headers of every delivery (spec part 6):
 * - `X-Signature: t=<unix>, v1=<hex>[, v1=<hex>]`: HMAC-SHA256 of `"<t>.<raw body>"`, one `v1`
 *   per signing secret (the current first, then the rotated-out one during its overlap, as Stripe
 *   and Standard Webhooks do), so a receiver verifying with either secret passes;
 * - `X-Signature-256: sha256=<hex>`: the legacy HMAC-SHA256 of the raw body with the current
 *   secret only. It signs no timestamp, so a captured delivery can be replayed: verify X-Signature;
 * - `webhook-id` (the event id, the same on every retry: dedupe on it) and `webhook-timestamp`.
 */
export function signatureHeaders(secrets: SigningSecrets, body: string, unixSeconds: number, eventId: string): Record<string, string> {
  const signing = [secrets.current, ...(secrets.previous ? [secrets.previous] : [])];
  const v1 = signing.map((secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`);
  const legacy = createHmac('sha256', secrets.current).update(body).digest('hex');
  return {
    'x-signature': [`t=${unixSeconds}`, ...v1].join(', '),
    'x-signature-256': `sha256=${legacy}`,
    'webhook-id': eventId,
    'webhook-timestamp': String(unixSeconds),
  };
}
