import { type OrientedBox } from '../../ocr/oriented-box';
import { type RgbImage } from '../../ocr/types';
import { LAYOUTS, type MrzLayout } from '../layouts';
import { decodeGreedy, decodeWithGrammar, type StepLogProbs } from './constrained-decode';
import { layoutGrammar } from './layout-grammar';
import { locateMrzRows } from './locate-mrz-rows';
import { MAX_STRIP_WIDTH, MRZ_STRIP_HEIGHT, recogniseMrzStrip } from './mrz-recogniser-session';
import { MIN_NAME_CONFIDENCE, type ModelMrzReading, readWindow } from './read-mrz-regions-by-model';

/**
 * The character pitch, in strip pixels, the recogniser sees on the detector's MRZ boxes (a 44-glyph line cut
 * 32 px high is ~860 px wide: 19.5 px a glyph). A located row is cut to that pitch from the glyph count its
 * layout prints (44, 36 or 30), not from its thickness: a photo resampled to a square (512 × 512 from a wider
 * frame) stretches the glyphs sideways, and read at its own aspect the line's second half comes out as noise.
 */
const TARGET_PITCH = 19.5;
/**
 * How many times the ink's thickness (half-height width of the row's profile) the strip spans across the row:
 * the recogniser was trained with glyphs filling 45–80 % of the strip's height. Tried in turn; the first that
 * reads a firm valid MRZ wins.
 */
const STRIP_SPANS = [2.0, 1.7, 2.4];

export interface LocatedMrzReading extends ModelMrzReading {
  /** The located rows, top first, with the margins they were read with. */
  rows: OrientedBox[];
}

/**
 * The MRZ read where the text detector found none of its lines: rows from `locateMrzRows`, each cut at the pitch
 * its layout implies, contrast-stretched, and read by the recogniser under the layout's grammar with the check
 * digits and state codes settling near ties. Only a valid MRZ with existing state codes and firmly read names is
 * returned, as from the detector's lines (`findMrzByModel`).
 */
export async function readLocatedMrz(image: RgbImage, now: Date): Promise<LocatedMrzReading | null> {
  for (const located of locateMrzRows(image)) {
    const size = located.rows.length;
    // Layouts of one line length share their strips (TD2 and the French card: 36 glyphs).
    const lineLengths = [...new Set(LAYOUTS.filter((l) => l.lineCount === size).map((l) => l.lineLength))];
    for (const lineLength of lineLengths) {
      const layouts = LAYOUTS.filter((l) => l.lineCount === size && l.lineLength === lineLength);
      for (const span of STRIP_SPANS) {
        const first = located.rows.map((row) => withMargins(row, lineLength, located.inkThickness * span));
        const firstProbs: StepLogProbs[] = [];
        for (const row of first) firstProbs.push(await readRow(image, row, lineLength + 2));
        // Rows that read much shorter or longer than the layout's lines are not its lines at this cut.
        if (!firstProbs.every((p) => fitsLength(decodeGreedy(p).length, lineLength))) continue;
        for (const layout of layouts) {
          const grammar = layoutGrammar(layout);
          // The locator's ends are only roughly the glyphs' (a faint filler run fades out, a mark beside it joins
          // in): each row is cut again between the first and last glyph the grammar decoding placed.
          const rows = first.map((row, k) => fittedToGlyphs(row, firstProbs[k], grammar[k], lineLength + 2) ?? row);
          const probs: StepLogProbs[] = [];
          for (const row of rows) probs.push(await readRow(image, row, GLYPHS_AND_MARGIN(lineLength)));
          const candidate = readWindow(
            layout,
            grammar,
            rows.map((_, k) => k),
            probs,
            now,
          );
          if (candidate?.reading.valid && namesReadFirmly(layout, candidate)) return { ...candidate, rows };
        }
      }
    }
  }
  return null;
}

/** As on the detector's lines (`findMrzByModel`): 75–120 % of the layout's length read greedily. */
function fitsLength(length: number, lineLength: number): boolean {
  return length >= lineLength * 0.75 && length <= lineLength * 1.2;
}

/**
 * Names carry no check digit: every character of the names up to their padding (the first run of three fillers,
 * which no name holds: parts are split by one filler, surname and given names by two) must be read at
 * MIN_NAME_CONFIDENCE, as on the detector's lines. In the padding, a stray mark read as a letter is what the parser
 * repairs to a filler ("stray 'Q' in the filler padding"); on 7-px glyphs the faint filler run always holds one,
 * and the detector's lines are not held to less (`isFirmValidReading` counts the padding too).
 */
function namesReadFirmly(layout: MrzLayout, candidate: ModelMrzReading): boolean {
  return layout.fields
    .filter((f) => f.kind === 'name')
    .every(({ span: [line, start, end] }) => {
      const padding = candidate.lines[line].slice(start, end).indexOf('<<<');
      const namesEnd = padding < 0 ? end : start + padding;
      return candidate.confidence[line].slice(start, namesEnd).every((c) => c >= MIN_NAME_CONFIDENCE);
    });
}

