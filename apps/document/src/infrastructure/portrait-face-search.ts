import sharp from 'sharp';
import { FACE_SCORE_THRESHOLD, type FaceBox, type RgbImage, chooseMainFace, detectFaceBoxes } from '@kyc/face';
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
 * The strips are searched again smoothed (Gaussian σ in pixels) and contrast-stretched: in dim or noisy phone photos
 * the sensor noise over a printed face keeps the detector's score below its threshold.
 */
const DENOISE_SIGMA = 1.2;
/**
 * Faces the passes saw with a score from this up to the detector's threshold are doubtful: a printed portrait whose
 * forehead or chin the photo box cuts, or under glare, often scores 0.2–0.45 at page scale — and so do guilloche
 * rosettes.
 */
const DOUBTFUL_SCORE = 0.2;
/** The most doubtful faces looked at closer, best first. */
const DOUBTFUL_LOOKS = 3;
/**
 * A doubtful face is looked at again in a crop of it with this much of its size added on every side (a crop three
 * times its size): at that scale the detector scores a printed face above its threshold and a rosette still below
 * it. Over the 441 images of eval:documents (seed 2026) this found 7 of the 8 portraits the passes before it missed
 * (fronts and passport pages 292 → 299 of 300) and framed no face on 40 card fronts printed without one; on the 141
 * card backs (which the service does not search) it framed 2 more, 5 in all.
 */
const CLOSER_LOOK_MARGIN = 1;

/**
 * The page's main face, in page pixels: the whole page, then strips of it, then a closer look at the faces those
 * passes doubted, then the strips smoothed, then a closer look at the faces only the smoothed strips doubted (up to
 * DOUBTFUL_LOOKS closer looks in all). Each step runs only when the ones before found no face. The closer look comes
 * before the smoothing because it is the cheaper of the two where a face was doubted (0.1–0.2 s against 0.3–0.5 s on
 * a passport page): over the 591 pages and card fronts of eval:documents seeds 2026 and 7 the same faces were found
 * (3 boxes moved by a few pixels), in 16 % less time, the slowest passport 0.56 → 0.27 s; the smoothed strips still
 * find one face (seed 2026 doc 238's front) and the last closer look one more.
 */
export async function findPortraitFace(image: RgbImage): Promise<FaceBox | undefined> {
  const strips = pageStrips(image);
  const doubtful: FaceBox[] = [];
  const lookedCloser = new Set<FaceBox>();
  const search = async (regions: PixelRegion[], prepare: (crop: RgbImage) => Promise<RgbImage[]>): Promise<FaceBox | undefined> => {
    const faces = await searchRegions(image, regions, prepare);
    doubtful.push(...faces);
    return mainConfidentFace(faces);
  };
  const lookCloser = async (): Promise<FaceBox | undefined> => {
    const next = doubtful
      .filter((face) => !lookedCloser.has(face))
      .sort((a, b) => b.score - a.score)
      .slice(0, DOUBTFUL_LOOKS - lookedCloser.size);
    next.forEach((face) => lookedCloser.add(face));
    // What a closer look doubts is the same face again: it is not looked at a second time.
    return mainConfidentFace(
      await searchRegions(
        image,
        next.map((face) => closerLook(face, image)),
        async (crop) => [crop, ...(await denoised(crop))],
      ),
    );
  };
  return (
    (await search([{ left: 0, top: 0, width: image.width, height: image.height }], asIs)) ??
    (await search(strips, asIs)) ??
    (await lookCloser()) ??
    (await search(strips, denoised)) ??
    (await lookCloser())
  );
}

/**
 * The printed portrait among the faces a pass found: of those at the detector's threshold, the one it is surest of.
 * A selfie's main face is the largest (chooseMainFace weighs size by score, for the people behind the user), but a
 * page holds one holder's portrait, and what else the detector frames on it can be larger at a lower score: a block
 * of captions and names (eval:pipeline seed 2026, genuine-020's retake: 'Given names OLIVIA / Nationality GBR / Sex
 * F' framed at 0.56 and 219 px beside the portrait at 0.67 and 155 px; the crop of the text went to face match) or
 * a faded ghost image. Equal scores fall back to chooseMainFace.
 */
export function mainConfidentFace(faces: FaceBox[]): FaceBox | undefined {
  const confident = faces.filter((face) => face.score >= FACE_SCORE_THRESHOLD);
  const surest = Math.max(...confident.map((face) => face.score));
  return chooseMainFace(confident.filter((face) => face.score === surest));
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

/**
 * A window CLOSER_LOOK_MARGIN of a doubtful face's size larger on every side, centred on it, and moved back inside the
 * page rather than cut where it runs over an edge: cut, a portrait by the page's edge lost the context that lifted
 * its score (4 of the 7 portraits the closer look finds were found only with the whole window).
 */
export function closerLook(face: FaceBox, page: { width: number; height: number }): PixelRegion {
  const { x, y, width, height } = face.box;
  const span = (start: number, size: number, limit: number): [number, number] => {
    const length = Math.min(limit, Math.ceil(size * (1 + 2 * CLOSER_LOOK_MARGIN)));
    const from = Math.min(limit - length, Math.max(0, Math.floor(start - size * CLOSER_LOOK_MARGIN)));
    return [from, Math.max(1, length)];
  };
  const [left, windowWidth] = span(x, width, page.width);
  const [top, windowHeight] = span(y, height, page.height);
  return { left, top, width: windowWidth, height: windowHeight };
}

/** Plausible faces scoring at least DOUBTFUL_SCORE in each region (in each of its prepared versions), in page pixels. */
async function searchRegions(
  image: RgbImage,
  regions: PixelRegion[],
  prepare: (crop: RgbImage) => Promise<RgbImage[]>,
): Promise<FaceBox[]> {
  const faces: FaceBox[] = [];
  for (const region of regions) {
    for (const crop of await prepare(cropRgb(image, region.left, region.top, region.width, region.height))) {
      for (const face of await detectFaceBoxes(crop, DOUBTFUL_SCORE)) {
        if (!isPlausiblePortraitFace(face.box, region, image)) continue;
        faces.push({ ...face, box: { ...face.box, x: face.box.x + region.left, y: face.box.y + region.top } });
      }
    }
  }
  return faces;
}

async function asIs(crop: RgbImage): Promise<RgbImage[]> {
  return [crop];
}

async function denoised(crop: RgbImage): Promise<RgbImage[]> {
  const { data, info } = await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 3 } })
    .blur(DENOISE_SIGMA)
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [{ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }];
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
