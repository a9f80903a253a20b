import { createHmac } from 'node:crypto';

/**
 * The signature headers of every delivery (spec part 6): `X-Signature: t=<unix>, v1=<hex>` over
 * `"<t>.<raw body>"`, and `X-Signature-256: sha256=<hex>` over the raw body, both HMAC-SHA256
 * with the endpoint's whsec_ secret.
 */
export function signatureHeaders(secret: string, body: string, unixSeconds: number): Record<string, string> {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  const legacy = createHmac('sha256', secret).update(body).digest('hex');
  return { 'x-signature': `t=${unixSeconds}, v1=${v1}`, 'x-signature-256': `sha256=${legacy}` };
}
