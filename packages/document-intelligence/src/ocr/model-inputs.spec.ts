import { detectorInput } from './detect-text-boxes';
import { writeNormalisedBgr } from './recognise-text';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256);

describe('detectorInput', () => {
  it('is the planar BGR ImageNet normalisation of every pixel, as computed per pixel before', () => {
    const mean = [0.485, 0.456, 0.406];
    const std = [0.229, 0.224, 0.225];
    const plane = 257;
    const rgb = bytes(3 * plane);
    const input = detectorInput(rgb, plane);
    for (let i = 0; i < plane; i += 1) {
      for (let c = 0; c < 3; c += 1) expect(input[c * plane + i]).toBe(Math.fround((rgb[i * 3 + (2 - c)] / 255 - mean[c]) / std[c]));
    }
  });
});

describe('writeNormalisedBgr', () => {
  it('writes a 48-row strip into a wider batch slot as BGR planes in [-1, 1], leaving the padding alone', () => {
    const width = 5;
    const rowStride = 7;
    const plane = rowStride * 48;
    const strip = bytes(width * 48 * 3);
    const input = new Float32Array(2 * 3 * plane).fill(9);
    writeNormalisedBgr(strip, width, input, 3 * plane, rowStride, plane);
    for (let y = 0; y < 48; y += 1) {
      for (let x = 0; x < rowStride; x += 1) {
        for (let c = 0; c < 3; c += 1) {
          const at = 3 * plane + c * plane + y * rowStride + x;
          const expected = x < width ? Math.fround((strip[(y * width + x) * 3 + (2 - c)] / 255 - 0.5) / 0.5) : 9;
          expect(input[at]).toBe(expected);
        }
      }
    }
    expect(input.subarray(0, 3 * plane).every((v) => v === 9)).toBe(true);
  });
});
