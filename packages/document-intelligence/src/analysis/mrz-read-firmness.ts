import { type MrzReading } from '../mrz/types';

export interface MrzFirmness {
  /** True when the MRZ text can be taken as what is printed, so its inconsistencies speak about the document. */
  firm: boolean;
  /** Why the reading is not firm (empty when it is). */
  reasons: string[];
}

/**
 * Tells "read and found inconsistent" from "could not read". A failing check digit, an illegal character or an
 * unknown country code is evidence against the document only when the text was read as printed; a misread
 * produces the same symptoms, and the two must not be confused (a misread asks for a retake, not a fraud review).
 *
 * A reading is not firm when:
 * - a line came out at a length other than the layout's: OCR lost or invented characters, and the filler run
 *   that was resized to fit (or the shifted text after it) may hold any of them;
 * - the field behind a failing check digit needed a letter↔digit repair: the repaired character is the likeliest
 *   place of the misread that breaks the check.
 * How many fields fail is no cue: the real Austrian specimen (mrz-dev id_fail.png) prints an MRZ whose document
 * number and expiry both fail, and it is read exactly.
 */
export function judgeMrzFirmness(mrz: MrzReading): MrzFirmness {
  const reasons: string[] = [];
  const expectedLength = mrz.lines[0]?.length ?? 0;
  const misfit = mrz.rawLines.map((line, i) => ({ line: i + 1, length: line.length })).filter((l) => l.length !== expectedLength);
  for (const { line, length } of misfit) reasons.push(`line ${line} read with ${length} characters, the layout has ${expectedLength}`);

  const failingFields = mrz.checkDigits.filter((c) => !c.valid && c.name !== 'composite').map((c) => c.name);
  for (const name of failingFields) {
    const repaired = mrz.repairs.filter((r) => r.startsWith(`${name}:`) || r.startsWith(`${name}Check:`));
    if (repaired.length > 0) reasons.push(`${name} fails its check digit after OCR repairs (${repaired.join('; ')})`);
  }
  return { firm: reasons.length === 0, reasons };
}
