import { ErrorCode, KycError } from '@kyc/errors';

/**
 * A project environment's configuration (spec part 1), applying to the widget, the Direct API
 * and device uploads alike. A session keeps the settings in force when it was created.
 */
export interface EnvironmentSettings {
  /** Submit needs a proof-of-address upload, and the completion webhook waits for its analysis (spec 4.7, 6 R3). */
  poaRequiredForVerification: boolean;
  /** The oldest issue date a proof of address may carry, in months. */
  poaMaxAgeMonths: number;
  /** False: document and selfie images count only as camera captures (see Capture on the upload). */
  allowManualUpload: boolean;
}

export const DEFAULT_ENVIRONMENT_SETTINGS: Readonly<EnvironmentSettings> = {
  poaRequiredForVerification: false,
  poaMaxAgeMonths: 3,
  allowManualUpload: true,
};

/** What a new session keeps of its environment's settings. */
export function sessionSettings(settings: EnvironmentSettings): {
  poaRequired: boolean;
  poaMaxAgeMonths: number;
  allowManualUpload: boolean;
} {
  return {
    poaRequired: settings.poaRequiredForVerification,
    poaMaxAgeMonths: settings.poaMaxAgeMonths,
    allowManualUpload: settings.allowManualUpload,
  };
}

/** Utility bills and statements are usually asked for within 3 months; more than 2 years is no proof of a current address. */
const POA_MAX_AGE_MONTHS_RANGE = { min: 1, max: 24 };

export type EnvironmentSettingsChange = Partial<EnvironmentSettings>;

/** The settings after a change; fields left out keep their value. */
export function changeSettings(current: EnvironmentSettings, change: EnvironmentSettingsChange): EnvironmentSettings {
  const months = change.poaMaxAgeMonths;
  if (
    months !== undefined &&
    (!Number.isInteger(months) || months < POA_MAX_AGE_MONTHS_RANGE.min || months > POA_MAX_AGE_MONTHS_RANGE.max)
  ) {
    throw new KycError(
      ErrorCode.VALIDATION_FAILED,
      `poaMaxAgeMonths must be a whole number from ${POA_MAX_AGE_MONTHS_RANGE.min} to ${POA_MAX_AGE_MONTHS_RANGE.max}`,
    );
  }
  return {
    poaRequiredForVerification: change.poaRequiredForVerification ?? current.poaRequiredForVerification,
    poaMaxAgeMonths: months ?? current.poaMaxAgeMonths,
    allowManualUpload: change.allowManualUpload ?? current.allowManualUpload,
  };
}

/** How an image was taken, as its client declares it. `unspecified` is a file upload. */
export type Capture = 'camera' | 'file' | 'unspecified';

/**
 * With manual uploads off, only images declared as camera captures are taken. The declaration is
 * the client's: our widget makes it for getUserMedia frames; it is policy, not proof of capture.
 */
export function assertCaptureAllowed(allowManualUpload: boolean, capture: Capture): void {
  if (!allowManualUpload && capture !== 'camera') throw new KycError(ErrorCode.MANUAL_UPLOAD_DISABLED);
}
