import sharp from 'sharp';
import { type FaceBox, type RgbImage, chooseMainFace, detectFaceBoxes } from '@kyc/face';
import { isPlausiblePortraitFace } from '../domain/portrait-face-plausibility';
import type { PixelRegion } from '../domain/portrait-region';

/**
 * Strips searched when the whole page shows no face: half the page's longer side, all of its shorter side, at its
 * start, middle and end. The detector sees a downscaled page, where a printed portrait can shrink below what it
 * finds; in a strip it is half as small again. A portrait spans most of a document's height, so a strip (unlike a
 * tile of part of the height) never cuts across it.
 */
const STRIP_FRACTION = 0.5;
/** Where each strip starts, as a share of the room the strip has to move along the page. */
const STRIP_POSITIONS = [0, 0.5, 1] as const;
/**
 * The last pass smooths the strips (Gaussian σ in pixels) and stretches their contrast: in dim or noisy phone photos
 * the sensor noise over a printed face keeps the detector's score below its threshold.
 */
const DENOISE_SIGMA = 1.2;

/** The page's main face, in page pixels: the whole page, then strips of it, then the strips smoothed. */
export async function findPortraitFace(image: RgbImage): Promise<FaceBox | undefined> {
  const whole = plausibleFaces(await detectFaceBoxes(image), { left: 0, top: 0, width: image.width, height: image.height }, image);
  if (whole.length > 0) return chooseMainFace(whole);
  const strips = pageStrips(image);
  return (await searchRegions(image, strips, (crop) => crop)) ?? (await searchRegions(image, strips, denoised));
}

/** The page's strips along its longer side. */
export function pageStrips(image: { width: number; height: number }): PixelRegion[] {
  const landscape = image.width >= image.height;
  const long = landscape ? image.width : image.height;
  const length = Math.floor(long * STRIP_FRACTION);
  return STRIP_POSITIONS.map((position) => {
    const start = Math.round((long - length) * position);
    return landscape
      ? { left: start, top: 0, width: length, height: image.height }
      : { left: 0, top: start, width: image.width, height: length };
  });
}

async function searchRegions(image: RgbImage, regions: PixelRegion[], prepare: (crop: RgbImage) => RgbImage | Promise<RgbImage>): Promise<FaceBox | undefined> {
  const candidates: FaceBox[] = [];
  for (const region of regions) {
    const crop = await prepare(cropRgb(image, region.left, region.top, region.width, region.height));
    for (const face of plausibleFaces(await detectFaceBoxes(crop), region, image)) {
      candidates.push({ ...face, box: { ...face.box, x: face.box.x + region.left, y: face.box.y + region.top } });
    }
  }
  return chooseMainFace(candidates);
}

function plausibleFaces(faces: FaceBox[], region: PixelRegion, page: RgbImage): FaceBox[] {
  return faces.filter((face) => isPlausiblePortraitFace(face.box, region, page));
}

async function denoised(crop: RgbImage): Promise<RgbImage> {
  const { data, info } = await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 3 } })
    .blur(DENOISE_SIGMA)
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** A rectangle of a packed 8-bit RGB image. */
export function cropRgb(image: RgbImage, left: number, top: number, width: number, height: number): RgbImage {
  const w = Math.max(1, Math.min(width, image.width - left));
  const h = Math.max(1, Math.min(height, image.height - top));
  const data = new Uint8Array(w * h * 3);
  for (let row = 0; row < h; row++) {
    const start = ((top + row) * image.width + left) * 3;
    data.set(image.data.subarray(start, start + w * 3), row * w * 3);
  }
  return { width: w, height: h, data };
}
