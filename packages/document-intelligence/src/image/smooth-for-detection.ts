import sharp from 'sharp';
import { type RgbImage } from '../ocr/types';

/**
 * Gaussian sigma of the smoothed copy the text detector gets on a second look. Sensor noise breaks the DB
 * probability map along runs of thin MRZ fillers ('<<<<'), so a name line splits into a short head and a
 * filler tail that are read as two non-MRZ words, or a line ends early; σ 1 joins them again on the generated
 * noisy pages (median 3×3 did as well but costs seconds in libvips, this ~20–50 ms).
 */
const DETECTION_SMOOTHING_SIGMA = 1;

export async function smoothForDetection(image: RgbImage): Promise<RgbImage> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .blur(DETECTION_SMOOTHING_SIGMA)
    .raw()
    .toBuffer();
  return { data, width: image.width, height: image.height };
}
