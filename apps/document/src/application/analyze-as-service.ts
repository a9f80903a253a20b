import {
  analyzeDocumentSide as analyzeWithLibrary,
  type ExtractedData,
  type SideAnalysis,
  type SideComparison,
} from '@kyc/document-intelligence';
import { decodeImage } from '@kyc/image-intake';
import { mergeExtractedData } from '../domain/document-evidence';
import { type DocumentSide } from '../domain/side-analysis';
import { compareCardSides, recordSide } from '../domain/side-judgement';
import { FacePortraitDetector } from '../infrastructure/face-portrait-detector';
import { cropPortrait } from '../infrastructure/portrait-cropper';

/**
 * One side analysed as DocumentAnalysisService.analyzeSide analyses it — the intake's decode and re-encode first,
 * then the document library with the face search as its portrait port — without storing anything. For
 * `npm run eval:documents`, which loads it with `--analyzer` (the eval harness is a package and cannot depend on
 * an app), so its figures are the service's: portrait checks included, and their time.
 */
export async function analyzeDocumentSide(image: Buffer, options: { side: DocumentSide; now?: Date }): Promise<SideAnalysis> {
  const intake = await decodeImage(image);
  return analyzeWithLibrary(intake.image, { side: options.side, now: options.now, portraitDetector: new FacePortraitDetector() });
}

/**
 * One side analysed as the service analyses it, and the portrait GetPortrait would crop from it (the face box with
 * its margin, turned as the analysis turned the page), or null when none was found. For eval:pipeline's printed
 * portrait mode, which matches exactly the crop biometrics matches a selfie against.
 */
export async function analyzeSideWithPortrait(
  image: Buffer,
  options: { side: DocumentSide; now?: Date },
): Promise<{ analysis: SideAnalysis; portrait: Buffer | null }> {
  const intake = await decodeImage(image);
  const detector = new FacePortraitDetector();
  const analysis = await analyzeWithLibrary(intake.image, { side: options.side, now: options.now, portraitDetector: detector });
  const recorded = recordSide(analysis, detector.portraitBox);
  const portrait =
    recorded.portrait.found && recorded.portrait.box ? await cropPortrait(intake.image, recorded.rotation, recorded.portrait.box) : null;
  return { analysis, portrait };
}

/**
 * A card's front and back compared as the service compares them at the upload that completes the card: from what
 * it stores of each side (`recordSide`), so the eval scores DOCUMENT_MIXING_SUSPECTED as the service raises it.
 */
export function compareSides(front: SideAnalysis, back: SideAnalysis): SideComparison {
  return compareCardSides([recordSide(front), recordSide(back)]) ?? { mixingSuspected: false, zonesDisagree: false };
}

/** A document's extractedData from its analysed sides, merged as the service merges them for the verification (§2.9). */
export function mergeDocumentSides(sides: SideAnalysis[]): ExtractedData {
  return mergeExtractedData(sides.map((side) => recordSide(side)));
}

/** Time in the OCR models, which the eval reads around each analysis to report the latency's floor. */
export { ocrModelTime } from '@kyc/document-intelligence';
