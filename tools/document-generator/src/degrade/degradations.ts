import sharp from 'sharp';
import { type Prng } from '../prng';
import { type Point, solveHomography, warpPerspective } from './homography';

export type Degradation = 'perspective' | 'rotation' | 'blur' | 'noise' | 'jpeg' | 'glare' | 'low_light' | 'partial_crop';

export const ALL_DEGRADATIONS: readonly Degradation[] = [
  'perspective',
  'rotation',
  'blur',
  'noise',
  'jpeg',
  'glare',
  'low_light',
  'partial_crop',
];

/** A decoded RGB image; each step takes one and gives one back so the chain stays in raw pixels. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface AppliedDegradation {
  kind: Degradation;
  /** The parameters drawn for it, for the ground truth and for debugging a bad read. */
  params: Record<string, number | string>;
}

const CHANNELS = 3;

async function fromSharp(image: sharp.Sharp): Promise<RawImage> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function toSharp(image: RawImage): sharp.Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: CHANNELS } });
}

function perspective(rng: Prng, image: RawImage, fill: number[]): { image: RawImage; params: Record<string, number> } {
  const { width, height } = image;
  const strength = rng.float(0.03, 0.09);
  const jitter = (): number => rng.float(0, strength);
  // Where the source corners land in the output: each pulled inward by its own amount (a tilted camera).
  const corners: Point[] = [
    [0, 0],
    [width - 1, 0],
    [width - 1, height - 1],
    [0, height - 1],
  ];
  const moved: Point[] = [
    [jitter() * width, jitter() * height],
    [(1 - jitter()) * (width - 1), jitter() * height],
    [(1 - jitter()) * (width - 1), (1 - jitter()) * (height - 1)],
    [jitter() * width, (1 - jitter()) * (height - 1)],
  ];
  const outToSource = solveHomography(moved, corners);
  return {
    image: { ...image, data: warpPerspective(image.data, width, height, CHANNELS, outToSource, fill) },
    params: { strength: Number(strength.toFixed(3)) },
  };
}

/**
 * Additive Gaussian sensor noise. Millions of samples per image, so a table of seeded normal deviates is
 * indexed by an inline xorshift stream (itself seeded from the PRNG) instead of a Box–Muller per byte.
 */
function addNoise(rng: Prng, image: RawImage, sigma: number): RawImage {
  const table = new Float32Array(4096);
  for (let i = 0; i < table.length; i++) table[i] = rng.gaussian() * sigma;
  let state = (Math.floor(rng.next() * 4294967295) | 1) >>> 0;
  const source = image.data;
  const data = Buffer.alloc(source.length);
  for (let i = 0; i < data.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const value = source[i] + table[(state >>> 0) & 4095];
    data[i] = value < 0 ? 0 : value > 255 ? 255 : value + 0.5;
  }
  return { ...image, data };
}

function glareOverlay(rng: Prng, width: number, height: number): { svg: Buffer; params: Record<string, number> } {
  const cx = rng.float(0.2, 0.8);
  const cy = rng.float(0.2, 0.8);
  const radius = rng.float(0.2, 0.4);
  const peak = rng.float(0.75, 0.98);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><radialGradient id="g" cx="${cx}" cy="${cy}" r="${radius}">` +
    `<stop offset="0" stop-color="#fff" stop-opacity="${peak}"/><stop offset="0.45" stop-color="#fff" stop-opacity="${peak * 0.6}"/>` +
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
  return { svg: Buffer.from(svg), params: { cx: +cx.toFixed(3), cy: +cy.toFixed(3), radius: +radius.toFixed(3), peak: +peak.toFixed(3) } };
}

/** Applies one capture degradation. JPEG is applied last by the caller (see encodeJpeg). */
export async function applyDegradation(
  kind: Degradation,
  rng: Prng,
  image: RawImage,
  background: number[],
): Promise<{ image: RawImage; applied: AppliedDegradation }> {
  switch (kind) {
    case 'perspective': {
      const result = perspective(rng, image, background);
      return { image: result.image, applied: { kind, params: result.params } };
    }
    case 'rotation': {
      const angle = Number((rng.float(3, 12) * (rng.chance(0.5) ? 1 : -1)).toFixed(2));
      const [r, g, b] = background;
      const rotated = await fromSharp(toSharp(image).rotate(angle, { background: { r, g, b } }));
      // Back to the original size so later steps and the output keep a stable frame.
      const resized = await fromSharp(toSharp(rotated).resize(image.width, image.height, { fit: 'fill' }));
      return { image: resized, applied: { kind, params: { angle } } };
    }
    case 'blur': {
      const sigma = Number(rng.float(1.2, 3.0).toFixed(2));
      return { image: await fromSharp(toSharp(image).blur(sigma)), applied: { kind, params: { sigma } } };
    }
    case 'noise': {
      const sigma = Number(rng.float(8, 22).toFixed(1));
      return { image: addNoise(rng, image, sigma), applied: { kind, params: { sigma } } };
    }
    case 'low_light': {
      const gain = Number(rng.float(0.3, 0.55).toFixed(3));
      const gamma = Number(rng.float(1.3, 1.9).toFixed(2));
      // Dark and gamma-crushed, then the sensor noise that comes with a dark scene.
      const dark = await fromSharp(toSharp(image).gamma(gamma, 1.0).linear(gain, 0));
      return { image: addNoise(rng, dark, 5), applied: { kind, params: { gain, gamma } } };
    }
    case 'glare': {
      const overlay = glareOverlay(rng, image.width, image.height);
      const lit = await fromSharp(toSharp(image).composite([{ input: overlay.svg, blend: 'over' }]));
      return { image: lit, applied: { kind, params: overlay.params } };
    }
    case 'partial_crop': {
      // Cut the top (never the MRZ at the bottom) and a little of one side, like a photo framed too tight.
      const top = Math.round(image.height * rng.float(0.08, 0.2));
      const side = Math.round(image.width * rng.float(0, 0.05));
      const fromLeft = rng.chance(0.5);
      const cropped = await fromSharp(
        toSharp(image).extract({
          left: fromLeft ? side : 0,
          top,
          width: image.width - side,
          height: image.height - top,
        }),
      );
      return { image: cropped, applied: { kind, params: { top, side, edge: fromLeft ? 'left' : 'right' } } };
    }
    case 'jpeg': {
      const quality = rng.int(12, 35);
      const decoded = await fromSharp(sharp(await toSharp(image).jpeg({ quality }).toBuffer()));
      return { image: decoded, applied: { kind, params: { quality } } };
    }
  }
}

export async function rasterToRaw(image: sharp.Sharp): Promise<RawImage> {
  return fromSharp(image);
}
