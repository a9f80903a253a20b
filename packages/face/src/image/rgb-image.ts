/** 8-bit RGB pixels, row-major, interleaved (r, g, b), no alpha. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** 2x3 affine matrix [a, b, c, d, e, f]: x' = a x + b y + c, y' = d x + e y + f. */
export type AffineMatrix = [number, number, number, number, number, number];

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
