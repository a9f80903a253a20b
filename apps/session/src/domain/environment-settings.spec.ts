import { ErrorCode } from '@kyc/errors';
import { assertCaptureAllowed, changeSettings, DEFAULT_ENVIRONMENT_SETTINGS, sessionSettings } from './environment-settings';

describe('environment settings', () => {
  it('a change keeps every setting it does not name', () => {
    const changed = changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, { allowManualUpload: false });
    expect(changed).toEqual({ ...DEFAULT_ENVIRONMENT_SETTINGS, allowManualUpload: false });
    expect(changeSettings(changed, { poaRequiredForVerification: true })).toEqual({ ...changed, poaRequiredForVerification: true });
  });

  it.each([0, 25, 2.5, Number.NaN])('refuses a proof-of-address recency of %p months', (months) => {
    expect(() => changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, { poaMaxAgeMonths: months })).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
  });

  it('vault reuse is off by default: 365 days, billed', () => {
    expect(DEFAULT_ENVIRONMENT_SETTINGS).toMatchObject({
      vaultReuseEnabled: false,
      vaultReuseMaxAgeDays: 365,
      vaultReuseBilling: 'charge',
    });
    const changed = changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, {
      vaultReuseEnabled: true,
      vaultReuseMaxAgeDays: 730,
      vaultReuseBilling: 'free',
    });
    expect(changed).toEqual({
      ...DEFAULT_ENVIRONMENT_SETTINGS,
      vaultReuseEnabled: true,
      vaultReuseMaxAgeDays: 730,
      vaultReuseBilling: 'free',
    });
    expect(sessionSettings(changed)).toMatchObject({ vaultReuseEnabled: true, vaultReuseMaxAgeDays: 730, vaultReuseBilling: 'free' });
  });

  it.each([0, 731, 1.5, Number.NaN])('refuses a vault reuse age of %p days', (days) => {
    expect(() => changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, { vaultReuseMaxAgeDays: days })).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED, message: expect.stringContaining('vaultReuseMaxAgeDays') }),
    );
  });

  it("keeps a completed verification's face 365 days by default, 30 to 3650 as set", () => {
    expect(DEFAULT_ENVIRONMENT_SETTINGS.biometricRetentionDays).toBe(365);
    expect(changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, { biometricRetentionDays: 30 }).biometricRetentionDays).toBe(30);
    expect(changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, { biometricRetentionDays: 3650 }).biometricRetentionDays).toBe(3650);
    expect(
      changeSettings({ ...DEFAULT_ENVIRONMENT_SETTINGS, biometricRetentionDays: 90 }, { poaMaxAgeMonths: 6 }).biometricRetentionDays,
    ).toBe(90);
  });

  it.each([29, 3651, 90.5, Number.NaN])('refuses a biometric retention of %p days', (days) => {
    expect(() => changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, { biometricRetentionDays: days })).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED, message: expect.stringContaining('biometricRetentionDays') }),
    );
  });

  it.each(['', 'FREE', 'discount'])('refuses a vault reuse billing of %p', (billing) => {
    expect(() => changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, { vaultReuseBilling: billing as never })).toThrow(
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
