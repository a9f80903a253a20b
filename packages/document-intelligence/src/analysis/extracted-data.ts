import { SPECIMEN_STATE_CODE } from '../mrz/country-codes';
import { LAYOUTS } from '../mrz/layouts';
import { nameFieldsWithFillerMisreads } from '../mrz/stray-after-padding';
import { type MrzReading } from '../mrz/types';
import { type VizReading } from '../viz/read-viz';
import { judgeMrzFirmness } from './mrz-read-firmness';
import { mrzTransliterate } from './mrz-viz-cross-check';
import { type ExtractedData, type SubmitExtractedData } from './types';

/**
 * MRZ first — it is check-digit protected — and the visual zone where the MRZ lacks a field (issue date,
 * place of birth, the French card's expiry) or where an MRZ field failed its check; also for a name the MRZ
 * visibly lost letters of (lostLettersOf). A name read with a run of filler misreads (`nameFieldsWithFillerMisreads`)
 * is not taken at all: the printed one stands in, or none, as a wrong name is a wrong identity. The one MRZ value taken
 * despite valid: false is the nationality UTO (Utopia, the specimen state of ICAO Doc 9303): no real state
 * issues it, but it is read as printed; the document is flagged SPECIMEN_DOCUMENT by the authenticity signals.
 */
export function buildExtractedData(mrz: MrzReading | null, viz: VizReading): ExtractedData {
  const pick = (name: string): string | undefined => {
    const field = mrz?.fields[name];
    return field && field.value && (field.valid !== false || (name === 'nationality' && field.value === SPECIMEN_STATE_CODE))
      ? field.value
      : undefined;
  };
  const asPrinted = mrz ? printedDespiteFailedCheck(mrz) : {};
  const separatedByViz = mrz ? namesWithKsAsFillers(mrz, viz) : null;
  const noisyNameFields = mrz ? nameFieldsWithFillerMisreads(mrz) : [];
  const name = (field: 'surname' | 'givenNames'): string | undefined => {
    if (separatedByViz) return separatedByViz[field];
    const printed = viz[field]?.toUpperCase();
    const machine = noisyNameFields.includes(field) || noisyNameFields.includes('names') ? undefined : pick(field);
    if (machine && printed && mrz && nameLineCameShort(mrz, field) && lostLettersOf(machine, printed)) return printed;
    return machine ?? printed;
  };
  const data: ExtractedData = {
    lastName: name('surname'),
    firstName: name('givenNames'),
    dateOfBirth: pick('birthDate') ?? viz.birthDate ?? asPrinted.birthDate,
    nationality: threeLetterNationality(pick('nationality') ?? viz.nationality),
    sex: normaliseSex(pick('sex') ?? viz.sex),
    documentNumber: pick('documentNumber') ?? viz.documentNumber ?? asPrinted.documentNumber,
    issueDate: viz.issueDate,
    expiryDate: pick('expiryDate') ?? viz.expiryDate,
    placeOfBirth: viz.placeOfBirth,
  };
  if (data.firstName || data.lastName) data.fullName = [data.firstName, data.lastName].filter(Boolean).join(' ');
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== '')) as ExtractedData;
}

/**
 * The MRZ's document number and birth date where their own check digit fails but the reading is judged as printed
 * (`judgeMrzFirmness`: a trusted failure, which raises CHECK_DIGIT_FAILED): what the document claims, for the
 * review it is sent to, when the visual zone gave nothing. The expiry date is never taken so: it decides
 * DOC_EXPIRED, which a misread digit must not raise.
 */
function printedDespiteFailedCheck(mrz: MrzReading): { documentNumber?: string; birthDate?: string } {
  const trusted = new Set(judgeMrzFirmness(mrz).trustedFailures);
  const number = mrz.fields.documentNumber?.value;
  const birth = mrz.fields.birthDate?.value;
  return {
    documentNumber: trusted.has('documentNumber') && number && /^[A-Z0-9]+$/.test(number) ? number : undefined,
    birthDate: trusted.has('birthDate') && birth && /^\d{4}-\d{2}-\d{2}$/.test(birth) ? birth : undefined,
  };
}

