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
  /** Vault reuse (domain/vault-reuse.ts): a person verified before completes with a matching selfie, without a document. */
  vaultReuseEnabled: boolean;
  /** The oldest earlier verification that may be reused, in days since it was decided. */
  vaultReuseMaxAgeDays: number;
  /** Whether a reused completion is billed (`charge`) or not (`free`). */
  vaultReuseBilling: VaultReuseBilling;
  /**
   * How long a completed verification's enrolled face is kept, in days from the decision or the
   * approval (docs/retention.md). Read by the retention sweep when it runs, not kept per session:
   * shortening it applies to verifications already completed.
   */
  biometricRetentionDays: number;
}

export const VAULT_REUSE_BILLING = ['charge', 'free'] as const;
export type VaultReuseBilling = (typeof VAULT_REUSE_BILLING)[number];

export const DEFAULT_ENVIRONMENT_SETTINGS: Readonly<EnvironmentSettings> = {
  poaRequiredForVerification: false,
  poaMaxAgeMonths: 3,
  allowManualUpload: true,
  vaultReuseEnabled: false,
  vaultReuseMaxAgeDays: 365,
  vaultReuseBilling: 'charge',
  biometricRetentionDays: 365,
};

/** What a session keeps of its environment's settings (columns of session.sessions). */
export interface SessionSettings {
  poaRequired: boolean;
  poaMaxAgeMonths: number;
  allowManualUpload: boolean;
  vaultReuseEnabled: boolean;
  vaultReuseMaxAgeDays: number;
  vaultReuseBilling: VaultReuseBilling;
}

/** What a new session keeps of its environment's settings. */
export function sessionSettings(settings: EnvironmentSettings): SessionSettings {
  return {
    poaRequired: settings.poaRequiredForVerification,
    poaMaxAgeMonths: settings.poaMaxAgeMonths,
    allowManualUpload: settings.allowManualUpload,
    vaultReuseEnabled: settings.vaultReuseEnabled,
    vaultReuseMaxAgeDays: settings.vaultReuseMaxAgeDays,
    vaultReuseBilling: settings.vaultReuseBilling,
  };
}

/** Utility bills and statements are usually asked for within 3 months; more than 2 years is no proof of a current address. */
const POA_MAX_AGE_MONTHS_RANGE = { min: 1, max: 24 };
/** Up to two years: an identity verified longer ago is checked again with a document. */
const VAULT_REUSE_MAX_AGE_DAYS_RANGE = { min: 1, max: 730 };
/**
 * At least 30 days, so a customer's complaint or a reviewer's second look still finds the face;
 * at most 10 years (the longest record-keeping duty AML laws set). The column's CHECK says the same.
 */
export const BIOMETRIC_RETENTION_DAYS_RANGE = { min: 30, max: 3650 };

export type EnvironmentSettingsChange = Partial<EnvironmentSettings>;

/** The settings after a change; fields left out keep their value. */
export function changeSettings(current: EnvironmentSettings, change: EnvironmentSettingsChange): EnvironmentSettings {
  assertWholeNumberIn('poaMaxAgeMonths', change.poaMaxAgeMonths, POA_MAX_AGE_MONTHS_RANGE);
  assertWholeNumberIn('vaultReuseMaxAgeDays', change.vaultReuseMaxAgeDays, VAULT_REUSE_MAX_AGE_DAYS_RANGE);
  assertWholeNumberIn('biometricRetentionDays', change.biometricRetentionDays, BIOMETRIC_RETENTION_DAYS_RANGE);
  const billing = change.vaultReuseBilling;
  if (billing !== undefined && !VAULT_REUSE_BILLING.includes(billing))
    throw new KycError(ErrorCode.VALIDATION_FAILED, `vaultReuseBilling must be one of ${VAULT_REUSE_BILLING.join(', ')}`);
  return {
    poaRequiredForVerification: change.poaRequiredForVerification ?? current.poaRequiredForVerification,
    poaMaxAgeMonths: change.poaMaxAgeMonths ?? current.poaMaxAgeMonths,
    allowManualUpload: change.allowManualUpload ?? current.allowManualUpload,
    vaultReuseEnabled: change.vaultReuseEnabled ?? current.vaultReuseEnabled,
    vaultReuseMaxAgeDays: change.vaultReuseMaxAgeDays ?? current.vaultReuseMaxAgeDays,
    vaultReuseBilling: billing ?? current.vaultReuseBilling,
    biometricRetentionDays: change.biometricRetentionDays ?? current.biometricRetentionDays,
  };
}

function assertWholeNumberIn(name: string, value: number | undefined, range: { min: number; max: number }): void {
  if (value !== undefined && (!Number.isInteger(value) || value < range.min || value > range.max))
    throw new KycError(ErrorCode.VALIDATION_FAILED, `${name} must be a whole number from ${range.min} to ${range.max}`);
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
