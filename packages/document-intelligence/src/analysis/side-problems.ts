import { type MrzSearch } from '../mrz/find-mrz-lines';
import { nameFieldsWithFillerMisreads } from '../mrz/stray-after-padding';
import { type QualityVerdict } from '../quality/measure-quality';
import { type DocumentTypeDecision } from './document-type';
import { type CrossCheck, CROSS_CHECK_MIN_SCORE } from './mrz-viz-cross-check';
import { type DocumentSide, type ExtractedData, type PortraitCheck, type ProblemCode } from './types';

export interface ProblemInputs {
  side: DocumentSide;
  type: DocumentTypeDecision;
  mrzSearch: MrzSearch;
  quality: QualityVerdict;
  crossCheck: CrossCheck | null;
  portrait: PortraitCheck;
  data: ExtractedData;
  now: Date;
}

/** Detection confidence below this is reported as LOW_DETECTION_CONFIDENCE. */
export const MIN_DETECTION_CONFIDENCE = 0.5;

export function judgeSideProblems(input: ProblemInputs): ProblemCode[] {
  const { side, type, mrzSearch, quality, crossCheck, portrait, data, now } = input;
  const problems = new Set<ProblemCode>();
  const mrz = mrzSearch.reading;
  // A card back's whole content is its MRZ: read with every check digit passing, the photo served, and a retake
  // would only cost the user a step. A side with a portrait still needs the face shown well enough to match.
  const namesLost = mrz ? nameFieldsWithFillerMisreads(mrz).length > 0 : false;
  const readInFull = mrz?.valid === true && !namesLost && !sideCarriesPortrait(side, type, mrz.format);
  if (quality.tooLow && !readInFull) problems.add('DOCUMENT_QUALITY_TOO_LOW');
  if (type.confidence < MIN_DETECTION_CONFIDENCE) problems.add('LOW_DETECTION_CONFIDENCE');

  if (mrz && !mrz.valid) problems.add('MRZ_DATA_UNREADABLE');
  // Check digits passed, but the name line came out as filler misreads and the visual zone gave no name either: the
  // side names nobody, which only a retake mends.
  if (mrz?.valid && namesLost && !data.lastName) problems.add('MRZ_DATA_UNREADABLE');
  if (!mrz && mrzSearch.candidateLines.length >= 2) problems.add('MRZ_DATA_UNREADABLE');
  if (!mrz && mrzSearch.candidateLines.length < 2) {
    // Filler runs or an MRZ date block in the text mean an MRZ is printed but was not read whole: unreadable, not
    // missing.
    const mrzTraces = mrzSearch.candidateLines.length > 0 || mrzSearch.traceLines.length > 0;
    // Cards carry their MRZ on the back (TD1); passports on the data page, uploaded as 'main' or 'front'.
    if (side === 'back' && type.type !== 'passport' && type.type !== 'driver_license') {
      problems.add(mrzTraces ? 'MRZ_DATA_UNREADABLE' : 'MRZ_MISSING_BACK_SIDE');
    }
    if (type.type === 'passport' || side === 'main') problems.add('MRZ_DATA_UNREADABLE');
  }
  // A TD1 MRZ is printed on the back of a card; shown as the front, the user uploaded the wrong side.
  if (side === 'front' && mrz?.format === 'TD1') problems.add('WRONG_SIDE_BACK_UPLOADED');

  // A face the photo is too dark, small or blurred to show is no evidence that the side has none: the retake asked
  // for is the quality's. Nor is a retake asked for on a page whose MRZ was read with every check digit passing and
  // its names whole: a person reads that document, and the same capture comes back the same (an infrared or UV
  // reader's image shows no portrait at all: mrz-real-dev's BLR captures). The portrait stays not found, so the face
  // match at submit is not performed and the verification goes to review, where a person compares the page.
  const mrzReadWhole = mrz?.valid === true && !namesLost;
  if (portrait.checked && !portrait.found && !quality.tooLow && !mrzReadWhole && sideCarriesPortrait(side, type, mrz?.format))
    problems.add('PORTRAIT_NOT_DETECTED');
  if (crossCheck && zonesDisagree(crossCheck)) problems.add('MRZ_CROSS_LOW_SCORE');
  if (data.expiryDate && data.expiryDate < now.toISOString().slice(0, 10)) problems.add('DOC_EXPIRED');
  return [...problems];
}

/**
 * The zones disagree when most compared fields differ, when a printed date differs from the one the MRZ vouches
 * for with its check digit, or when a printed name is another than the MRZ's: the page was misread, or altered.
 * Either way a retake tells which (spec part 3: asked once, recorded if it comes back). The card's two sides are
 * held to the same rule (compareSides' zonesDisagree).
 */
function zonesDisagree(crossCheck: CrossCheck): boolean {
  return (
    (crossCheck.compared >= 2 && crossCheck.score < CROSS_CHECK_MIN_SCORE) ||
    crossCheck.vouchedDisagreements > 0 ||
    crossCheck.nameDisagreements > 0
  );
}

/** Passport data pages and card fronts carry the portrait; a card back does not. */
export function sideCarriesPortrait(side: DocumentSide, type: DocumentTypeDecision, mrzFormat?: string): boolean {
  if (side === 'back') return false;
  if (side === 'front' && mrzFormat === 'TD1') return false; // that is a back shown as front; reported as such
  return type.type !== 'unknown' || side === 'main';
}
