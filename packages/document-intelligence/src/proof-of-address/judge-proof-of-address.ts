/*
 * Policy. A proof of address is rejected only on positive evidence against it: a name that was read and is
 * someone else's (not even the surname agrees), or an issue date that was read and is too old or in the future.
 * Anything that could not be read (no text, no name, no address block, no date, no identity name to compare
 * with) is a question for a person, not a verdict: OCR misses on a faint scan must not turn away a genuine
 * customer, and a missing reading must not pass a document either. So is a name whose surname agrees and whose
 * given names do not: a relative's bill, or a given name a blurred photo garbled (the eval saw "Inhs" for "Inès").
 * Verified needs all three: the holder's name, an address block and a recent issue date. The kind (utility bill,
 * statement, letter) is reported but does not decide: which kinds a project accepts is its policy, and a keyword
 * classifier is not sure enough to refuse on. Reasons are codes only; the person's name, address and dates never
 * go into them.
 */
import { compareHolderName, type IdentityName } from './name-match';
import { type ProofOfAddressReading } from './types';

export type PoaStatus = 'verified' | 'rejected' | 'manual_review';

export type PoaReason =
  | 'NO_TEXT_FOUND'
  | 'IDENTITY_NAME_MISSING'
  | 'NAME_NOT_FOUND'
  | 'NAME_MISMATCH'
  | 'NAME_PARTIAL_MATCH'
  | 'ADDRESS_NOT_FOUND'
  | 'ISSUE_DATE_NOT_FOUND'
  | 'DOCUMENT_TOO_OLD'
  | 'ISSUE_DATE_IN_FUTURE';

export type PoaNameMatch = 'match' | 'mismatch' | 'unknown';

export interface PoaJudgementContext {
  /** The identity document's name; null when the verification has none yet. */
  identityName: IdentityName | null;
  now: Date;
  /** Recency: the issue date may be at most this many calendar months before `now`. */
  maxAgeMonths: number;
}

export interface PoaJudgement {
  status: PoaStatus;
  reasons: PoaReason[];
  nameMatch: PoaNameMatch;
}

/** Default recency of the issue ("not older than 3 months"). */
export const DEFAULT_POA_MAX_AGE_MONTHS = 3;
/** A date this many days ahead is a clock or time-zone difference, not a future document. */
export const FUTURE_TOLERANCE_DAYS = 3;

const REJECTING: readonly PoaReason[] = ['NAME_MISMATCH', 'DOCUMENT_TOO_OLD', 'ISSUE_DATE_IN_FUTURE'];
const DAY_MS = 86_400_000;

function utcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** `now` minus whole calendar months, clamped to the month's last day (31 May − 3 months = 28/29 Feb). */
export function monthsBefore(now: Date, months: number): number {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay));
}

function hasName(name: IdentityName | null): name is IdentityName {
  return !!name && [name.firstName, name.lastName, name.fullName].some((p) => !!p && p.trim().length > 0);
}

export function judgeProofOfAddress(reading: ProofOfAddressReading, context: PoaJudgementContext): PoaJudgement {
  const reasons: PoaReason[] = [];
  let nameMatch: PoaNameMatch = 'unknown';
  if (reading.textLineCount === 0) reasons.push('NO_TEXT_FOUND');
  if (!reading.holderName) reasons.push('NAME_NOT_FOUND');
  else if (!hasName(context.identityName)) reasons.push('IDENTITY_NAME_MISSING');
  else {
    const comparison = compareHolderName(reading.holderName, context.identityName);
    nameMatch = comparison === 'match' ? 'match' : 'mismatch';
    if (comparison === 'surname_only') reasons.push('NAME_PARTIAL_MATCH');
    else if (comparison === 'mismatch') reasons.push('NAME_MISMATCH');
  }
  if (reading.addressLines.length === 0) reasons.push('ADDRESS_NOT_FOUND');
  if (!reading.issueDate) reasons.push('ISSUE_DATE_NOT_FOUND');
  else {
    const issued = Date.parse(`${reading.issueDate}T00:00:00Z`);
    const today = utcDay(context.now);
    if (issued > today + FUTURE_TOLERANCE_DAYS * DAY_MS) reasons.push('ISSUE_DATE_IN_FUTURE');
    else if (issued < monthsBefore(context.now, context.maxAgeMonths)) reasons.push('DOCUMENT_TOO_OLD');
  }
  const status: PoaStatus = reasons.some((r) => REJECTING.includes(r)) ? 'rejected' : reasons.length > 0 ? 'manual_review' : 'verified';
  return { status, reasons, nameMatch };
}
