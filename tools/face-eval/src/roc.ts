/**
 * Verification figures from pair scores where lower = more similar (distances).
 * A pair is accepted when its distance ≤ threshold.
 */

export interface RocPoint {
  threshold: number;
  tar: number;
  far: number;
}

export function rocCurve(genuine: number[], impostor: number[]): RocPoint[] {
  const thresholds = [...new Set([...genuine, ...impostor])].sort((a, b) => a - b);
  const g = [...genuine].sort((a, b) => a - b);
  const im = [...impostor].sort((a, b) => a - b);
  const points: RocPoint[] = [{ threshold: -Infinity, tar: 0, far: 0 }];
  let gi = 0,
    ii = 0;
  for (const t of thresholds) {
    while (gi < g.length && g[gi] <= t) gi++;
    while (ii < im.length && im[ii] <= t) ii++;
    points.push({ threshold: t, tar: gi / g.length, far: ii / im.length });
  }
  return points;
}

/**
 * Best TAR with FAR ≤ maxFar, and a threshold achieving it: midway between the last accepted
 * genuine distance and the next impostor distance, so the margin is shared on both sides.
 */
export function tarAtFar(genuine: number[], impostor: number[], maxFar: number): { tar: number; threshold: number } {
  const im = [...impostor].sort((a, b) => a - b);
  const allowed = Math.floor(maxFar * im.length + 1e-9);
  // Accepting only distances strictly below im[allowed] lets at most `allowed` impostors in.
  const limit = allowed < im.length ? im[allowed] : Infinity;
  const accepted = genuine.filter((d) => d < limit);
  const candidates = [...accepted, ...im.slice(0, allowed)];
  const lower = candidates.length > 0 ? Math.max(...candidates) : undefined;
  let threshold: number;
  if (!Number.isFinite(limit)) threshold = lower ?? 0;
  else if (lower === undefined) threshold = limit - 1e-6;
  else threshold = (lower + limit) / 2;
  return { tar: genuine.length > 0 ? accepted.length / genuine.length : 0, threshold };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function histogram(values: number[], min: number, max: number, bins: number): number[] {
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) {
    const i = Math.min(bins - 1, Math.max(0, Math.floor(((v - min) / (max - min)) * bins)));
    counts[i]++;
  }
  return counts;
}