/** Which raw MRZ line holds a name field, per format. */
const NAME_LINE: Record<MrzReading['format'], Record<'surname' | 'givenNames', number>> = {
  TD1: { surname: 2, givenNames: 2 },
  TD2: { surname: 0, givenNames: 0 },
  TD3: { surname: 0, givenNames: 0 },
  FRA_ID: { surname: 0, givenNames: 1 },
};

/**
 * The OCR returned a name line with fewer characters than the layout has (its filler run was lengthened to fit):
 * the MRZ names may have lost letters, which no check digit shows. For the document service, which keeps this
 * instead of the lines and lets another side's printed names stand in (its `nameWithLostLetters`).
 */
export function mrzNamesMayMissLetters(mrz: MrzReading): boolean {
  return nameLineCameShort(mrz, 'surname') || nameLineCameShort(mrz, 'givenNames');
}

/** The OCR returned the name's line with fewer characters than the layout has (its filler run was lengthened to fit). */
function nameLineCameShort(mrz: MrzReading, field: 'surname' | 'givenNames'): boolean {
  const line = NAME_LINE[mrz.format][field];
  const raw = mrz.rawLines[line];
  return raw !== undefined && mrz.lines[line] !== undefined && raw.length < mrz.lines[line].length;
}

/**
 * No check digit covers the MRZ names, and OCR drops narrow letters there ("OKAFOR<<UKI" for YUKI). When the
 * name's line came in short and the printed name, in MRZ transliteration, is the MRZ name plus one to three
 * letters in between (MRZ letters in order within it), the MRZ lost them: the printed name is taken.
 */
export function lostLettersOf(machine: string, printed: string): boolean {
  const a = mrzTransliterate(machine);
  const b = mrzTransliterate(printed);
  const missing = b.length - a.length;
  if (a.length === 0 || missing < 1 || missing > 3) return false;
  let i = 0;
  for (const ch of b) if (ch === a[i]) i += 1;
  return i === a.length;
}

/** A printed name as the MRZ writes it: transliterated, its parts joined by fillers ('Jean-Luc' → 'JEAN<LUC'). */
function asMrzName(printed: string): string {
  return printed
    .split(/[\s-]+/)
    .map(mrzTransliterate)
    .filter(Boolean)
    .join('<');
}

/**
 * The recogniser reads a filler as K, and the names' '<<' then comes out 'K<' ('BERENGERK<HELENEK<<<…': surname
 * 'BERENGERK HELENEK', no given names), which no check digit covers. When the printed surname and given names, as
 * the MRZ writes them, are the MRZ's name field with some of its K's read as fillers, those K's were fillers and
 * the names are the printed ones in MRZ writing. A name ending in K (NOWAK) is printed with its K, so that K never
 * reads as a filler; names the MRZ truncated, or the French card's two name fields, are not compared.
 */
export function namesWithKsAsFillers(mrz: MrzReading, viz: VizReading): { surname: string; givenNames: string } | null {
  const span = LAYOUTS.find((l) => l.format === mrz.format)?.fields.find((f) => f.name === 'names')?.span;
  if (!span || !viz.surname || !viz.givenNames) return null;
  const [row, start, end] = span;
  const field = mrz.lines[row]?.slice(start, end) ?? '';
  const surname = asMrzName(viz.surname);
  const givenNames = asMrzName(viz.givenNames);
  const printed = `${surname}<<${givenNames}`;
  if (!surname || !givenNames || field.length !== end - start || printed.length > field.length) return null;
  const expected = printed.padEnd(field.length, '<');
  let fillersReadK = 0;
  for (let i = 0; i < field.length; i += 1) {
    if (field[i] === expected[i]) continue;
    if (field[i] !== 'K' || expected[i] !== '<') return null;
    fillersReadK += 1;
  }
  return fillersReadK > 0 ? { surname: surname.replace(/</g, ' '), givenNames: givenNames.replace(/</g, ' ') } : null;
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
  return Object.fromEntries(
    Object.entries({ fullName, firstName, lastName, dateOfBirth, nationality, sex }).filter(([, v]) => v !== undefined),
  ) as SubmitExtractedData;
}
