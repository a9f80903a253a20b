import { type AffineMatrix, type Point } from '../image/rgb-image';

/**
 * Least-squares similarity transform (rotation, uniform scale, translation) taking `from` onto
 * `to` — Umeyama's closed form in 2-D, written with complex numbers: to ≈ s·R·from + t.
 * Returns undefined when the source points are degenerate (all the same point).
 */
export function estimateSimilarity(from: Point[], to: Point[]): AffineMatrix | undefined {
  const n = from.length;
  if (n < 2 || n !== to.length) return undefined;
  let fx = 0,
    fy = 0,
    tx = 0,
    ty = 0;
  for (let i = 0; i < n; i++) {
    fx += from[i].x;
    fy += from[i].y;
    tx += to[i].x;
    ty += to[i].y;
  }
  fx /= n;
  fy /= n;
  tx /= n;
  ty /= n;
  // Minimise Σ|q - (a + ib)·p|² over centred points p (from), q (to): a + ib = Σ conj(p)·q / Σ|p|².
  let num = 0,
    numI = 0,
    den = 0;
  for (let i = 0; i < n; i++) {
    const px = from[i].x - fx,
      py = from[i].y - fy;
    const qx = to[i].x - tx,
      qy = to[i].y - ty;
    num += px * qx + py * qy;
    numI += px * qy - py * qx;
    den += px * px + py * py;
  }
  if (den < 1e-9) return undefined;
  const a = num / den;
  const b = numI / den;
  return [a, -b, tx - (a * fx - b * fy), b, a, ty - (b * fx + a * fy)];
}

export function invertAffine(m: AffineMatrix): AffineMatrix | undefined {
  const [a, b, c, d, e, f] = m;
  const det = a * e - b * d;
  if (Math.abs(det) < 1e-12) return undefined;
  const ia = e / det,
    ib = -b / det,
    id = -d / det,
    ie = a / det;
  return [ia, ib, -(ia * c + ib * f), id, ie, -(id * c + ie * f)];
}

export function applyAffine(m: AffineMatrix, p: Point): Point {
  return { x: m[0] * p.x + m[1] * p.y + m[2], y: m[3] * p.x + m[4] * p.y + m[5] };
}
