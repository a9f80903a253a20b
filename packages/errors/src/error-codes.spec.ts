import { ErrorCode, defineError } from './error-codes';

describe('error catalogue', () => {
  it('gives the spec HTTP status for every spec code', () => {
    const spec: Record<string, number> = {
      KYC_001: 404,
      KYC_003: 400,
      KYC_006: 400,
      KYC_007: 400,
      KYC_008b: 422,
      KYC_009: 400,
      KYC_013: 400,
      KYC_015: 400,
      KYC_020: 400,
      KYC_021: 400,
      KYC_022: 400,
      KYC_023: 402,
      KYC_024: 402,
    };
    for (const [code, http] of Object.entries(spec)) expect(defineError(code as ErrorCode).httpStatus).toBe(http);
  });

  it('marks billing errors as not retryable and quality errors as retryable', () => {
    expect(defineError(ErrorCode.BALANCE_EXHAUSTED).retryable).toBe(false);
    expect(defineError(ErrorCode.IMAGE_QUALITY_TOO_LOW).retryable).toBe(true);
    expect(defineError(ErrorCode.LIVENESS_FAILED).retryable).toBe(true);
  });
});
