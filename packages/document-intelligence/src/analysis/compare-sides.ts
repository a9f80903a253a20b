import { NAMED_TYPE_CONFIDENCE } from './document-type';
import { namesAgree } from './mrz-viz-cross-check';
import { type SideAnalysis } from './types';

export interface SideComparison {
  mixingSuspected: boolean;
  reason?: string;
}

/**
 * Front and back belong to one document when what both sides say agrees: document number, birth date,
 * surname (MRZ on one side vs MRZ or visual zone on the other) and document type. Any hard disagreement means
 * two documents were mixed; fields that only one side carries are not evidence either way.
 */
export function compareSides(front: SideAnalysis, back: SideAnalysis): SideComparison {
  try {
    const reasons: string[] = [];
    const a = front.extractedData;
    const b = back.extractedData;
    const compare = (name: string, x?: string, y?: string, same = (p: string, q: string) => p === q) => {
      if (x && y && !same(x, y)) reasons.push(`${name} differs (front '${x}', back '${y}')`);
    };
    compare('documentNumber', a.documentNumber, b.documentNumber, (p, q) => p.replace(/[^A-Z0-9]/gi, '').toUpperCase() === q.replace(/[^A-Z0-9]/gi, '').toUpperCase());
    compare('dateOfBirth', a.dateOfBirth, b.dateOfBirth);
    // Either side may hold the MRZ spelling (MUELLER) and the other the printed one (MÜLLER).
    compare('lastName', a.lastName, b.lastName, (p, q) => namesAgree(p, q) || namesAgree(q, p));
    compare('expiryDate', a.expiryDate, b.expiryDate);
    // A type guessed from the layout (a card front whose name was illegible is taken for an identity card) is no
    // evidence against the type the other side names.
    const named = front.detectionConfidence >= NAMED_TYPE_CONFIDENCE && back.detectionConfidence >= NAMED_TYPE_CONFIDENCE;
    const typeA = front.detectedDocumentType;
    const typeB = back.detectedDocumentType;
    if (named && typeA !== 'unknown' && typeB !== 'unknown' && typeA !== typeB) reasons.push(`document type differs (front ${typeA}, back ${typeB})`);
    const stateA = front.mrz?.fields.issuingState?.value;
    const stateB = back.mrz?.fields.issuingState?.value;
    if (stateA && stateB && stateA !== stateB) reasons.push(`issuing state differs (front ${stateA}, back ${stateB})`);
    return reasons.length > 0 ? { mixingSuspected: true, reason: reasons.join('; ') } : { mixingSuspected: false };
  } catch (error) {
    return { mixingSuspected: false, reason: `comparison failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
