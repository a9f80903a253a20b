import { warpAffine } from '../image/bilinear-warp';
import { type AffineMatrix, type Point, type RgbImage } from '../image/rgb-image';
import { dlibTemplate, TEMPLATE_FIRST_LANDMARK } from './dlib-face-template';
import { estimateSimilarity, invertAffine } from './similarity-transform';

/**
 * The embedder's input: a 150x150 chip aligned as dlib's extract_image_chip does (similarity
 * transform from landmarks 17..67 to dlib's mean face, padding 0.25), sampled with our bilinear warp.
 */

export const CHIP_SIZE = 150;
export const CHIP_PADDING = 0.25;

export interface FaceChip {
  chip: RgbImage;
  /** Image → chip transform (for mapping points and for quality measures). */
  imageToChip: AffineMatrix;
  /** Image pixels per chip pixel. */
  scale: number;
}

export function extractFaceChip(image: RgbImage, landmarks68: Point[], size = CHIP_SIZE, padding = CHIP_PADDING): FaceChip | undefined {
  const from = landmarks68.slice(TEMPLATE_FIRST_LANDMARK);
  const imageToChip = estimateSimilarity(from, dlibTemplate(size, padding));
  if (!imageToChip) return undefined;
  const chipToImage = invertAffine(imageToChip);
  if (!chipToImage) return undefined;
  const scale = Math.hypot(chipToImage[0], chipToImage[3]);
  const chip = warpAffine(image, chipToImage, size, size, Math.min(4, Math.floor(scale)));
  return { chip, imageToChip, scale };
}
