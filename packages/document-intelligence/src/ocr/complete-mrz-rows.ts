import { isLongLine, type OrientedBox } from './oriented-box';

/** Neighbouring MRZ rows lie this far apart, in line thicknesses (ICAO line pitch over the detected thickness ≈ 1.2–2). */
export const ROW_PITCH = [0.9, 2.6] as const;
/** Rows are looked for at most this far from the seed line, in thicknesses: two pitches (TD1 has three lines). */
const MAX_ROW_DISTANCE = 2 * ROW_PITCH[1];
/** Fragments of one row lie within this share of the line's thickness of each other, across. */
export const ROW_TOLERANCE = 0.5;
/** A row's fragments must cover this share of the block's span to stand for a row of text (not specks). */
const MIN_ROW_COVERAGE = 0.2;
/** Same direction within this (radians); short fragments, which carry no reliable direction, are exempt. */
const MAX_ANGLE_DIFFERENCE = 0.06;
const MIN_ELONGATION_FOR_ANGLE = 3;

/**
 * Rebuilds an MRZ block the detector broke apart. The lines of an MRZ are equally long and start at the same
 * place, but the detector often loses runs of fillers ('<<<<<'), more so in a noisy photo: a name line comes out
 * as a short head and a filler tail, neither a long line, and other lines stop early. Around each long line
 * (longest first), the fragments on its own row widen the block's span, and the rows of fragments one or two line
 * pitches away within that span are taken as the other MRZ lines; every row becomes one region spanning the
 * whole block. Used on a second look only (when no valid MRZ was read): on an ordinary page a row of text
 * beside the MRZ is widened too, which costs the VIZ nothing there but would on the first pass. (The first pass
 * uses `mrzBlockRows` only for rows the templates read as a valid MRZ: run-ocr.ts.)
 */
export function completeMrzRows(regions: OrientedBox[]): OrientedBox[] {
  const { rows, absorbed } = mrzBlockRows(regions);
  return [...regions.filter((_, i) => !absorbed.has(i)), ...rows];
}

/**
 * The MRZ rows `completeMrzRows` builds, each spanning its block, the indices of the regions they take the
 * place of, and those of each row (`members`, beside `rows`). Blocks grow around the regions `isSeed` picks: every
 * long line by default; a caller that has read the regions can keep to the lines that read like MRZ lines, so a
 * title line never widens the rows below it.
 */
export function mrzBlockRows(
  regions: OrientedBox[],
  isSeed: (index: number) => boolean = (i) => isLongLine(regions[i]),
): { rows: OrientedBox[]; absorbed: Set<number>; members: number[][] } {
  const absorbed = new Set<number>();
  const added: OrientedBox[] = [];
  const members: number[][] = [];
  const seeds = regions
    .map((_, i) => i)
    .filter(isSeed)
    .sort((a, b) => regions[b].length - regions[a].length);
  for (const seedIndex of seeds) {
    if (absorbed.has(seedIndex)) continue;
    const seed = regions[seedIndex];
    const t = seed.thickness;
    const ux = Math.cos(seed.angle);
    const uy = Math.sin(seed.angle);
    const placed = regions.map((r, i) => {
      const dx = r.cx - seed.cx;
      const dy = r.cy - seed.cy;
      const fits =
        i !== seedIndex &&
        !absorbed.has(i) &&
        (r.length / r.thickness < MIN_ELONGATION_FOR_ANGLE || Math.abs(r.angle - seed.angle) <= MAX_ANGLE_DIFFERENCE) &&
        r.thickness >= t * 0.5 &&
        r.thickness <= t * 1.6;
      return { index: i, along: ux * dx + uy * dy, across: -uy * dx + ux * dy, half: r.length / 2, fits };
    });
    // The seed's own row first: fragments beyond its ends (a lost filler run) widen the span.
    let start = -seed.length / 2;
    let end = seed.length / 2;
    const seedRow = placed.filter((p) => p.fits && Math.abs(p.across) < t * ROW_TOLERANCE && Math.abs(p.along) - p.half < seed.length);
    for (const p of seedRow) {
      start = Math.min(start, p.along - p.half);
      end = Math.max(end, p.along + p.half);
    }
    const rows: { across: number; members: number[] }[] = [{ across: 0, members: [seedIndex, ...seedRow.map((p) => p.index)] }];
    const others = placed.filter(
      (p) =>
        p.fits &&
        Math.abs(p.across) >= t * ROW_TOLERANCE &&
        Math.abs(p.across) <= t * MAX_ROW_DISTANCE &&
        p.along - p.half >= start - t &&
        p.along + p.half <= end + t,
    );
    // Rows one pitch from a row already in the block, nearest first (the third TD1 line is two pitches from the first).
    let grown = true;
    while (grown) {
      grown = false;
      for (const p of others.sort((a, b) => Math.abs(a.across) - Math.abs(b.across))) {
        if (rows.some((row) => row.members.includes(p.index))) continue;
        const row = rows.find((w) => Math.abs(w.across - p.across) < t * ROW_TOLERANCE);
        if (row) row.members.push(p.index);
        else if (rows.some((w) => Math.abs(w.across - p.across) >= t * ROW_PITCH[0] && Math.abs(w.across - p.across) <= t * ROW_PITCH[1])) {
          rows.push({ across: p.across, members: [p.index] });
          grown = true;
        }
      }
    }
    const span = end - start;
    const mid = (start + end) / 2;
    for (const row of rows) {
      const covered = row.members.reduce((sum, i) => sum + regions[i].length, 0);
      if (row.across !== 0 && covered < span * MIN_ROW_COVERAGE) continue;
      row.members.forEach((i) => absorbed.add(i));
      const across = row.across === 0 ? 0 : row.members.reduce((sum, i) => sum + placed[i].across * regions[i].length, 0) / covered;
      added.push({
        cx: seed.cx + ux * mid - uy * across,
        cy: seed.cy + uy * mid + ux * across,
        length: span,
        thickness: t,
        angle: seed.angle,
      });
      members.push(row.members);
    }
  }
  return { rows: added, absorbed, members };
}
