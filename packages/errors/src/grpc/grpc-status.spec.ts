import { Metadata, status } from '@grpc/grpc-js';
import { ErrorCode, defineError } from '../error-codes';
import { KycError, type ErrorDetails } from '../kyc-error';
import { decodeStatusDetails, encodeStatusDetails, fromGrpcError, toGrpcError } from './grpc-status';

/**
 * `grpc-status-details-bin` trailers written by the previous implementation (protobufjs from
 * hand-written JSON descriptors), captured before it was replaced by the ts-proto messages. Services
 * of either generation must understand each other during a rolling deploy.
 */
const PROTOBUFJS_TRAILERS: { name: string; error: KycError; base64: string }[] = [
  {
    name: 'a reasonCode object in the details',
    error: new KycError(ErrorCode.IMAGE_QUALITY_TOO_LOW, 'The image is too blurry', { reasonCode: 'WRONG_SIDE_BACK_UPLOADED' }),
    base64:
      'CAkSF1RoZSBpbWFnZSBpcyB0b28gYmx1cnJ5GnQKKHR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLnJwYy5FcnJvckluZm8SSAoHS1lDXzAwNxIHa3ljLmRldho0CgdkZXRhaWxzEil7InJlYXNvbkNvZGUiOiJXUk9OR19TSURFX0JBQ0tfVVBMT0FERUQifQ==',
  },
  {
    name: 'the liveness details string and the default message',
    error: new KycError(ErrorCode.LIVENESS_FAILED, undefined, 'REASON|SPOOF|SCREEN'),
    base64:
      'CAkSKExpdmVuZXNzIGNoZWNrIGZhaWxlZDsgdGFrZSBhIG5ldyBzZWxmaWUaYQoodHlwZS5nb29nbGVhcGlzLmNvbS9nb29nbGUucnBjLkVycm9ySW5mbxI1CghLWUNfMDA4YhIHa3ljLmRldhogCgdkZXRhaWxzEhUiUkVBU09OfFNQT09GfFNDUkVFTiI=',
  },
  {
    name: 'no details',
    error: new KycError(ErrorCode.SESSION_NOT_FOUND),
    base64:
      'CAUSIFNlc3Npb24gbm90IGZvdW5kIGluIHRoZSBwcm9qZWN0Gj4KKHR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLnJwYy5FcnJvckluZm8SEgoHS1lDXzAwMRIHa3ljLmRldg==',
  },
  {
    name: 'a non-ASCII message and nested details',
    error: new KycError(ErrorCode.VALIDATION_FAILED, 'Schäfer ✓', { fields: ['a', 'b'], n: 1 }),
    base64:
      'CAMSDFNjaMOkZmVyIOKckxpvCih0eXBlLmdvb2dsZWFwaXMuY29tL2dvb2dsZS5ycGMuRXJyb3JJbmZvEkMKEVZBTElEQVRJT05fRkFJTEVEEgdreWMuZGV2GiUKB2RldGFpbHMSGnsiZmllbGRzIjpbImEiLCJiIl0sIm4iOjF9',
  },
];

/** protobufjs wrote an empty message as an empty field (`12 00`); proto3 encoders, ts-proto's included, leave it out. */
const PROTOBUFJS_EMPTY_MESSAGE = 'CA0SABo/Cih0eXBlLmdvb2dsZWFwaXMuY29tL2dvb2dsZS5ycGMuRXJyb3JJbmZvEhMKCElOVEVSTkFMEgdreWMuZGV2';

function trailer(bytes: Uint8Array | Buffer): Metadata {
  const metadata = new Metadata();
  metadata.set('grpc-status-details-bin', Buffer.from(bytes));
  return metadata;
}

function expectSameError(received: KycError, sent: { code: ErrorCode; message: string; details?: ErrorDetails }) {
  expect({ code: received.code, message: received.message, details: received.details }).toEqual({
    code: sent.code,
    message: sent.message,
    details: sent.details,
  });
}

describe('gRPC error mapping', () => {
  it.each(Object.values(ErrorCode))('round-trips %s with its details', (code) => {
    const sent = new KycError(code, 'msg', { reasonCode: 'WRONG_SIDE_BACK_UPLOADED' });
    const wire = toGrpcError(sent);
    expect(wire.code).toBe(defineError(code).grpcCode);
    const received = fromGrpcError({ code: wire.code, metadata: wire.metadata });
    expect(received.code).toBe(code);
    expect(received.details).toEqual({ reasonCode: 'WRONG_SIDE_BACK_UPLOADED' });
    expect(received.message).toBe('msg');
  });

  it('keeps the liveness details string intact', () => {
    const wire = toGrpcError(new KycError(ErrorCode.LIVENESS_FAILED, undefined, 'REASON|SPOOF|SCREEN'));
    expect(fromGrpcError(wire).details).toBe('REASON|SPOOF|SCREEN');
  });

  it('maps a transport failure without ErrorInfo to SERVICE_UNAVAILABLE', () => {
    expect(fromGrpcError({ code: status.UNAVAILABLE, metadata: new Metadata() }).code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
  });

  it('never trusts a foreign or garbage trailer', () => {
    expect(fromGrpcError({ code: status.NOT_FOUND, metadata: trailer(Buffer.from([0xff, 0x01, 0x02])) }).code).toBe(ErrorCode.INTERNAL);
  });

  it('ignores an ErrorInfo of another domain or with an unknown reason', () => {
    const ours = decodeStatusDetails(encodeStatusDetails(new KycError(ErrorCode.SESSION_NOT_FOUND)));
    expect(ours?.code).toBe(ErrorCode.SESSION_NOT_FOUND);
    const foreign = Buffer.from(encodeStatusDetails(new KycError(ErrorCode.SESSION_NOT_FOUND)))
      .toString('latin1')
      .replace('kyc.dev', 'abc.xyz');
    expect(decodeStatusDetails(Buffer.from(foreign, 'latin1'))).toBeUndefined();
    expect(fromGrpcError({ code: status.UNAVAILABLE, metadata: trailer(Buffer.from(foreign, 'latin1')) }).code).toBe(
      ErrorCode.SERVICE_UNAVAILABLE,
    );
  });
});

describe('wire compatibility with the protobufjs implementation', () => {
  it.each(PROTOBUFJS_TRAILERS)('decodes its trailer with $name', ({ error, base64 }) => {
    expectSameError(fromGrpcError({ code: error.definition.grpcCode, metadata: trailer(Buffer.from(base64, 'base64')) }), error);
  });

  it.each(PROTOBUFJS_TRAILERS)('writes the same bytes as it for $name', ({ error, base64 }) => {
    const wire = toGrpcError(error);
    expect((wire.metadata.get('grpc-status-details-bin')[0] as Buffer).toString('base64')).toBe(base64);
    expect(wire.code).toBe(error.definition.grpcCode);
  });

  it('reads its empty-message field as the code default message, and omits that field itself', () => {
    expectSameError(fromGrpcError({ code: status.INTERNAL, metadata: trailer(Buffer.from(PROTOBUFJS_EMPTY_MESSAGE, 'base64')) }), {
      code: ErrorCode.INTERNAL,
      message: defineError(ErrorCode.INTERNAL).message,
    });
    const ours = Buffer.from(encodeStatusDetails(new KycError(ErrorCode.INTERNAL, '')));
    const theirs = Buffer.from(PROTOBUFJS_EMPTY_MESSAGE, 'base64');
    expect(Buffer.concat([ours.subarray(0, 2), Buffer.from([0x12, 0x00]), ours.subarray(2)])).toEqual(theirs);
  });
});
