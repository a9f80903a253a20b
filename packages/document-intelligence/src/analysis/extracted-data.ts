import { type MrzReading } from '../mrz/types';
import { type VizReading } from '../viz/read-viz';
import { type ExtractedData, type SubmitExtractedData } from './types';

/**
 * MRZ first — it is check-digit protected — and the visual zone where the MRZ lacks a field (issue date,
 * place of birth, the French card's expiry) or where an MRZ field failed its check.
 */
export function buildExtractedData(mrz: MrzReading | null, viz: VizReading): ExtractedData {
  const pick = (name: string): string | undefined => {
    const field = mrz?.fields[name];
    return field && field.value && field.valid !== false ? field.value : undefined;
  };
  const data: ExtractedData = {
    lastName: pick('surname') ?? viz.surname?.toUpperCase(),
    firstName: pick('givenNames') ?? viz.givenNames?.toUpperCase(),
    dateOfBirth: pick('birthDate') ?? viz.birthDate,
    nationality: threeLetterNationality(pick('nationality') ?? viz.nationality),
    sex: normaliseSex(pick('sex') ?? viz.sex),
    documentNumber: pick('documentNumber') ?? viz.documentNumber,
    issueDate: viz.issueDate,
    expiryDate: pick('expiryDate') ?? viz.expiryDate,
    placeOfBirth: viz.placeOfBirth,
  };
  if (data.firstName || data.lastName) data.fullName = [data.firstName, data.lastName].filter(Boolean).join(' ');
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== '')) as ExtractedData;
}

/** The spec wants three letters; ICAO writes Germany as 'D'. */
function threeLetterNationality(code: string | undefined): string | undefined {
  return code === 'D' ? 'DEU' : code;
}

function normaliseSex(sex: string | undefined): string | undefined {
  return sex && /^[MFX]$/.test(sex) ? sex : undefined;
}

/** The trimmed set the submit response carries (spec §2.7). */
export function toSubmitExtractedData(data: ExtractedData): SubmitExtractedData {
  const { fullName, firstName, lastName, dateOfBirth, nationality, sex } = data;
  return Object.fromEntries(Object.entries({ fullName, firstName, lastName, dateOfBirth, nationality, sex }).filter(([, v]) => v !== undefined)) as SubmitExtractedData;
}
