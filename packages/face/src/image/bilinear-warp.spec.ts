import { warpAffine } from './bilinear-warp';
import { type RgbImage } from './rgb-image';

const gradient = (w: number, h: number): RgbImage => {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([x * 10, y * 10, 100], (y * w + x) * 3);
  return { width: w, height: h, data };
};

describe('warpAffine', () => {
  const image = gradient(8, 6);

  it('identity copies pixels', () => {
    expect(warpAffine(image, [1, 0, 0, 0, 1, 0], 8, 6).data).toEqual(image.data);
  });

  it('interpolates between pixels and blacks out what lies outside the source', () => {
    const shifted = warpAffine(image, [1, 0, 0.5, 0, 1, -1], 8, 6);
    // (0,1) samples source (0.5, 0): halfway between x=0 and x=1 → red 5.
    expect(Array.from(shifted.data.subarray((1 * 8 + 0) * 3, (1 * 8 + 0) * 3 + 3))).toEqual([5, 0, 100]);
    // Row 0 samples y = -1, a full pixel above the source: black.
    expect(Array.from(shifted.data.subarray(0, 3))).toEqual([0, 0, 0]);
    // Last column samples x = 7.5: half of the last pixel, half black.
    expect(shifted.data[(2 * 8 + 7) * 3]).toBe(35);
  });

  it('supersampling averages the covered source pixels when shrinking', () => {
    const half = warpAffine(image, [2, 0, 0.5, 0, 2, 0.5], 4, 3, 2);
    // Output (0,0) covers source x 0..1, y 0..1 → mean red 5, green 5.
    expect(Array.from(half.data.subarray(0, 3))).toEqual([5, 5, 100]);
    expect(half.width).toBe(4);
  });
});
