import { createHmac } from 'node:crypto';
import { DEFAULT_RETRY_SCHEDULE_MS, nextAttemptDelay, parseRetrySchedule } from './retry-schedule';
import { signatureHeaders } from './signature';
import { isGlobalUnicast, isLinkLocalOrMetadata, mayDeliverTo } from './url-policy';
import { webhookBody } from './webhook-payload';

describe('webhook signatures', () => {
  const body = '{"id":"e1"}';
  const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

  it('signs "<t>.<body>" for v1 and the raw body for sha256, and names the event in webhook-id', () => {
    const headers = signatureHeaders({ current: 'whsec_x' }, body, 1_700_000_000, 'evt-1');
    expect(headers).toEqual({
      'x-signature': `t=1700000000, v1=${hmac('whsec_x', `1700000000.${body}`)}`,
      'x-signature-256': `sha256=${hmac('whsec_x', body)}`,
      'webhook-id': 'evt-1',
      'webhook-timestamp': '1700000000',
    });
  });

  it('during a rotation signs with both secrets: the new v1 first, the old beside it; the legacy header with the new only', () => {
    const headers = signatureHeaders({ current: 'whsec_new', previous: 'whsec_old' }, body, 1_700_000_000, 'evt-1');
    expect(headers['x-signature']).toBe(
      `t=1700000000, v1=${hmac('whsec_new', `1700000000.${body}`)}, v1=${hmac('whsec_old', `1700000000.${body}`)}`,
    );
    expect(headers['x-signature-256']).toBe(`sha256=${hmac('whsec_new', body)}`);
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
          isReused: false,
          freeOfCharge: false,
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
          isReused: false,
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
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    // Passed as public before (issue 26): IPv4-compatible loopback, NAT64 of the metadata address, 6to4 of loopback,
    // multicast, site-local, benchmarking, IETF protocol assignments; and documentation ranges.
    '::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    'ff02::1',
    'fec0::1',
    '198.18.0.1',
    '192.0.0.1',
    '192.0.2.1',
    '2001:db8::1',
    'not an address',
  ])('does not count %s as global unicast', (address) => {
    expect(isGlobalUnicast(address)).toBe(false);
    expect(mayDeliverTo('live', [address], false)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2001:4860:4860::8888', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'counts %s as global unicast',
    (address) => {
      expect(isGlobalUnicast(address)).toBe(true);
      expect(mayDeliverTo('live', [address], false)).toBe(true);
    },
  );

  it('refuses a host when any of its addresses is not public (one private answer is enough to rebind to)', () => {
    expect(mayDeliverTo('sandbox', ['93.184.216.34', '127.0.0.1'], false)).toBe(false);
    expect(mayDeliverTo('sandbox', [], false)).toBe(false);
  });

  it('lets test endpoints and WEBHOOK_ALLOW_PRIVATE_URLS reach private hosts, never link-local or metadata', () => {
    expect(mayDeliverTo('test', ['127.0.0.1'], false)).toBe(true);
    expect(mayDeliverTo('sandbox', ['10.0.0.5'], true)).toBe(true);
    for (const address of [
      '169.254.169.254',
      'fe80::1',
      'fd00:ec2::254',
      '100.100.100.200',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::',
      '::a9fe:a9fe',
    ]) {
      expect([address, isLinkLocalOrMetadata(address)]).toEqual([address, true]);
      expect(mayDeliverTo('test', [address], false)).toBe(false);
      expect(mayDeliverTo('sandbox', [address], true)).toBe(false);
    }
    expect(isLinkLocalOrMetadata('::1')).toBe(false);
  });
});
