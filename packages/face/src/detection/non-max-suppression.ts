import { type Box } from '../image/rgb-image';

export function intersectionOverUnion(a: Box, b: Box): number {
  const x1 = Math.max(a.x, b.x);
  const y1 = Math.max(a.y, b.y);
  const x2 = Math.min(a.x + a.width, b.x + b.width);
  const y2 = Math.min(a.y + a.height, b.y + b.height);
  const intersection = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const union = a.width * a.height + b.width * b.height - intersection;
  return union > 0 ? intersection / union : 0;
}

/** Greedy NMS: keeps the highest-scoring box, drops those overlapping it by more than `iouThreshold`, repeats. */
export function nonMaxSuppression<T extends { box: Box; score: number }>(candidates: T[], iouThreshold: number): T[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score);
  const kept: T[] = [];
  for (const candidate of sorted) {
    if (kept.every((k) => intersectionOverUnion(k.box, candidate.box) <= iouThreshold)) kept.push(candidate);
  }
  return kept;
}
