import { createHmac } from 'node:crypto';
import { WebhookVerificationError, verifyWebhook } from './verify-webhook';

const secret = 'whsec_test';
const now = 1_800_000_000;
const body = '{"id":"evt_1","type":"verification.completed","data":{"object":{"status":"completed"}}}';
const sign = (t: number, payload = body, key = secret) => `t=${t}, v1=${createHmac('sha256', key).update(`${t}.${payload}`).digest('hex')}`;

describe(verifyWebhook.name, () => {
  it('accepts a genuine delivery and returns the event', () => {
    expect(verifyWebhook(body, { 'X-Signature': sign(now) }, secret, { nowSeconds: now })).toMatchObject({ id: 'evt_1' });
  });

  it('rejects a wrong secret, a tampered body and a re-serialized body', () => {
    expect(() => verifyWebhook(body, { 'x-signature': sign(now, body, 'whsec_other') }, secret, { nowSeconds: now })).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(body.replace('completed', 'rejected'), { 'x-signature': sign(now) }, secret, { nowSeconds: now })).toThrow(
      WebhookVerificationError,
    );
    const reserialized = JSON.stringify(JSON.parse(body), null, 2);
    expect(() => verifyWebhook(reserialized, { 'x-signature': sign(now) }, secret, { nowSeconds: now })).toThrow(WebhookVerificationError);
  });

  it('rejects timestamps outside the tolerance, either way', () => {
    expect(() => verifyWebhook(body, { 'x-signature': sign(now - 301) }, secret, { nowSeconds: now })).toThrow(/tolerance/);
    expect(() => verifyWebhook(body, { 'x-signature': sign(now + 301) }, secret, { nowSeconds: now })).toThrow(/tolerance/);
    expect(verifyWebhook(body, { 'x-signature': sign(now - 10) }, secret, { nowSeconds: now, toleranceSeconds: 30 })).toBeTruthy();
  });

  it('rejects missing or malformed headers, and accepts one of several v1 entries', () => {
    expect(() => verifyWebhook(body, {}, secret)).toThrow(/missing/);
    expect(() => verifyWebhook(body, { 'x-signature': 'v1=abc' }, secret)).toThrow(/malformed/);
    expect(() => verifyWebhook(body, { 'x-signature': `t=${now}, v1=zz` }, secret, { nowSeconds: now })).toThrow(/does not match/);
    const rotated = `${sign(now, body, 'whsec_old')}, v1=${createHmac('sha256', secret).update(`${now}.${body}`).digest('hex')}`;
    expect(verifyWebhook(body, { 'x-signature': rotated }, secret, { nowSeconds: now })).toBeTruthy();
  });
});
