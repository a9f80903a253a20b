import { type OrientedBox } from '../ocr/oriented-box';
import { type Recognition } from '../ocr/recognise-text';
import { type RgbImage } from '../ocr/types';
import { readMrzRegionsByTemplate } from './ocrb/read-mrz-regions';
import { readMrzRegionsByModel } from './recogniser/read-mrz-regions-by-model';

/**
 * The MRZ readers that run before the general-purpose recogniser, on the long lines of a page: our OCR-B line
 * recogniser decoded under the layout's grammar first (made for MRZ print of any look: 0/O, fillers, photos of
 * documents it never saw), then the OCR-B templates (the glyphs compared cell by cell). Each returns lines only
 * for a whole MRZ it vouches for; what neither reads goes to the recogniser and the second looks.
 * DOCUMENT_MRZ_MODEL=0 leaves the model out (the pipeline as it was before it, for comparisons).
 */
export function mrzPrereader(
  now: Date,
  env: NodeJS.ProcessEnv = process.env,
): (image: RgbImage, regions: OrientedBox[]) => Promise<Map<number, Recognition>> {
  const useModel = env.DOCUMENT_MRZ_MODEL !== '0';
  return async (image, regions) => {
    if (useModel) {
      const byModel = await readMrzRegionsByModel(image, regions, now);
      if (byModel.size > 0) return byModel;
    }
    return readMrzRegionsByTemplate(image, regions, now);
  };
}
