import { events as pb } from '@kyc/contracts';
import { EventDecodeError, type EventEnvelope, decodeEvent, encodeEvent } from './event-codec';

const base = {
  id: '5d0c5c58-3f43-4a53-9d0e-0f0b7f3b8d11',
  occurredAt: '2026-11-23T10:00:00.000Z',
  projectId: 'p',
  environment: 'live',
  sessionId: 's',
};

describe('event codec (kyc.events.v1 protobuf)', () => {
  it('carries the trace context of the operation that recorded the event, and none when it had none', () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const event: EventEnvelope = {
      ...base,
      traceparent,
      type: 'verification.closed',
      payload: { reason: 'expired', clientMetadataJson: '' },
    };
    expect(decodeEvent(encodeEvent(event)).traceparent).toBe(traceparent);
    const { traceparent: _dropped, ...untraced } = event;
    expect('traceparent' in decodeEvent(encodeEvent(untraced as EventEnvelope))).toBe(false);
  });

  it('round-trips each event type, absent messages staying absent', () => {
    const samples: EventEnvelope[] = [
      {
        ...base,
        type: 'verification.completed',
        payload: {
          status: 'completed',
          attemptId: 'a',
          decision: 'approved',
          confidence: 0.5,
          documentType: '',
          extractedData: undefined,
          duplicate: { suspected: false },
          clientMetadataJson: '',
          testMode: true,
          poaPending: false,
          isReused: false,
          freeOfCharge: false,
        },
      },
      {
        ...base,
        type: 'verification.status_changed',
        payload: {
          status: 'rejected',
          rejectionReason: 'document expired',
          reviewedBy: 'system',
          clientMetadataJson: '{}',
          testMode: false,
        },
      },
      {
        ...base,
        type: 'verification.updated',
        payload: { status: 'open', change: 'clientMetadata', clientMetadataJson: '{"a":1}', testMode: false },
      },
      { ...base, type: 'verification.poa_completed', payload: { poaStatus: 'approved', testMode: false } },
      { ...base, type: 'verification.closed', payload: { status: 'superseded', testMode: false } },
    ];
    for (const event of samples) expect(decodeEvent(encodeEvent(event))).toEqual(event);
  });

  it('writes the envelope other languages can read: the payload is the typed message bytes', () => {
    const event: EventEnvelope = {
      ...base,
      type: 'verification.updated',
      payload: { status: 'open', change: 'clientMetadata', clientMetadataJson: '', testMode: true },
    };
    const envelope = pb.EventEnvelope.decode(encodeEvent(event));
    expect(envelope.type).toBe('verification.updated');
    expect(pb.VerificationUpdated.decode(envelope.payload)).toEqual(event.payload);
  });

  it('refuses garbage and unknown types with EventDecodeError', () => {
    expect(() => decodeEvent(Buffer.from('{"id":"json is not protobuf"}'))).toThrow(EventDecodeError);
    const unknown = pb.EventEnvelope.encode({ ...base, type: 'session.exploded', payload: new Uint8Array() }).finish();
    expect(() => decodeEvent(unknown)).toThrow(/unknown event type/);
  });
});
