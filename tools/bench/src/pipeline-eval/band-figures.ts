/**
 * Face-match distance sets against the match bands: how many genuine pairs land in MATCHED
 * (distance ≤ threshold), in review (≤ reviewThreshold) and beyond, how many impostors each band
 * lets in, and the thresholds at a given FAR. Distances of pairs without a descriptor are +∞.
 */
export interface PairDistances {
  genuine: number[];
  impostor: number[];
}

export interface Bands {
  threshold: number;
  reviewThreshold: number;
}

export interface BandFigures {
  genuine: number;
  impostor: number;
  genuineMatched: number;
  genuineReview: number;
  genuineNotMatched: number;
  genuineMatchedRate: number | null;
  impostorsMatched: number;
  impostorsInReviewOrBetter: number;
  /** Impostor pairs accepted as MATCHED over all impostor pairs. */
  farMatched: number | null;
  /** Impostor pairs scored MATCHED or review over all impostor pairs. */
  farReview: number | null;
}

const ratio = (count: number, n: number): number | null => (n === 0 ? null : count / n);

export function bandFigures(pairs: PairDistances, bands: Bands): BandFigures {
  const matched = (d: number) => d <= bands.threshold;
  const review = (d: number) => d > bands.threshold && d <= bands.reviewThreshold;
  const genuineMatched = pairs.genuine.filter(matched).length;
  const genuineReview = pairs.genuine.filter(review).length;
  const impostorsMatched = pairs.impostor.filter(matched).length;
  const impostorsInReviewOrBetter = pairs.impostor.filter((d) => d <= bands.reviewThreshold).length;
  return {
    genuine: pairs.genuine.length,
    impostor: pairs.impostor.length,
    genuineMatched,
    genuineReview,
    genuineNotMatched: pairs.genuine.length - genuineMatched - genuineReview,
    genuineMatchedRate: ratio(genuineMatched, pairs.genuine.length),
    impostorsMatched,
    impostorsInReviewOrBetter,
    farMatched: ratio(impostorsMatched, pairs.impostor.length),
    farReview: ratio(impostorsInReviewOrBetter, pairs.impostor.length),
  };
}

/**
 * The largest distance threshold that accepts at most `far` of the impostor pairs (floor(far × n)
 * of them): just below the first impostor distance past that count. +∞ impostors never count.
 */
export function thresholdAtFar(impostor: readonly number[], far: number): number {
  const sorted = impostor.filter(Number.isFinite).sort((a, b) => a - b);
  const allowed = Math.floor(far * impostor.length);
  if (sorted.length <= allowed) return Infinity;
  // Accept `allowed` impostors: stop just short of the next one.
  return sorted[allowed] - 1e-6;
}

/**
 * One threshold for several sets together: the largest that keeps every set at or under `far`
 * (the strictest set decides), so that no set pays for the others' easier impostors.
 */
export function thresholdAtFarOnEach(sets: readonly PairDistances[], far: number): number {
  return Math.min(...sets.map((set) => thresholdAtFar(set.impostor, far)));
}
