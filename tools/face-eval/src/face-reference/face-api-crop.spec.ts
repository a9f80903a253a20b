import { type Point, type RgbImage } from '@kyc/face';
import { faceApiChip, faceApiDescriptorRect } from './face-api-crop';

/** 68 points with the eyes and mouth where a test wants them (the other points do not enter face-api's crop). */
function landmarksWith(leftEye: Point, rightEye: Point, mouth: Point): Point[] {
  const points: Point[] = Array.from({ length: 68 }, () => ({ x: 0, y: 0 }));
  for (let i = 36; i < 42; i++) points[i] = leftEye;
  for (let i = 42; i < 48; i++) points[i] = rightEye;
  for (let i = 48; i < 68; i++) points[i] = mouth;
  return points;
}

function constantImage(width: number, height: number, value: (x: number, y: number) => number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.fill(value(x, y), (y * width + x) * 3, (y * width + x) * 3 + 3);
  return { width, height, data };
}

describe("face-api's recogniser crop (transcribed)", () => {
  it('puts a square of eye-to-mouth / 0.45 at 0.5 / 0.43 of its side around the eye-eye-mouth centroid', () => {
    // Eyes at (80,100) and (120,100), mouth at (100,145): eye-to-mouth = sqrt(20² + 45²) = 49.24.
    const rect = faceApiDescriptorRect(landmarksWith({ x: 80, y: 100 }, { x: 120, y: 100 }, { x: 100, y: 145 }), 400, 400);
    const side = Math.floor(Math.hypot(20, 45) / 0.45);
    expect(side).toBe(109);
    const centroid = { x: 100, y: (100 + 100 + 145) / 3 };
    expect(rect).toEqual({ x: Math.floor(centroid.x - 0.5 * side), y: Math.floor(centroid.y - 0.43 * side), width: side, height: side });
  });

  it('clamps the corner at 0 without shrinking the side, as face-api does', () => {
    const rect = faceApiDescriptorRect(landmarksWith({ x: 10, y: 20 }, { x: 50, y: 20 }, { x: 30, y: 65 }), 400, 400);
    expect(rect.x).toBe(0);
    expect(rect.y).toBe(0);
    expect(rect.width).toBe(109);
  });

  it('pads a crop cut by the image border to a square with black, centred, then resizes without half-pixel centres', () => {
    // A 40x20 white image cropped whole: padded to 40x40 with 10 black rows above and below.
    const image = constantImage(40, 20, () => 255);
    const chip = faceApiChip(image, { x: 0, y: 0, width: 40, height: 20 }, 40)!;
    const at = (x: number, y: number) => chip[(y * 40 + x) * 3];
    expect(at(20, 9)).toBe(0);
    expect(at(20, 10)).toBe(255);
    expect(at(20, 29)).toBe(255);
    expect(at(20, 30)).toBe(0);
  });

  it('samples source pixel floor(i · in/out) and its right/lower neighbour (tf.image.resizeBilinear, align_corners false)', () => {
    const image = constantImage(4, 4, (x) => x * 10);
    const chip = faceApiChip(image, { x: 0, y: 0, width: 4, height: 4 }, 8)!;
    // out x = 1 → source 0.5 → halfway between 0 and 10; out x = 7 → source 3.5 → clamped at the last pixel (30).
    expect(chip[1 * 3]).toBeCloseTo(5, 5);
    expect(chip[7 * 3]).toBeCloseTo(30, 5);
  });

  it('gives nothing for a rectangle entirely outside the image', () => {
    expect(
      faceApiChip(
        constantImage(10, 10, () => 1),
        { x: 20, y: 20, width: 5, height: 5 },
      ),
    ).toBeUndefined();
  });
});
