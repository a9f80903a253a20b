import { type OrientedBox } from './oriented-box';

/** A piece of text the first pass read, with where it lies. */
export interface ReadFragment {
  text: string;
  region: OrientedBox;
}

/** One way the MRZ may run on: its rows at the full length of an MRZ layout. */
export interface MrzRowGuess {
  lineLength: 30 | 36 | 44;
  rows: OrientedBox[];
  /** The heads' texts (spaces removed), top row first. */
  heads: string[];
}

/**
 * Text that can open an MRZ row: MRZ characters, enough of them to measure the pitch. The recogniser's
 * dictionary turns a capital into lower case now and then ('7111170F2809115eST'), so a few are let through;
 * words of a caption ('Placeofbirth') are mostly lower case.
 */
const MRZ_HEAD = /^[A-Za-z0-9<]{5,}$/;
const MAX_LOWER_CASE = 2;
/** Neighbouring MRZ rows lie this far apart, in line thicknesses (as in completeMrzRows). */
const ROW_PITCH = [0.9, 2.6] as const;
/** Rows of one MRZ start within this share of a thickness of each other, along the line. */
const START_TOLERANCE = 1;
/** Same direction within this (radians). */
const MAX_ANGLE_DIFFERENCE = 0.06;
/** Rows of one MRZ are printed at one size: thickness within this ratio. */
const MAX_THICKNESS_RATIO = 1.4;
/** Detected regions reach about this share of a thickness beyond the ink at each end (DB unclip, our padding). */
const END_MARGIN = 0.35;
/** Room left at the end of a run-on row, in character pitches: a pitch read a little short still covers the line. */
const SLACK_PITCHES = 1.5;

/**
 * Where the MRZ rows run when the detector found only their heads. In a noisy or dim photo the detector loses
 * the runs of fillers ('<<<<<'), so every MRZ row comes out as a short head (`IDGBR92Y26C1303`,
 * `7104088M3306046GBR`, `SMITH<<JAMES`), none long enough to be read as an MRZ line. The heads still tell a lot:
 * an MRZ's rows start at one place, lie one pitch apart, and are printed in a fixed-pitch typeface, so the
 * characters read in a head give the pitch, and the layout's line length (30, 36 or 44 characters) gives where
 * each row ends. Returns a guess per layout that fits the number of rows found (3 rows: TD1; 2 rows: TD2 or TD3),
 * for a reader that accepts only what its check digits confirm.
 */
export function mrzRowsFromHeads(fragments: ReadFragment[]): MrzRowGuess[] {
  const heads = fragments
    .map((f) => ({ text: f.text.replace(/\s+/g, ''), region: f.region }))
    .filter((f) => MRZ_HEAD.test(f.text) && (f.text.match(/[a-z]/g)?.length ?? 0) <= MAX_LOWER_CASE);
  let best: typeof heads = [];
  for (const top of heads) {
    const ux = Math.cos(top.region.angle);
    const uy = Math.sin(top.region.angle);
    const t = top.region.thickness;
    const place = (r: OrientedBox) => {
      const dx = r.cx - top.region.cx;
      const dy = r.cy - top.region.cy;
      return { start: ux * dx + uy * dy - r.length / 2, across: -uy * dx + ux * dy };
    };
    const topStart = -top.region.length / 2;
    const fits = heads.filter((h) => Math.abs(h.region.angle - top.region.angle) <= MAX_ANGLE_DIFFERENCE
      && Math.max(h.region.thickness, t) / Math.min(h.region.thickness, t) <= MAX_THICKNESS_RATIO
      && Math.abs(place(h.region).start - topStart) <= t * START_TOLERANCE);
    // Rows below the top one, each one pitch below the last.
    const chain = [top];
    let across = 0;
    while (chain.length < 3) {
      const next = fits
        .map((h) => ({ h, gap: place(h.region).across - across }))
        .filter(({ gap }) => gap >= t * ROW_PITCH[0] && gap <= t * ROW_PITCH[1])
        .sort((a, b) => a.gap - b.gap)[0];
      if (!next) break;
      chain.push(next.h);
      across += next.gap;
    }
    if (chain.length >= 2 && mrzLikeness(chain) > mrzLikeness(best)) best = chain;
  }
  if (best.length < 2) return [];

  const pitch = median(best.map((h) => Math.max(1, h.region.length - 2 * END_MARGIN * h.region.thickness) / h.text.length));
  const lengths: MrzRowGuess['lineLength'][] = best.length === 3 ? [30] : [44, 36];
  return lengths.map((lineLength) => ({
    lineLength,
    heads: best.map((h) => h.text),
    rows: best.map(({ region }) => {
      const start = -region.length / 2;
      const length = (lineLength + SLACK_PITCHES) * pitch + 2 * END_MARGIN * region.thickness;
      const shift = start + length / 2;
      return { ...region, cx: region.cx + Math.cos(region.angle) * shift, cy: region.cy + Math.sin(region.angle) * shift, length };
    }),
  }));
}

/**
 * How much a stack of rows reads like an MRZ rather than a column of visual-zone values (a card back's place of
 * birth, issue date and authority stack just as neatly): characters in rows that hold fillers or mix letters and
 * digits count fully, plain words a little.
 */
function mrzLikeness(rows: { text: string }[]): number {
  return rows.reduce((sum, { text }) => sum + text.length * (text.includes('<') || (/[0-9]/.test(text) && /[A-Z]/.test(text) && text.length >= 8) ? 1 : 0.2), 0);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
