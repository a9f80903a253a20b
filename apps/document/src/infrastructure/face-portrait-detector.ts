import type { PortraitCheck, PortraitDetector } from '@kyc/document-intelligence';
import { type FaceBox, type RgbImage, chooseMainFace, detectFaceBoxes } from '@kyc/face';
import type { RelativeBox } from '../domain/side-judgement';

/**
 * Overlapping tiles searched when the whole page shows no face: the detector sees a downscaled
 * page, where a printed portrait can shrink below what it finds (a passport photo is a fifth of the
 * page width, its face smaller still). In a tile of 60 % of the page the same face is big enough.
 */
const TILE_FRACTION = 0.6;
const TILE_ORIGINS: readonly [number, number][] = [[0, 0], [0.4, 0], [0, 0.4], [0.4, 0.4]];

/**
 * The document library's portrait port, backed by the face detector. One instance per analysis:
 * it keeps the box it found (as fractions of the image the library passed, which is the stored
 * image turned by the analysis' rotation and scaled) so GetPortrait can crop it later.
 */
export class FacePortraitDetector implements PortraitDetector {
  private found: RelativeBox | undefined;

  get portraitBox(): RelativeBox | undefined {
    return this.found;
  }

  async detectPortrait(image: { data: Buffer; width: number; height: number }): Promise<PortraitCheck> {
    const face = chooseMainFace(await detectFaceBoxes(image)) ?? (await this.searchTiles(image));
    if (!face) {
      this.found = undefined;
      return { checked: true, found: false };
    }
    const { x, y, width, height } = face.box;
    this.found = { x: x / image.width, y: y / image.height, width: width / image.width, height: height / image.height };
    return { checked: true, found: true, confidence: face.score };
  }

  private async searchTiles(image: RgbImage): Promise<FaceBox | undefined> {
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
