import { NAMED_TYPE_CONFIDENCE } from './document-type';
import { documentNumberDistance, namesAgree } from './mrz-viz-cross-check';
import { type ExtractedData, type SideAnalysis } from './types';

export interface SideComparison {
  /** Front and back are of two documents (DOCUMENT_MIXING_SUSPECTED). */
  mixingSuspected: boolean;
  /**
   * One document whose front (its printed zone) disagrees with the back (its MRZ) on the holder's data: the card's
   * MRZ_CROSS_LOW_SCORE, which a passport shows on its one page.
   */
  zonesDisagree: boolean;
  reason?: string;
}

/**
 * More characters than this apart (look-alikes such as O and 0 counted as one) and two document numbers are two
 * documents; nearer, a misread of one number is as likely (the front prints it without a check digit: 'WVENOCNMO'
 * for WVFN0CNM0). Two issued numbers seldom share more than a few of their characters in place.
 */
const MAX_MISREAD_NUMBER_DISTANCE = 2;

/**
 * Front and back belong to one document when what both sides say agrees: document number, birth date, surname
 * (MRZ on one side vs MRZ or visual zone on the other), expiry date, document type and issuing state. Two
 * documents show in a type or state that differ, in document numbers that differ beyond a misread, or — where the
 * numbers do not settle it — in two or more personal fields that differ, or every one that could be compared.
 * A disagreement that leaves the sides one document (the same number, one field apart) is the card's printed
 * data disagreeing with its MRZ. Fields that only one side carries are not evidence either way.
 */
export function compareSides(front: SideAnalysis, back: SideAnalysis): SideComparison {
  try {
    const a = front.extractedData;
    const b = back.extractedData;
    const personal = personalFieldDifferences(a, b);
    const documentReasons: string[] = [];
    const number = a.documentNumber && b.documentNumber ? documentNumberDistance(a.documentNumber, b.documentNumber) : null;
    if (number !== null && number > 0)
      documentReasons.push(`documentNumber differs (front '${a.documentNumber}', back '${b.documentNumber}')`);
    // A type guessed from the layout (a card front whose name was illegible is taken for an identity card) is no
    // evidence against the type the other side names.
    const named = front.detectionConfidence >= NAMED_TYPE_CONFIDENCE && back.detectionConfidence >= NAMED_TYPE_CONFIDENCE;
    const typeA = front.detectedDocumentType;
    const typeB = back.detectedDocumentType;
    const typesDiffer = named && typeA !== 'unknown' && typeB !== 'unknown' && typeA !== typeB;
    if (typesDiffer) documentReasons.push(`document type differs (front ${typeA}, back ${typeB})`);
    const stateA = front.mrz?.fields.issuingState?.value;
    const stateB = back.mrz?.fields.issuingState?.value;
    const statesDiffer = Boolean(stateA && stateB && stateA !== stateB);
    if (statesDiffer) documentReasons.push(`issuing state differs (front ${stateA}, back ${stateB})`);
    const differing = personal.differences.length;
    const numbersAgree = number === 0;
    const mixingSuspected =
      typesDiffer ||
      statesDiffer ||
      (number !== null && number > MAX_MISREAD_NUMBER_DISTANCE) ||
      (!numbersAgree && (differing >= 2 || (differing > 0 && differing === personal.compared)));
    const zonesDisagree = !mixingSuspected && differing > 0;
    const reasons = [...documentReasons, ...personal.differences];
    return reasons.length > 0 && (mixingSuspected || zonesDisagree)
      ? { mixingSuspected, zonesDisagree, reason: reasons.join('; ') }
      : { mixingSuspected: false, zonesDisagree: false };
  } catch (error) {
    return {
      mixingSuspected: false,
      zonesDisagree: false,
      reason: `comparison failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** The holder's fields both sides carry (compared) and those that differ (as reasons). */
function personalFieldDifferences(a: ExtractedData, b: ExtractedData): { compared: number; differences: string[] } {
  let compared = 0;
  const differences: string[] = [];
  const compare = (name: string, x?: string, y?: string, same = (p: string, q: string) => p === q) => {
    if (!x || !y) return;
    compared += 1;
    if (!same(x, y)) differences.push(`${name} differs (front '${x}', back '${y}')`);
  };
  compare('dateOfBirth', a.dateOfBirth, b.dateOfBirth);
  // Either side may hold the MRZ spelling (MUELLER) and the other the printed one (MÜLLER).
  compare('lastName', a.lastName, b.lastName, (p, q) => namesAgree(p, q) || namesAgree(q, p));
  compare('expiryDate', a.expiryDate, b.expiryDate);
  return { compared, differences };
}
