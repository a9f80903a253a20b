import { ErrorCode, KycError } from '@kyc/errors';
import type { SessionRecord } from './session';
import type { SessionStatus } from './session-status';

/**
 * Spec 2.10 and 4.9: the end user's consent, made after their affirmative action and before the
 * first device-side upload. Our rules where the spec is open:
 * - consent is taken while the session still collects evidence (pending, connected,
 *   action_required, failed within its TTL); a session being processed or decided takes none;
 * - the same wording again (text version and locale) records nothing new and answers the consent
 *   in force; another wording is appended and becomes the consent in force;
 * - device-side calls that take images refuse to run before it (KYC_CONSENT_REQUIRED); server-side
 *   calls with a secret key do not ask, since there the integrator records the consent.
 */
const COLLECTING: readonly SessionStatus[] = ['pending', 'connected', 'action_required', 'failed'];

export function assertAcceptsConsent(session: SessionRecord): void {
  if (session.status === 'processing') throw new KycError(ErrorCode.SESSION_PROCESSING);
  if (!COLLECTING.includes(session.status)) throw new KycError(ErrorCode.SESSION_CLOSED, 'The session no longer takes a consent');
}

export function isConsentInForce(session: SessionRecord, textVersion: string, locale: string): boolean {
  return session.consentAt !== null && session.consentTextVersion === textVersion && session.consentLocale === locale;
}

/** A device-side call (`consentRequired`) needs the consent recorded first. */
export function assertConsentGiven(session: SessionRecord, consentRequired: boolean): void {
  if (consentRequired && session.consentAt === null) throw new KycError(ErrorCode.CONSENT_REQUIRED);
}
