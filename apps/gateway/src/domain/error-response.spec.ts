import { ErrorCode } from '@kyc/errors';
import { buildErrorResponse } from './error-response';

const now = new Date('2026-11-23T10:00:00.000Z');

describe(buildErrorResponse.name, () => {
  it('uses the spec envelope on /v1/verifications and /v1/kyc', () => {
    for (const path of ['/v1/verifications/abc/documents', '/v1/kyc/upload-face']) {
      expect(
        buildErrorResponse({
          code: ErrorCode.IMAGE_QUALITY_TOO_LOW,
          message: 'retake',
          details: { reasonCode: 'WRONG_SIDE_BACK_UPLOADED' },
          path,
          now,
        }),
      ).toEqual({
        statusCode: 400,
        timestamp: now.toISOString(),
        path,
        errorCode: 'KYC_007',
        retryable: true,
        message: 'retake',
        details: { reasonCode: 'WRONG_SIDE_BACK_UPLOADED' },
      });
    }
  });

  it('keeps the liveness details string as a string', () => {
    const body = buildErrorResponse({
      code: ErrorCode.LIVENESS_FAILED,
      message: 'x',
      details: 'REASON|SPOOF|SCREEN',
      path: '/v1/verifications/a/face',
      now,
    });
    expect(body).toMatchObject({ statusCode: 422, errorCode: 'KYC_008b', details: 'REASON|SPOOF|SCREEN' });
  });

  it('uses the flat format on /v1/sessions and lifts detail fields to the top level', () => {
    expect(
      buildErrorResponse({
        code: ErrorCode.PROJECT_NOT_APPROVED,
        message: 'not yet',
        details: { moderationStatus: 'pending_review' },
        path: '/v1/sessions',
        now,
      }),
    ).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      errorCode: 'PROJECT_NOT_APPROVED',
      message: 'not yet',
      moderationStatus: 'pending_review',
      timestamp: now.toISOString(),
    });
  });

  it('omits details when there are none', () => {
    expect(buildErrorResponse({ code: ErrorCode.SESSION_NOT_FOUND, message: 'nf', path: '/v1/verifications/x', now })).not.toHaveProperty(
      'details',
    );
  });
});
