import { type FaceBox, type RgbImage } from './types';

/**
 * The crop MiniFASNet was trained on, as Silent-Face-Anti-Spoofing's CropImage builds it
 * (src/generate_patches.py): the face box scaled about its centre, the scale capped so the crop
 * fits the image, the crop shifted back inside the image, end pixels inclusive.
 */
export interface CropRect {
  left: number;
  top: number;
  /** Inclusive. */
  right: number;
  /** Inclusive. */
  bottom: number;
}

export function upstreamCropRect(imageWidth: number, imageHeight: number, box: FaceBox, scale: number): CropRect {
  const s = Math.min((imageHeight - 1) / box.height, (imageWidth - 1) / box.width, scale);
  const newWidth = box.width * s;
  const newHeight = box.height * s;
  const centerX = box.width / 2 + box.x;
  const centerY = box.height / 2 + box.y;
  let left = centerX - newWidth / 2;
  let top = centerY - newHeight / 2;
  let right = centerX + newWidth / 2;
  let bottom = centerY + newHeight / 2;
  if (left < 0) {
    right -= left;
    left = 0;
  }
  if (top < 0) {
    bottom -= top;
    top = 0;
  }
  if (right > imageWidth - 1) {
    left -= right - imageWidth + 1;
    right = imageWidth - 1;
  }
  if (bottom > imageHeight - 1) {
    top -= bottom - imageHeight + 1;
    bottom = imageHeight - 1;
  }
  // Python's int() truncates toward zero.
  return { left: Math.trunc(left), top: Math.trunc(top), right: Math.trunc(right), bottom: Math.trunc(bottom) };
}

/**
 * Resizes the crop to size×size the way OpenCV's INTER_LINEAR does (half-pixel centres, edge
 * clamping, no antialiasing), rounds to 8 bits as cv2 does for uint8 images, and lays it out as
 * the network wants: NCHW, BGR, 0-255.
 */
export function cropToBgrTensor(image: RgbImage, rect: CropRect, size: number): Float32Array {
  const srcWidth = rect.right - rect.left + 1;
  const srcHeight = rect.bottom - rect.top + 1;
  const out = new Float32Array(3 * size * size);
  const plane = size * size;
  const scaleX = srcWidth / size;
  const scaleY = srcHeight / size;
  const xs = axisTaps(size, scaleX, srcWidth);
  const ys = axisTaps(size, scaleY, srcHeight);
  for (let dy = 0; dy < size; dy++) {
    const y0 = rect.top + ys.index[dy];
    const y1 = rect.top + Math.min(ys.index[dy] + 1, srcHeight - 1);
    const fy = ys.fraction[dy];
    for (let dx = 0; dx < size; dx++) {
      const x0 = rect.left + xs.index[dx];
      const x1 = rect.left + Math.min(xs.index[dx] + 1, srcWidth - 1);
      const fx = xs.fraction[dx];
      for (let c = 0; c < 3; c++) {
        const p00 = image.data[(y0 * image.width + x0) * 3 + c];
        const p01 = image.data[(y0 * image.width + x1) * 3 + c];
        const p10 = image.data[(y1 * image.width + x0) * 3 + c];
        const p11 = image.data[(y1 * image.width + x1) * 3 + c];
        const top = p00 + (p01 - p00) * fx;
        const bottom = p10 + (p11 - p10) * fx;
        const value = Math.round(top + (bottom - top) * fy);
        // RGB in, BGR out: channel c goes to plane 2 - c.
        out[(2 - c) * plane + dy * size + dx] = value;
      }
    }
  }
  return out;
}

function axisTaps(size: number, scale: number, sourceLength: number): { index: Int32Array; fraction: Float64Array } {
  const index = new Int32Array(size);
  const fraction = new Float64Array(size);
  for (let d = 0; d < size; d++) {
    const s = (d + 0.5) * scale - 0.5;
    let i = Math.floor(s);
    let f = s - i;
    if (i < 0) {
      i = 0;
      f = 0;
    }
    if (i >= sourceLength - 1) {
      i = sourceLength - 1;
      f = 0;
    }
    index[d] = i;
    fraction[d] = f;
  }
  return { index, fraction };
}
