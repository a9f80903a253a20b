import type { PixelRegion } from './portrait-region';

/** How far a face box may reach past the searched region, as a share of its own size (a cut-off chin or forehead). */
const MAX_OVERHANG = 0.1;
/** A printed portrait's face is well under the page's shorter side; a box near or above it is the detector framing the whole page. */
const MAX_FACE_TO_PAGE_SIDE = 0.7;

interface FaceCandidate {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Whether a detected face box, in the searched region's pixels, can be a portrait printed on the page. At low
 * contrast the face detector frames guilloche rosettes or the whole page as faces, with boxes that run far out of
 * the region it was shown or span most of the page; a real portrait lies inside the region (give or take a cut
 * edge) and is smaller than the page.
 */
export function isPlausiblePortraitFace(
  face: FaceCandidate,
  region: Pick<PixelRegion, 'width' | 'height'>,
  page: { width: number; height: number },
): boolean {
  const slackX = face.width * MAX_OVERHANG;
  const slackY = face.height * MAX_OVERHANG;
  const inside =
    face.x > -slackX && face.y > -slackY && face.x + face.width < region.width + slackX && face.y + face.height < region.height + slackY;
  const pageSide = Math.min(page.width, page.height);
  return inside && face.width <= pageSide * MAX_FACE_TO_PAGE_SIDE && face.height <= pageSide * MAX_FACE_TO_PAGE_SIDE;
}
