import { cropToBgrTensor, upstreamCropRect } from '../upstream-crop';

describe('upstreamCropRect (CropImage._get_new_box)', () => {
  it('scales the box about its centre when it fits', () => {
    expect(upstreamCropRect(1000, 1000, { x: 400, y: 400, width: 100, height: 100 }, 2.7)).toEqual({
      left: 315,
      top: 315,
      right: 585,
      bottom: 585,
    });
  });
  it('caps the scale so the crop fits and shifts it back inside the image', () => {
    // scale capped at (640-1)/230 ≈ 2.78 > 2.7 for height, (480-1)/186 ≈ 2.575 for width
    const rect = upstreamCropRect(480, 640, { x: 10, y: 120, width: 186, height: 230 }, 2.7);
    expect(rect.left).toBe(0);
    expect(rect.right).toBe(479);
    expect(rect.bottom - rect.top).toBe(Math.trunc(230 * (479 / 186)));
  });
});

describe('cropToBgrTensor', () => {
  it('swaps RGB to BGR planes and keeps 0-255', () => {
    const image = { width: 2, height: 2, data: Uint8Array.from([255, 0, 10, 255, 0, 10, 255, 0, 10, 255, 0, 10]) };
    const tensor = cropToBgrTensor(image, { left: 0, top: 0, right: 1, bottom: 1 }, 4);
    expect(Array.from(tensor.subarray(0, 16)).every((v) => v === 10)).toBe(true);
    expect(Array.from(tensor.subarray(16, 32)).every((v) => v === 0)).toBe(true);
    expect(Array.from(tensor.subarray(32, 48)).every((v) => v === 255)).toBe(true);
  });
  it('interpolates like OpenCV INTER_LINEAR (half-pixel centres) when upscaling', () => {
    const image = { width: 2, height: 1, data: Uint8Array.from([0, 0, 0, 100, 100, 100]) };
    const tensor = cropToBgrTensor(image, { left: 0, top: 0, right: 1, bottom: 0 }, 4);
    // cv2.resize([[0, 100]], (4, 1)) → [0, 25, 75, 100]
    expect(Array.from(tensor.subarray(0, 4))).toEqual([0, 25, 75, 100]);
  });
});
