import { type FaceBox, type RgbImage, chooseMainFace, detectFaceBoxes } from '@kyc/face';

/**
 * Overlapping tiles searched when the whole page shows no face: the detector sees a downscaled
 * page, where a printed portrait can shrink below what it finds (a passport photo is a fifth of the
 * page width, its face smaller still). In a tile of 60 % of the page the same face is big enough.
 */
const TILE_FRACTION = 0.6;
const TILE_ORIGINS: readonly [number, number][] = [[0, 0], [0.4, 0], [0, 0.4], [0.4, 0.4]];

/** The page's main face, in page pixels: the whole page first, then the tiles. */
export async function findPortraitFace(image: RgbImage): Promise<FaceBox | undefined> {
  return chooseMainFace(await detectFaceBoxes(image)) ?? (await searchTiles(image));
}

async function searchTiles(image: RgbImage): Promise<FaceBox | undefined> {
  const candidates: FaceBox[] = [];
  for (const [fx, fy] of TILE_ORIGINS) {
    const left = Math.floor(image.width * fx);
    const top = Math.floor(image.height * fy);
    const tile = cropRgb(image, left, top, Math.floor(image.width * TILE_FRACTION), Math.floor(image.height * TILE_FRACTION));
    for (const face of await detectFaceBoxes(tile)) {
      candidates.push({ ...face, box: { ...face.box, x: face.box.x + left, y: face.box.y + top } });
    }
  }
  return chooseMainFace(candidates);
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
