export type Point = [number, number];

/** 3×3 homography (row-major, h[8] = 1) mapping each `from` point onto its `to` point. */
export function solveHomography(from: readonly Point[], to: readonly Point[]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let row = col + 1; row < 8; row++) if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) pivot = row;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let row = 0; row < 8; row++) {
      if (row === col) continue;
      const factor = a[row][col] / a[col][col];
      for (let k = col; k < 9; k++) a[row][k] -= factor * a[col][k];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

export function applyHomography(h: readonly number[], x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

/**
 * Warps raw interleaved pixels: every output pixel samples the source through `outToSource` with
 * bilinear interpolation (sharp has affine but no perspective transform). Outside the source → fill.
 */
export function warpPerspective(
  src: Buffer,
  width: number,
  height: number,
  channels: number,
  outToSource: readonly number[],
  fill: readonly number[],
): Buffer {
  const out = Buffer.alloc(width * height * channels);
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = outToSource;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Inlined applyHomography: this loop runs once per output pixel.
      const w = h6 * x + h7 * y + h8;
      const sx = (h0 * x + h1 * y + h2) / w;
      const sy = (h3 * x + h4 * y + h5) / w;
      const o = (y * width + x) * channels;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) {
        for (let c = 0; c < channels; c++) out[o + c] = fill[c] ?? 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * width + x0) * channels;
      const i10 = i00 + channels;
      const i01 = i00 + width * channels;
      const i11 = i01 + channels;
      for (let c = 0; c < channels; c++) {
        const top = src[i00 + c] * (1 - fx) + src[i10 + c] * fx;
        const bottom = src[i01 + c] * (1 - fx) + src[i11 + c] * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return out;
}
