import { type Box, type Point, type RgbImage } from '@kyc/face';

/**
 * face-api's recogniser input rebuilt in plain TypeScript, so that the ONNX recogniser can be fed
 * the reference's crop from any landmarks (ours or face-api's) and the stages can be swapped one
 * at a time. Transcribed from @vladmandic/face-api 1.7.15:
 *
 * - FaceLandmarks.alignDlib: the centres of the left eye (36–41), right eye (42–47) and mouth
 *   (48–67); side = floor(mean eye-to-mouth distance / 0.45); the square's corner at
 *   (centroid.x − 0.5·side, centroid.y − 0.43·side), floored and clamped at 0. No rotation.
 * - extractFaceTensors: the rectangle clipped at the image borders (Box.clipAtImageBorders, floored)
 *   and sliced out.
 * - NetInput.toBatchTensor(150, true): padToSquare with zeros, centred (round(diff/2) after, the
 *   rest before), then tf.image.resizeBilinear without align-corners or half-pixel centres.
 */

export const FACE_API_CHIP_SIZE = 150;

const centre = (points: Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/** The rectangle face-api's `landmarks.align(null, { useDlibAlignment: true })` returns. */
export function faceApiDescriptorRect(landmarks: Point[], imageWidth: number, imageHeight: number): Box {
  const leftEye = centre(landmarks.slice(36, 42));
  const rightEye = centre(landmarks.slice(42, 48));
  const mouth = centre(landmarks.slice(48, 68));
  const toMouth = (p: Point) => Math.hypot(mouth.x - p.x, mouth.y - p.y);
  const size = Math.floor((toMouth(leftEye) + toMouth(rightEye)) / 2 / 0.45);
  const ref = centre([leftEye, rightEye, mouth]);
  const x = Math.floor(Math.max(0, ref.x - 0.5 * size));
  const y = Math.floor(Math.max(0, ref.y - 0.43 * size));
  // (sic) face-api bounds the size by width + x, which never clips; the slice below does.
  return { x, y, width: Math.min(size, imageWidth + x), height: Math.min(size, imageHeight + y) };
}

/** face-api's recogniser input for `rect` of `image`: float RGB 0–255, NHWC 150x150, or undefined for an empty crop. */
export function faceApiChip(image: RgbImage, rect: Box, size = FACE_API_CHIP_SIZE): Float32Array | undefined {
  const x0 = Math.floor(Math.max(rect.x, 0));
  const y0 = Math.floor(Math.max(rect.y, 0));
  const w = Math.floor(Math.min(rect.x + rect.width - Math.max(rect.x, 0), image.width - Math.max(rect.x, 0)));
  const h = Math.floor(Math.min(rect.y + rect.height - Math.max(rect.y, 0), image.height - Math.max(rect.y, 0)));
  if (w <= 0 || h <= 0) return undefined;
  const side = Math.max(w, h);
  const diff = side - Math.min(w, h);
  const before = diff - Math.round(diff * 0.5);
  const offX = w < h ? before : 0;
  const offY = h < w ? before : 0;
  const pixel = (sx: number, sy: number, c: number): number => {
    const ix = sx - offX;
    const iy = sy - offY;
    if (ix < 0 || iy < 0 || ix >= w || iy >= h) return 0;
    return image.data[((y0 + iy) * image.width + (x0 + ix)) * 3 + c];
  };
  const out = new Float32Array(size * size * 3);
  const scale = side / size;
  for (let oy = 0; oy < size; oy++) {
    const sy = oy * scale;
    const ty = Math.floor(sy);
    const by = Math.min(side - 1, Math.ceil(sy));
    const fy = sy - ty;
    for (let ox = 0; ox < size; ox++) {
      const sx = ox * scale;
      const lx = Math.floor(sx);
      const rx = Math.min(side - 1, Math.ceil(sx));
      const fx = sx - lx;
      for (let c = 0; c < 3; c++) {
        const top = pixel(lx, ty, c) + (pixel(rx, ty, c) - pixel(lx, ty, c)) * fx;
        const bottom = pixel(lx, by, c) + (pixel(rx, by, c) - pixel(lx, by, c)) * fx;
        out[(oy * size + ox) * 3 + c] = top + (bottom - top) * fy;
      }
    }
  }
  return out;
}
