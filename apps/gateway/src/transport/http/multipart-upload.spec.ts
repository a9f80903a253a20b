import { ErrorCode, KycError } from '@kyc/errors';
import { malformedMultipart } from './multipart-upload';

describe(malformedMultipart.name, () => {
  it('turns the parser’s refusals of a malformed body into KYC_006 (they answered 500 before)', () => {
    for (const message of [
      'Multipart: Boundary not found',
      'Unexpected end of multipart data',
      'Part terminated early due to unexpected end of multipart data',
    ]) {
      const mapped = malformedMultipart(new Error(message));
      expect(mapped).toBeInstanceOf(KycError);
      expect((mapped as KycError).code).toBe(ErrorCode.IMAGE_INVALID);
      expect((mapped as KycError).definition.httpStatus).toBe(400);
    }
  });

  it('leaves our own errors, the plugin’s limit errors and anything unknown as they are', () => {
    const ours = new KycError(ErrorCode.IMAGE_INVALID, 'x');
    const limit = Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    const unknown = new TypeError('x is undefined');
    for (const error of [ours, limit, unknown]) expect(malformedMultipart(error)).toBe(error);
  });
});
