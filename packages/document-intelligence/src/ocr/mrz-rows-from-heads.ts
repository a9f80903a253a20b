import { normaliseMrzLine } from '../mrz/character-repair';
import { ROW_PITCH, ROW_TOLERANCE } from './complete-mrz-rows';
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
  /** The heads' texts as read (spaces removed), top row first. */
  heads: string[];
}

/** Text that can open an MRZ row is at least this long: enough characters to measure the pitch. */
const MIN_HEAD_LENGTH = 5;
/**
 * Share of a head's characters that must be MRZ characters once normalised (`normaliseMrzLine`): the recogniser
 * reads a noisy head with a stray mark now and then ('IDFRAM0C8RVX8VO<<-').
 */
const MIN_MRZ_SHARE = 0.8;
/**
 * Lower-case letters a head may show, as a share of its length: the recogniser's dictionary turns capitals into
 * lower case now and then ('7111170F2809115eST', 'L6C2GPp9l7Irl75031'); a caption's words ('Place of birth')
 * are mostly lower case.
 */
const MAX_LOWER_CASE_SHARE = 0.3;

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
/** Text found on a head's row counts as part of that MRZ row up to this many pitches past the layout's length. */
const MAX_OVERRUN_PITCHES = 4;

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
    .map((f) => ({ read: f.text.replace(/\s+/g, ''), text: normaliseMrzLine(f.text), region: f.region }))
    .filter(
      (f) =>
        f.text.length >= MIN_HEAD_LENGTH &&
        (f.read.match(/[a-z]/g)?.length ?? 0) <= f.read.length * MAX_LOWER_CASE_SHARE &&
        f.text.replace(/[^A-Z0-9<]/g, '').length >= f.text.length * MIN_MRZ_SHARE,
    );
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
    const fits = heads.filter(
      (h) =>
        Math.abs(h.region.angle - top.region.angle) <= MAX_ANGLE_DIFFERENCE &&
        Math.max(h.region.thickness, t) / Math.min(h.region.thickness, t) <= MAX_THICKNESS_RATIO &&
        Math.abs(place(h.region).start - topStart) <= t * START_TOLERANCE,
    );
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
    heads: best.map((h) => h.read),
    rows: best.map(({ region }) => {
      const margin = 2 * END_MARGIN * region.thickness;
      const guessed = (lineLength + SLACK_PITCHES) * pitch + margin;
      // Text the detector did find further along the row (a check digit, the tail of a filler run) ends the row
      // where it ends, if that is later than the pitch says: a pitch read a little short must not cut it off.
      const reach = rowReach(region, fragments, (lineLength + MAX_OVERRUN_PITCHES) * pitch + margin);
      return runOn(region, Math.max(guessed, reach));
    }),
  }));
}

/** A row's region from its head's start, `length` long. */
function runOn(head: OrientedBox, length: number): OrientedBox {
  const shift = -head.length / 2 + length / 2;
  return { ...head, cx: head.cx + Math.cos(head.angle) * shift, cy: head.cy + Math.sin(head.angle) * shift, length };
}

/** How far from the head's start the fragments on its row reach, up to `limit`. */
function rowReach(head: OrientedBox, fragments: ReadFragment[], limit: number): number {
  const ux = Math.cos(head.angle);
  const uy = Math.sin(head.angle);
  let reach = 0;
  for (const { region } of fragments) {
    const dx = region.cx - head.cx;
    const dy = region.cy - head.cy;
    if (Math.abs(-uy * dx + ux * dy) > head.thickness * ROW_TOLERANCE) continue;
    const end = ux * dx + uy * dy + region.length / 2 + head.length / 2;
    if (end <= limit) reach = Math.max(reach, end);
  }
  return reach;
}

/**
 * How much a stack of rows reads like an MRZ rather than a column of visual-zone values (a card back's place of
 * birth, issue date and authority stack just as neatly, and so do a passport's issue and expiry dates): characters
 * in rows that hold fillers count fully, rows mixing letters and digits half, plain words a little.
 */
function mrzLikeness(rows: { text: string }[]): number {
  return rows.reduce(
    (sum, { text }) =>
      sum + text.length * (text.includes('<') ? 1 : /[0-9]/.test(text) && /[A-Z]/.test(text) && text.length >= 8 ? 0.5 : 0.2),
    0,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
