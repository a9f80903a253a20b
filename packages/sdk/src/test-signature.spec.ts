import { createHmac } from 'node:crypto';
import { generateTestHeaders, generateTestHeaderString } from './test-signature';
import { WebhookVerificationError, verifyWebhook } from './verify-webhook';

const payload = { id: 'evt_1', type: 'verification.completed', data: { object: { status: 'completed' } } };

describe('test signatures', () => {
  it('signs a payload so the verifier accepts it, and the wrong secret does not', () => {
    const headers = generateTestHeaders({ payload, secret: 'whsec_a', eventId: 'evt_1', timestamp: 1_800_000_000 });
    const body = JSON.stringify(payload);
    expect(verifyWebhook(body, headers, 'whsec_a', { nowSeconds: 1_800_000_010 })).toEqual(payload);
    expect(() => verifyWebhook(body, headers, 'whsec_b', { nowSeconds: 1_800_000_010 })).toThrow(WebhookVerificationError);
    expect(headers).toEqual({
      'x-signature': `t=1800000000, v1=${createHmac('sha256', 'whsec_a').update(`1800000000.${body}`).digest('hex')}`,
      'x-signature-256': `sha256=${createHmac('sha256', 'whsec_a').update(body).digest('hex')}`,
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1800000000',
    });
  });

  it('signs with both secrets during a rotation, the current first', () => {
    const value = generateTestHeaderString({ payload: '{}', secret: 'whsec_new', previousSecret: 'whsec_old', timestamp: 100 });
    expect(value.split(', ').map((part) => part.split('=')[0])).toEqual(['t', 'v1', 'v1']);
    for (const secret of ['whsec_new', 'whsec_old'])
      expect(verifyWebhook('{}', { 'x-signature': value }, secret, { nowSeconds: 100 })).toEqual({});
  });

  it('signs now by default, so a fresh test header is inside the tolerance', () => {
    const headers = generateTestHeaders({ payload: '{"a":1}', secret: 'whsec_a' });
    expect(headers['webhook-id']).toMatch(/^evt_test_/);
    expect(verifyWebhook('{"a":1}', headers, 'whsec_a')).toEqual({ a: 1 });
  });
});
