import { IDEMPOTENCY_RETENTION_MS, decide, fingerprintRequest } from './idempotency';

const now = new Date('2026-11-23T12:00:00Z');
const record = (over: Partial<Parameters<typeof decide>[0] & object> = {}) => ({
  requestHash: 'h',
  state: 'completed' as const,
  createdAt: new Date(now.getTime() - 1000),
  responseStatus: 201,
  responseBody: { id: 's1' },
  ...over,
});

describe('idempotency decisions', () => {
  it('proceeds without a record', () => expect(decide(null, 'h', now)).toEqual({ kind: 'proceed' }));
  it('replays a completed request', () => expect(decide(record(), 'h', now)).toEqual({ kind: 'replay', status: 201, body: { id: 's1' } }));
  it('reports an in-flight request', () => expect(decide(record({ state: 'in_flight' }), 'h', now)).toEqual({ kind: 'in_flight' }));
  it('rejects a key reused with another body', () => expect(decide(record(), 'other', now)).toEqual({ kind: 'mismatch' }));
  it('forgets keys after 24 hours', () => {
    expect(decide(record({ createdAt: new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS - 1) }), 'other', now)).toEqual({
      kind: 'proceed',
    });
  });
});

describe(fingerprintRequest.name, () => {
  it('ignores key order but not values or environment', () => {
    expect(fingerprintRequest('test', { a: 1, b: { c: 2, d: 3 } })).toBe(fingerprintRequest('test', { b: { d: 3, c: 2 }, a: 1 }));
    expect(fingerprintRequest('test', { a: 1 })).not.toBe(fingerprintRequest('test', { a: 2 }));
    expect(fingerprintRequest('test', { a: 1 })).not.toBe(fingerprintRequest('live', { a: 1 }));
  });
});
