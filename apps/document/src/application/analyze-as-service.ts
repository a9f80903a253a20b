import { analyzeDocumentSide as analyzeWithLibrary, type SideAnalysis } from '@kyc/document-intelligence';
import { decodeImage } from '@kyc/image-intake';
import { type DocumentSide } from '../domain/side-analysis';
import { FacePortraitDetector } from '../infrastructure/face-portrait-detector';

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
