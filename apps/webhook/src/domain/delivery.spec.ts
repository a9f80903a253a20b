import { createHmac } from 'node:crypto';
import { DEFAULT_RETRY_SCHEDULE_MS, nextAttemptDelay, parseRetrySchedule } from './retry-schedule';
import { signatureHeaders } from './signature';
import { isPrivateAddress, mayDeliverTo } from './url-policy';
import { webhookBody } from './webhook-payload';

describe('webhook signatures', () => {
  it('signs "<t>.<body>" for v1 and the raw body for sha256', () => {
    const body = '{"id":"e1"}';
    const headers = signatureHeaders('whsec_x', body, 1_700_000_000);
    expect(headers['x-signature']).toBe(`t=1700000000, v1=${createHmac('sha256', 'whsec_x').update(`1700000000.${body}`).digest('hex')}`);
    expect(headers['x-signature-256']).toBe(`sha256=${createHmac('sha256', 'whsec_x').update(body).digest('hex')}`);
  });
});

describe('retry schedule', () => {
  it('spans about three days by default, then gives up', () => {
    const total = DEFAULT_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    expect(total / 86_400_000).toBeGreaterThan(2.5);
    expect(total / 86_400_000).toBeLessThan(3.5);
    expect(nextAttemptDelay(DEFAULT_RETRY_SCHEDULE_MS, DEFAULT_RETRY_SCHEDULE_MS.length + 1)).toBeNull();
  });

  it('adds at most 10 % jitter and can be replaced by configuration', () => {
    expect(nextAttemptDelay([1000], 1, () => 0)).toBe(900);
    expect(nextAttemptDelay([1000], 1, () => 1)).toBe(1100);
    expect(parseRetrySchedule('300, 600,900')).toEqual([300, 600, 900]);
    expect(() => parseRetrySchedule('1,x')).toThrow();
  });
});

describe('webhook body', () => {
  const envelope = { id: 'e1', occurredAt: '2026-11-23T00:00:00Z', projectId: 'p1', sessionId: 's1', environment: 'test' };

  it('puts the status at data.object.status, keeps the event id and shows clientMetadata as an object', () => {
    const body = JSON.parse(
      webhookBody({
        ...envelope,
        type: 'verification.completed',
        payload: {
          status: 'completed',
          attemptId: 'a1',
          decision: 'approved',
          confidence: 0.9,
          documentType: 'passport',
          extractedData: { fullName: 'A B', firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', nationality: 'DEU', sex: 'F' },
          duplicate: undefined,
          clientMetadataJson: '{"userId":"u1"}',
          testMode: true,
          poaPending: false,
        },
      }),
    );
    expect(body).toEqual({
      id: 'e1',
      type: 'verification.completed',
      created: 1795392000,
      livemode: false,
      data: {
        object: {
          id: 's1',
          object: 'verification',
          status: 'completed',
          attemptId: 'a1',
          decision: 'approved',
          confidence: 0.9,
          documentType: 'passport',
          extractedData: { fullName: 'A B', firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', nationality: 'DEU', sex: 'F' },
          duplicate: { suspected: false },
          clientMetadata: { userId: 'u1' },
          testMode: true,
        },
      },
    });
  });

  it("names the rejection in the spec's snake_case fields", () => {
    const body = JSON.parse(
      webhookBody({
        ...envelope,
        type: 'verification.status_changed',
        payload: { status: 'rejected', rejectionReason: 'expired', reviewedBy: 'system', clientMetadataJson: '', testMode: false },
      }),
    );
    expect(body.data.object).toEqual({
      id: 's1',
      object: 'verification',
      status: 'rejected',
      rejection_reason: 'expired',
      reviewed_by: 'system',
      clientMetadata: {},
      testMode: false,
    });
  });
});

describe('SSRF policy', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1', '0.0.0.0'])(
    'treats %s as private',
    (address) => {
      expect(isPrivateAddress(address)).toBe(true);
    },
  );

  it('lets test endpoints go anywhere and keeps sandbox/live on public addresses', () => {
    expect(mayDeliverTo('test', ['127.0.0.1'], false)).toBe(true);
    expect(mayDeliverTo('live', ['127.0.0.1'], false)).toBe(false);
    expect(mayDeliverTo('live', ['93.184.216.34'], false)).toBe(true);
    expect(mayDeliverTo('sandbox', ['10.0.0.5'], true)).toBe(true);
  });
});
