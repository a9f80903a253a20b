import { NotFoundException } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import { z } from 'zod';
import { toKycError } from './error-mapping';

describe(toKycError.name, () => {
  it('passes KycErrors through', () => {
    const error = new KycError(ErrorCode.SESSION_NOT_FOUND);
    expect(toKycError(error)).toEqual({ error, unexpected: false });
  });

  it('turns validation errors into VALIDATION_FAILED naming the field', () => {
    const result = z.object({ expiryMinutes: z.number().max(60) }).safeParse({ expiryMinutes: 61 });
    const { error } = toKycError(result.error);
    expect(error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(error.message).toContain('expiryMinutes');
  });

  it('maps framework errors of the caller to their codes', () => {
    expect(toKycError(Object.assign(new SyntaxError('bad'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 })).error.code).toBe(
      ErrorCode.MALFORMED_JSON,
    );
    expect(toKycError(Object.assign(new Error('big'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 })).error.code).toBe(
      ErrorCode.IMAGE_INVALID,
    );
    expect(toKycError(new NotFoundException()).error.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('maps an over-long path parameter and an undecodable URL to VALIDATION_FAILED, not 414 in Fastify’s format (schemathesis)', () => {
    for (const code of ['FST_ERR_MAX_PARAM_LENGTH', 'FST_ERR_BAD_URL']) {
      const { error, unexpected } = toKycError(Object.assign(new Error('too long'), { code, statusCode: 414 }));
      expect({ code: error.code, status: error.definition.httpStatus, unexpected }).toEqual({
        code: ErrorCode.VALIDATION_FAILED,
        status: 400,
        unexpected: false,
      });
    }
  });

  it('hides unexpected errors as INTERNAL and flags them for logging', () => {
    const { error, unexpected } = toKycError(new TypeError('x is undefined'));
    expect(error.code).toBe(ErrorCode.INTERNAL);
    expect(error.message).not.toContain('undefined');
    expect(unexpected).toBe(true);
  });
});
