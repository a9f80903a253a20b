import { isKnownStateCode, SPECIMEN_STATE_CODE } from '../mrz/country-codes';
import { type MrzReading } from '../mrz/types';
import { type ImageQuality } from '../quality/measure-quality';
import { judgeMrzFirmness, type MrzFirmness } from './mrz-read-firmness';
import { type CrossCheck, CROSS_CHECK_MIN_SCORE } from './mrz-viz-cross-check';
import { type AuthenticitySignal, type ExtractedData } from './types';

export interface SignalInputs {
  mrz: MrzReading | null;
  data: ExtractedData;
  crossCheck: CrossCheck | null;
  quality: ImageQuality;
  foldedText: string;
  now: Date;
}

/**
 * Below this share of clearly coloured pixels the image carries no colour: a photocopy, a greyscale scan or a B/W
 * print. A share, not the mean saturation: a colour document on pale paper has a low mean saturation (≈ 0.03) but
 * its accents, portrait and surroundings still give a few percent of coloured pixels.
 */
export const GREYSCALE_COLOURFUL_SHARE = 0.005;
/** Above this share of fine-detail energy the image looks like a photographed screen (moiré). */
export const MOIRE_HIGH_FREQUENCY = 0.35;
const MAX_AGE_YEARS = 120;
/** Doc 9303 puts no cap on validity; no state issues more than 15 years, so more is suspicious. */
const MAX_VALIDITY_YEARS = 15;

/**
 * Everything here is kept internal (detail for reviewers) and surfaces publicly only as GENERIC_REVIEW, so a
 * forger cannot learn which check fired.
 */
export function collectAuthenticitySignals(input: SignalInputs): AuthenticitySignal[] {
  const signals: AuthenticitySignal[] = [];
  const { mrz, data, crossCheck, quality, foldedText, now } = input;
  if (mrz) {
    // What the MRZ says about the document counts only if it was read as printed; a misread is MRZ_DATA_UNREADABLE.
    signals.push(...mrzContentSignals(mrz, judgeMrzFirmness(mrz)));
    const state = mrz.fields.issuingState?.value;
    const nationality = mrz.fields.nationality?.value;
    if (state === SPECIMEN_STATE_CODE || nationality === SPECIMEN_STATE_CODE) {
      const which = [state === SPECIMEN_STATE_CODE ? 'issuing state' : '', nationality === SPECIMEN_STATE_CODE ? 'nationality' : ''].filter(
        Boolean,
      );
      signals.push({ code: 'SPECIMEN_DOCUMENT', detail: `${which.join(' and ')} UTO (ICAO specimen state)`, severity: 'high' });
    }
  }
  if (/\bspecimen\b|\bmuster\b|\bspecimen\b/.test(foldedText)) {
    signals.push({ code: 'SPECIMEN_DOCUMENT', detail: 'the word SPECIMEN/MUSTER is printed on the document', severity: 'high' });
  }
  signals.push(...dateSignals(data, now));
  if (crossCheck && crossCheck.compared >= 1 && crossCheck.disagreements.length > 0) {
    const severity = crossCheck.compared >= 2 && crossCheck.score < CROSS_CHECK_MIN_SCORE ? 'high' : 'low';
    signals.push({ code: 'MRZ_VIZ_MISMATCH', detail: crossCheck.disagreements.join('; '), severity });
  }
  // A name one letter apart between the zones (MRZ 'MUSTERNANN', printed 'MUSTERMANN'): names carry no check digit,
  // so the MRZ's name is not identity-grade; a reviewer compares the page. Medium, so it leads to GENERIC_REVIEW.
  if (crossCheck && crossCheck.uncertainNames.length > 0) {
    signals.push({
      code: 'MRZ_VIZ_MISMATCH',
      detail: `names one letter apart: ${crossCheck.uncertainNames.join('; ')}`,
      severity: 'medium',
    });
  }
  if (quality.colourfulShare < GREYSCALE_COLOURFUL_SHARE) {
    signals.push({
      code: 'GREYSCALE_COPY',
      detail: `${(quality.colourfulShare * 100).toFixed(2)} % coloured pixels: no colour, likely a photocopy or B/W print`,
      severity: 'medium',
    });
  }
  if (quality.highFrequencyRatio > MOIRE_HIGH_FREQUENCY) {
    signals.push({
      code: 'SCREEN_RECAPTURE_SUSPECTED',
      detail: `fine-detail energy ratio ${quality.highFrequencyRatio.toFixed(2)} (moiré-like)`,
      severity: 'low',
    });
  }
  return signals;
}

/** Check digits, layout and country codes, each only as far as that part of the MRZ was read as printed. */
function mrzContentSignals(mrz: MrzReading, firmness: MrzFirmness): AuthenticitySignal[] {
  const signals: AuthenticitySignal[] = [];
  for (const name of firmness.trustedFailures) {
    signals.push({ code: 'CHECK_DIGIT_FAILED', detail: `${mrz.format} ${name} check digit fails`, severity: 'high' });
  }
  // Anomalies (impossible dates, illegal characters) are what garbled text looks like: only from a wholly firm read.
  if (firmness.firm) for (const anomaly of mrz.anomalies) signals.push({ code: 'MRZ_LAYOUT_ANOMALY', detail: anomaly, severity: 'medium' });
  for (const name of ['issuingState', 'nationality']) {
    const code = mrz.fields[name]?.value;
    if (code && !isKnownStateCode(code) && !firmness.unreliableFields.includes(name)) {
      signals.push({ code: 'INVALID_COUNTRY_CODE', detail: `${name} '${code}' is not an ICAO 9303 code`, severity: 'high' });
    }
  }
  return signals;
}

function dateSignals(data: ExtractedData, now: Date): AuthenticitySignal[] {
  const signals: AuthenticitySignal[] = [];
  const today = now.toISOString().slice(0, 10);
  const { dateOfBirth: birth, issueDate: issue, expiryDate: expiry } = data;
  if (birth && birth > today) signals.push({ code: 'BIRTH_IN_FUTURE', detail: `birth ${birth} after today ${today}`, severity: 'high' });
  if (birth && yearsBetween(birth, today) > MAX_AGE_YEARS)
    signals.push({ code: 'AGE_OUT_OF_RANGE', detail: `born ${birth}: older than ${MAX_AGE_YEARS}`, severity: 'high' });
  if (issue && expiry && issue >= expiry)
    signals.push({ code: 'ISSUE_AFTER_EXPIRY', detail: `issued ${issue}, expires ${expiry}`, severity: 'high' });
  if (birth && issue && issue < birth)
    signals.push({ code: 'BIRTH_AFTER_ISSUE', detail: `issued ${issue} before birth ${birth}`, severity: 'high' });
  if (issue && issue > today)
    signals.push({ code: 'ISSUE_AFTER_EXPIRY', detail: `issue date ${issue} lies in the future`, severity: 'high' });
  const validityStart = issue ?? today;
  if (expiry && yearsBetween(validityStart, expiry) > MAX_VALIDITY_YEARS) {
    signals.push({
      code: 'VALIDITY_TOO_LONG',
      detail: `valid from ${validityStart} to ${expiry}: over ${MAX_VALIDITY_YEARS} years`,
      severity: 'medium',
    });
  }
  return signals;
}

function yearsBetween(fromIso: string, toIso: string): number {
  return (Date.parse(toIso) - Date.parse(fromIso)) / (365.25 * 24 * 3600 * 1000);
}
