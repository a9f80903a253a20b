import { ErrorCode, KycError } from '@kyc/errors';

export const LANGUAGES = ['en', 'de', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
export const DEFAULT_EXPIRY_MINUTES = 5;
export const MIN_EXPIRY_MINUTES = 1;
export const MAX_EXPIRY_MINUTES = 60;

export type ClientMetadata = Record<string, unknown>;

export interface NewSessionRequest {
  clientMetadata: ClientMetadata;
  language: Language;
  expiryMinutes: number;
}

/**
 * Invariants of a new session (spec 2.1), checked again here even though the gateway validates
 * the HTTP body: the session service must not trust its callers' validation.
 */
export function normaliseNewSession(input: { clientMetadata: unknown; language: string; expiryMinutes: number }): NewSessionRequest {
  const clientMetadata = parseClientMetadata(input.clientMetadata);
  const language = (input.language || DEFAULT_LANGUAGE) as Language;
  if (!LANGUAGES.includes(language)) throw new KycError(ErrorCode.VALIDATION_FAILED, `language must be one of ${LANGUAGES.join(', ')}`);
  const expiryMinutes = input.expiryMinutes || DEFAULT_EXPIRY_MINUTES;
  if (!Number.isInteger(expiryMinutes) || expiryMinutes < MIN_EXPIRY_MINUTES || expiryMinutes > MAX_EXPIRY_MINUTES) {
    throw new KycError(
      ErrorCode.VALIDATION_FAILED,
      `expiryMinutes must be a whole number from ${MIN_EXPIRY_MINUTES} to ${MAX_EXPIRY_MINUTES}`,
    );
  }
  return { clientMetadata, language, expiryMinutes };
}

export function parseClientMetadata(value: unknown): ClientMetadata {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new KycError(ErrorCode.VALIDATION_FAILED, 'clientMetadata must be an object');
  return value as ClientMetadata;
}

/** The e-mail used for personas, supersession and duplicate reviews: trimmed, lower-case. */
export function emailOf(metadata: ClientMetadata): string | null {
  const email = metadata.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}