/** A row cut to its glyphs keeps half a glyph of paper at each end (training strips: a quarter of the height). */
const GLYPHS_AND_MARGIN = (glyphs: number) => glyphs + 1;
/** The recogniser's output step, in strip pixels. */
const STEP_PIXELS = 4;

/**
 * The row cut again so that its `places` glyphs, as the grammar decoding placed them, fill it with half a glyph
 * to spare at each end. Null when the decoding does not fit (too few steps).
 */
function fittedToGlyphs(row: OrientedBox, probs: StepLogProbs, allowed: string[], glyphsInStrip: number): OrientedBox | null {
  const reading = decodeWithGrammar(probs, allowed);
  if (!reading) return null;
  const width = Math.min(MAX_STRIP_WIDTH, Math.round(glyphsInStrip * TARGET_PITCH));
  const along = (step: number) => ((step * STEP_PIXELS + STEP_PIXELS / 2) / width - 0.5) * row.length;
  const places = allowed.length;
  const firstCentre = along((reading.spans[0][0] + reading.spans[0][1]) / 2);
  const lastCentre = along((reading.spans[places - 1][0] + reading.spans[places - 1][1]) / 2);
  const pitch = (lastCentre - firstCentre) / (places - 1);
  if (!(pitch > 0)) return null;
  const middle = (firstCentre + lastCentre) / 2;
  return {
    ...row,
    cx: row.cx + Math.cos(row.angle) * middle,
    cy: row.cy + Math.sin(row.angle) * middle,
    length: GLYPHS_AND_MARGIN(places) * pitch,
  };
}

/** The row lengthened by one glyph at each end (the locator's ends are a glyph or so off) and `thickness` thick. */
function withMargins(row: OrientedBox, glyphs: number, thickness: number): OrientedBox {
  const pitch = row.length / glyphs;
  return { ...row, length: row.length + 2 * pitch, thickness };
}

async function readRow(image: RgbImage, row: OrientedBox, glyphs: number): Promise<StepLogProbs> {
  const width = Math.min(MAX_STRIP_WIDTH, Math.round(glyphs * TARGET_PITCH));
  const grey = stretchContrast(sampleRowBilinear(image, row, width, MRZ_STRIP_HEIGHT));
  return recogniseMrzStrip(grey, width);
}

/**
 * The row resampled into a `width` × `height` grey strip, bilinear at the exact sub-pixel positions along its line.
 * `sampleGreyStrip` cuts whole-pixel bounds first: for the detector's boxes around 20-px glyphs that is nothing,
 * for a row of 7-px glyphs half a pixel off is a seventh of a glyph and the strip reads as noise. Upsampling
 * this much, bilinear and Lanczos give the same strip otherwise.
 */
export function sampleRowBilinear(image: RgbImage, row: OrientedBox, width: number, height: number): Uint8Array {
  const ux = Math.cos(row.angle);
  const uy = Math.sin(row.angle);
  const luma = (x: number, y: number) => {
    const cx = Math.min(image.width - 1, Math.max(0, x));
    const cy = Math.min(image.height - 1, Math.max(0, y));
    const i = (cy * image.width + cx) * 3;
    return 0.299 * image.data[i] + 0.587 * image.data[i + 1] + 0.114 * image.data[i + 2];
  };
  const out = new Uint8Array(width * height);
  for (let j = 0; j < height; j += 1) {
    const v = ((j + 0.5) / height - 0.5) * row.thickness;
    for (let i = 0; i < width; i += 1) {
      const t = ((i + 0.5) / width - 0.5) * row.length;
      const x = row.cx + ux * t - uy * v;
      const y = row.cy + uy * t + ux * v;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const top = luma(x0, y0) * (1 - fx) + luma(x0 + 1, y0) * fx;
      const bottom = luma(x0, y0 + 1) * (1 - fx) + luma(x0 + 1, y0 + 1) * fx;
      out[j * width + i] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return out;
}

/** The strip's 2nd–98th percentile stretched to the full range: a dim photo's ink and paper far apart again. */
export function stretchContrast(grey: Uint8Array): Uint8Array {
  const histogram = new Array<number>(256).fill(0);
  for (const v of grey) histogram[v] += 1;
  const at = (share: number) => {
    let count = 0;
    for (let v = 0; v < 256; v += 1) {
      count += histogram[v];
      if (count >= grey.length * share) return v;
    }
    return 255;
  };
  const low = at(0.02);
  const high = at(0.98);
  if (high - low < 8) return grey;
  return Uint8Array.from(grey, (v) => Math.max(0, Math.min(255, Math.round(((v - low) * 255) / (high - low)))));
}
