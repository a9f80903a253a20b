import { ErrorCode } from '@kyc/errors';
import { assertCaptureAllowed, changeSettings, DEFAULT_ENVIRONMENT_SETTINGS } from './environment-settings';

describe('environment settings', () => {
  it('a change keeps every setting it does not name', () => {
    const changed = changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, { allowManualUpload: false });
    expect(changed).toEqual({ poaRequiredForVerification: false, poaMaxAgeMonths: 3, allowManualUpload: false });
    expect(changeSettings(changed, { poaRequiredForVerification: true })).toEqual({ ...changed, poaRequiredForVerification: true });
  });

  it.each([0, 25, 2.5, Number.NaN])('refuses a proof-of-address recency of %p months', (months) => {
    expect(() => changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, { poaMaxAgeMonths: months })).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
  });

  it('with manual uploads off, only a declared camera capture is taken', () => {
    expect(() => assertCaptureAllowed(false, 'camera')).not.toThrow();
    for (const capture of ['file', 'unspecified'] as const) {
      expect(() => assertCaptureAllowed(false, capture)).toThrow(expect.objectContaining({ code: ErrorCode.MANUAL_UPLOAD_DISABLED }));
      expect(() => assertCaptureAllowed(true, capture)).not.toThrow();
    }
  });
});
