import { MRZ_LAYOUTS } from '../mrz/read-mrz';
import { type MrzCheckDigit, type MrzReading } from '../mrz/types';
import { type MrzLayout, type Span } from '../mrz/layouts';
import { nameFieldsWithFillerMisreads } from '../mrz/stray-after-padding';

export interface MrzFirmness {
  /** True when the whole MRZ text can be taken as what is printed. */
  firm: boolean;
  /** Why the reading (or part of it) is not firm (empty when it is). */
  reasons: string[];
  /** Layout fields (e.g. 'names', 'nationality') whose characters may not be what is printed. */
  unreliableFields: string[];
  /** The failing check digits whose failure is evidence about the document rather than about the reading. */
  trustedFailures: MrzCheckDigit['name'][];
}

/**
 * Tells "read and found inconsistent" from "could not read". A failing check digit, an illegal character or an
 * unknown country code is evidence against the document only when the text was read as printed; a misread
 * produces the same symptoms, and the two must not be confused (a misread asks for a retake, not a fraud review).
 *
 * Not read as printed:
 * - every field on a line that came out at a length other than the layout's: OCR lost or invented characters,
 *   and the filler run resized to fit (or the text shifted after it) may hold any of them. The other lines keep
 *   their worth: a passport whose name line was miscounted still has a line 2 read character for character;
 * - a field that needed a letter↔digit repair, when its check digit fails (or, for a country code, which no check
 *   digit covers, at all): the repaired character is the likeliest place of the misread.
 * - a name field holding a run of filler misreads (`nameFieldsWithFillerMisreads`): no check digit covers names.
 * How many fields fail is no cue: the real Austrian specimen (mrz-dev id_fail.png) prints an MRZ whose document
 * number and expiry both fail, and it is read exactly.
 */
export function judgeMrzFirmness(mrz: MrzReading): MrzFirmness {
  const layout: MrzLayout = MRZ_LAYOUTS[mrz.format];
  const reasons: string[] = [];
  const misfitLines = new Set<number>();
  mrz.rawLines.forEach((line, i) => {
    if (line.length === layout.lineLength) return;
    misfitLines.add(i);
    reasons.push(`line ${i + 1} read with ${line.length} characters, the layout has ${layout.lineLength}`);
  });
  const repaired = (field: string) => mrz.repairs.filter((r) => r.startsWith(`${field}:`));
  const onMisfitLine = (spans: Span[]) => spans.some(([line]) => misfitLines.has(line));

  const unreliableFields = layout.fields.filter((f) => misfitLines.has(f.span[0])).map((f) => f.name);
  for (const field of ['issuingState', 'nationality']) {
    if (repaired(field).length > 0 && !unreliableFields.includes(field)) {
      unreliableFields.push(field);
      reasons.push(`${field} needed OCR repairs (${repaired(field).join('; ')})`);
    }
  }

  for (const field of nameFieldsWithFillerMisreads(mrz)) {
    if (!unreliableFields.includes(field)) unreliableFields.push(field);
    reasons.push(`${field} holds a run of filler misreads (K, C), which no name has`);
  }

  const failing = mrz.checkDigits.filter((c) => !c.valid).map((c) => c.name);
  const trusted = (name: MrzCheckDigit['name']): boolean => {
    const spec = layout.checkDigits.find((c) => c.name === name);
    if (!spec || onMisfitLine([...spec.covers, [spec.at[0], spec.at[1], spec.at[1] + 1]])) return false;
    // The composite fails along with any field it covers; it is evidence only when those failures are.
    if (name === 'composite') return failing.filter((f) => f !== 'composite').every(trusted);
    const fieldRepairs = [...repaired(name), ...repaired(`${name}Check`)];
    if (fieldRepairs.length > 0) reasons.push(`${name} fails its check digit after OCR repairs (${fieldRepairs.join('; ')})`);
    return fieldRepairs.length === 0;
  };
  const trustedFailures = failing.filter(trusted);
  return { firm: reasons.length === 0, reasons: [...new Set(reasons)], unreliableFields, trustedFailures };
}
