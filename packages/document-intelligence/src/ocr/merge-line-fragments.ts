import { isLongLine, type OrientedBox } from './oriented-box';

/** Fragments may differ this much in direction (radians) and still be one line. */
const MAX_ANGLE_DIFFERENCE = 0.06;
/** Centre of the next fragment at most this share of the line's thickness off the first one's centre line. */
const MAX_ACROSS_OFFSET = 0.35;
/** Gap between fragments along the line, as a share of the thickness: a character cell or less. */
const MAX_GAP = 0.8;
/**
 * Between two fragments that are both long lines the gap may be wider: the detector sometimes misses a run of
 * MRZ characters in the middle of a line (seen: 'M3411285' between two detected halves), and the joined crop
 * still holds that ink for whoever reads it.
 */
const MAX_GAP_BETWEEN_LONG_FRAGMENTS = 5;
/** A joined line must hold a fragment at least this long: short VIZ words in a row stay separate. */
const MIN_LONGEST_FRAGMENT_ASPECT = 8;

/**
 * Joins collinear fragments of one long text line. The detector sometimes splits an MRZ line at a run of
 * fillers; read piecewise, a fragment such as '<<<<00' loses characters the whole line keeps, and the check
 * digits at the line's end are exactly those. Returns, for every input region, the index of the region in the
 * output that now covers it.
 */
export function mergeLineFragments(regions: OrientedBox[]): { regions: OrientedBox[]; mergedInto: number[] } {
  const groups = regions.map((_, i) => [i]);
  let changed = true;
  while (changed) {
    changed = false;
    for (let a = 0; a < groups.length && !changed; a += 1) {
      for (let b = 0; b < groups.length && !changed; b += 1) {
        if (a === b) continue;
        const joined = [...groups[a], ...groups[b]];
        if (
          canJoin(
            groups[a].map((i) => regions[i]),
            groups[b].map((i) => regions[i]),
          )
        ) {
          groups[a] = joined;
          groups.splice(b, 1);
          changed = true;
        }
      }
    }
  }
  const mergedInto = new Array<number>(regions.length);
  groups.forEach((group, g) =>
    group.forEach((i) => {
      mergedInto[i] = g;
    }),
  );
  return { regions: groups.map((group) => (group.length === 1 ? regions[group[0]] : spanOf(group.map((i) => regions[i])))), mergedInto };
}

function canJoin(first: OrientedBox[], second: OrientedBox[]): boolean {
  const a = spanOf(first);
  const b = spanOf(second);
  if (Math.abs(a.angle - b.angle) > MAX_ANGLE_DIFFERENCE) return false;
  const thickness = Math.max(a.thickness, b.thickness);
  if (Math.min(a.thickness, b.thickness) < thickness * 0.6) return false;
  const ux = Math.cos(a.angle);
  const uy = Math.sin(a.angle);
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  if (Math.abs(-uy * dx + ux * dy) > thickness * MAX_ACROSS_OFFSET) return false;
  const along = ux * dx + uy * dy;
  if (along <= 0) return false; // b lies after a; the opposite pair is tried too
  const gap = along - a.length / 2 - b.length / 2;
  const bothLong = Math.min(a.length / a.thickness, b.length / b.thickness) >= MIN_LONGEST_FRAGMENT_ASPECT;
  if (gap > thickness * (bothLong ? MAX_GAP_BETWEEN_LONG_FRAGMENTS : MAX_GAP)) return false;
  const joined = spanOf([...first, ...second]);
  const longest = Math.max(...[...first, ...second].map((r) => r.length / r.thickness));
  // Only long lines are joined (MRZ lines, which must be read whole), and one fragment must already be long.
  return isLongLine(joined) && longest >= MIN_LONGEST_FRAGMENT_ASPECT;
}

/** The region spanning several collinear regions: their length-weighted direction, extreme ends, thickest height. */
export function spanOf(parts: OrientedBox[]): OrientedBox {
  if (parts.length === 1) return parts[0];
  const total = parts.reduce((s, p) => s + p.length, 0);
  const angle = parts.reduce((s, p) => s + p.angle * p.length, 0) / total;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const ox = parts[0].cx;
  const oy = parts[0].cy;
  let start = Infinity,
    end = -Infinity,
    across = 0;
  for (const p of parts) {
    const s = ux * (p.cx - ox) + uy * (p.cy - oy);
    start = Math.min(start, s - p.length / 2);
    end = Math.max(end, s + p.length / 2);
    across += (-uy * (p.cx - ox) + ux * (p.cy - oy)) * p.length;
  }
  across /= total;
  const mid = (start + end) / 2;
  return {
    cx: ox + ux * mid - uy * across,
    cy: oy + uy * mid + ux * across,
    length: end - start,
    thickness: Math.max(...parts.map((p) => p.thickness)),
    angle,
  };
}
