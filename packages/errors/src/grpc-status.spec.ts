import { Metadata, status } from '@grpc/grpc-js';
import { ErrorCode, defineError } from './error-codes';
import { KycError } from './kyc-error';
import { fromGrpcError, toGrpcError } from './grpc-status';

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
    const metadata = new Metadata();
    metadata.set('grpc-status-details-bin', Buffer.from([0xff, 0x01, 0x02]));
    expect(fromGrpcError({ code: status.NOT_FOUND, metadata }).code).toBe(ErrorCode.INTERNAL);
  });
});

describe('error catalogue', () => {
  it('gives the spec HTTP status for every spec code', () => {
    const spec: Record<string, number> = {
      KYC_001: 404, KYC_003: 400, KYC_006: 400, KYC_007: 400, KYC_008b: 422, KYC_009: 400, KYC_013: 400,
      KYC_015: 400, KYC_020: 400, KYC_021: 400, KYC_022: 400, KYC_023: 402, KYC_024: 402,
    };
    for (const [code, http] of Object.entries(spec)) expect(defineError(code as ErrorCode).httpStatus).toBe(http);
  });

  it('marks billing errors as not retryable and quality errors as retryable', () => {
    expect(defineError(ErrorCode.BALANCE_EXHAUSTED).retryable).toBe(false);
    expect(defineError(ErrorCode.IMAGE_QUALITY_TOO_LOW).retryable).toBe(true);
    expect(defineError(ErrorCode.LIVENESS_FAILED).retryable).toBe(true);
  });
});
