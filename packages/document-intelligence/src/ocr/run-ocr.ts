import { detectTextBoxes } from './detect-text-boxes';
import { arrangeInReadingOrder } from './reading-order';
import { type Recognition, recogniseTexts, type RegionMargin } from './recognise-text';
import { getOcrSessions } from './sessions';
import { completeMrzRows, mrzBlockRows } from './complete-mrz-rows';
import { mergeLineFragments } from './merge-line-fragments';
import { boundsOf, isLongLine, lengthen, type OrientedBox } from './oriented-box';
import { type Box, type OcrLine, type OcrWord, type RgbImage } from './types';

/** Words below this recognition confidence are noise (texture, guilloche) rather than text. */
const MIN_WORD_CONFIDENCE = 0.5;

/**
 * The recogniser drops a thin first or last glyph ('I', '1') when the crop ends right at the ink; a margin of
 * a quarter of the line height on each side keeps it.
 */
const LINE_END_MARGIN: RegionMargin = { thicknesses: 0.25 };

function padAlongLine(detected: OrientedBox, image: RgbImage): { region: OrientedBox; box: Box } {
  const region = lengthen(detected, Math.round(detected.thickness * LINE_END_MARGIN.thicknesses));
  return { region, box: boundsOf(region, image.width, image.height) };
}

/**
 * Long single lines (`isLongLine`) are recognised with the crop stretched horizontally: more CTC time steps per
 * glyph, so runs of one character ('111', '<<<') are not merged. Decided by the box's shape alone, before anything
 * is read. 1.25 was tried: as good as 1.5 with 960-px detection, but with the 640-px detection boxes it dropped
 * digits in runs ('3106132' → '106132'; clean MRZ valid 26/29 → 22/29).
 */
const LONG_LINE_STRETCH = 1.5;

/**
 * The stretch for the long lines the pre-reader left. It returns lines only for a whole valid MRZ, so once it
 * has, the long lines left are other text (a passport's "REISEPASS/PASSPORT/PASSEPORT" title, aspect ~18) and
 * need no MRZ-sized time steps: read at their own width they cost a third fewer recogniser columns (that title:
 * 1,322 → 881). DOCUMENT_OCR_PLAIN_LONG_LINES=0 keeps the MRZ stretch for them.
 */
export function longLineStretchAfterPreread(prereadLines: number, env: NodeJS.ProcessEnv = process.env): number {
  return prereadLines > 0 && env.DOCUMENT_OCR_PLAIN_LONG_LINES !== '0' ? 1 : LONG_LINE_STRETCH;
}

export interface OcrOptions {
  /**
   * Reads long lines (MRZ lines) without the recogniser where it can: gets the long lines' regions and returns
   * readings by index into them; the recogniser reads the rest.
   */
  prereadLongLines?: (image: RgbImage, regions: OrientedBox[]) => Promise<Map<number, Recognition>>;
  /** The detector looks at this copy of the image (same size, e.g. smoothed) instead; text is still read from the image. */
  detectionImage?: RgbImage;
  /** Only long lines (MRZ candidates) are read; the short words are left out. */
  longLinesOnly?: boolean;
  /** Rows of fragments beside a whole MRZ line get its span (`completeMrzRows`); for a second look at the MRZ. */
  completeMrzRows?: boolean;
}

/** Detection → recognition → reading order over one image. */
export async function runOcr(image: RgbImage, options: OcrOptions = {}): Promise<OcrLine[]> {
  const sessions = await getOcrSessions();
  const detected = await detectTextBoxes(sessions.detection, options.detectionImage ?? image);
  const merged = mergeLineFragments(detected.map((d) => d.region)).regions;
  if (options.completeMrzRows) {
    const completed = completeMrzRows(merged);
    return readRegions(
      image,
      completed,
      completed.map((r) => isLongLine(r)),
      options,
    );
  }
  const isLong = merged.map((r) => isLongLine(r));
  const longIndices = merged.map((_, i) => i).filter((i) => isLong[i]);
  if (!options.prereadLongLines || longIndices.length === 0) return readRegions(image, merged, isLong, options);
  const preread = await prereadRegions(image, merged, longIndices, options.prereadLongLines);
  if (preread.size === 0) {
    const block = await prereadMrzBlock(image, merged, options.prereadLongLines);
    if (block)
      return readRegions(
        image,
        block.regions,
        block.regions.map((r) => isLongLine(r)),
        { ...options, preread: block.preread },
      );
  }
  return readRegions(image, merged, isLong, { ...options, preread });
}

/**
 * The long lines (MRZ candidates) of a page as the first pass hands them to the pre-readers: detected, fragments of
 * one line joined, padded at both ends. For benches and tests of the pre-readers.
 */
export async function detectLongLines(image: RgbImage): Promise<OrientedBox[]> {
  const sessions = await getOcrSessions();
  const detected = await detectTextBoxes(sessions.detection, image);
  return mergeLineFragments(detected.map((d) => d.region))
    .regions.filter((r) => isLongLine(r))
    .map((r) => padAlongLine(r, image).region);
}

/** The pre-reader's readings of the given regions (padded as for the recogniser), by region index. */
async function prereadRegions(
  image: RgbImage,
  regions: OrientedBox[],
  indices: number[],
  preread: NonNullable<OcrOptions['prereadLongLines']>,
): Promise<Map<number, Recognition>> {
  const readings = await preread(
    image,
    indices.map((i) => padAlongLine(regions[i], image).region),
  );
  return new Map([...readings].map(([k, reading]) => [indices[k], reading]));
}

/**
 * When the pre-reader read no MRZ among the detected long lines, the MRZ block rebuilt around them
 * (`mrzBlockRows`: a row the detector cut short at its filler run, or broke into a head and a tail, given the
 * block's span) is pre-read once more, before the recogniser reads any long line. Rows the pre-reader reads as an
 * MRZ (`readMrzRegionsByTemplate`: valid, or as printed) take the place of their fragments; every other region stays
 * as detected. On eval:documents (seed 2026)
 * the templates read 26 of the 77 MRZ pages whose detected long lines they could not, ~20 ms a try, where the
 * recogniser read the broken lines at the MRZ stretch (~0.13 s on a passport) and a second look then read the
 * block. Null when no such row was read.
 */
async function prereadMrzBlock(
  image: RgbImage,
  regions: OrientedBox[],
  preread: NonNullable<OcrOptions['prereadLongLines']>,
): Promise<{ regions: OrientedBox[]; preread: Map<number, Recognition> } | null> {
  const block = mrzBlockRows(regions);
  if (block.rows.length < 2) return null;
  const readings = await prereadRegions(
    image,
    block.rows,
    block.rows.map((_, k) => k),
    preread,
  );
  if (readings.size === 0) return null;
  const rowsRead = [...readings.keys()];
  const replaced = new Set(rowsRead.flatMap((k) => block.members[k]));
  const kept = regions.filter((_, i) => !replaced.has(i));
  return {
    regions: [...kept, ...rowsRead.map((k) => block.rows[k])],
    preread: new Map(rowsRead.map((k, j) => [kept.length + j, readings.get(k) as Recognition])),
  };
}

/**
 * Reads regions placed by geometry rather than found by the detector (MRZ rows run on from their heads) as long
 * lines: the pre-reader first, the recogniser for the rest (at the long-line stretch unless `stretch` is given),
 * unless `recogniser` is false.
 */
export async function readLineRegions(
  image: RgbImage,
  regions: OrientedBox[],
  options: Pick<OcrOptions, 'prereadLongLines'> & { recogniser: boolean; stretch?: number },
): Promise<OcrLine[]> {
  return readRegions(
    image,
    regions,
    regions.map(() => true),
    { ...options, longLinesOnly: true, skipRecogniserForLongLines: !options.recogniser, longLineStretch: options.stretch },
  );
}

interface ReadOptions extends OcrOptions {
  skipRecogniserForLongLines?: boolean;
  longLineStretch?: number;
  /** Readings the pre-reader already gave, by region index: the pre-reader is not asked again. */
  preread?: Map<number, Recognition>;
}

/** Recognition → reading order over the given regions; `isLong` marks the long lines. */
async function readRegions(image: RgbImage, regions: OrientedBox[], isLong: boolean[], options: ReadOptions): Promise<OcrLine[]> {
  const sessions = await getOcrSessions();
  const boxes = regions.map((r) => padAlongLine(r, image));
  let longIndices = boxes.map((_, i) => i).filter((i) => isLong[i]);
  const recognitions = new Array<Recognition>(boxes.length);
  let longLineStretch = options.longLineStretch ?? LONG_LINE_STRETCH;
  const preread =
    options.preread ??
    (options.prereadLongLines && longIndices.length > 0
      ? await prereadRegions(image, regions, longIndices, options.prereadLongLines)
      : null);
  if (preread) {
    preread.forEach((reading, i) => {
      recognitions[i] = reading;
    });
    longIndices = longIndices.filter((i) => !preread.has(i));
    longLineStretch = options.longLineStretch ?? longLineStretchAfterPreread(preread.size);
  }
  const shortIndices = options.longLinesOnly ? [] : boxes.map((_, i) => i).filter((i) => !isLong[i] && !preread?.has(i));
  if (options.skipRecogniserForLongLines) longIndices = [];
  // Short words only: a long line may be an MRZ, whose check digit at the end is judged by its check, not dropped.
  const shortReadings = await recogniseTexts(
    sessions.recognition,
    sessions.characters,
    image,
    shortIndices.map((i) => boxes[i].region),
    1,
    LINE_END_MARGIN,
  );
  shortIndices.forEach((boxIndex, k) => {
    recognitions[boxIndex] = shortReadings[k];
  });
  const longReadings = await recogniseTexts(
    sessions.recognition,
    sessions.characters,
    image,
    longIndices.map((i) => boxes[i].region),
    longLineStretch,
  );
  longIndices.forEach((boxIndex, k) => {
    recognitions[boxIndex] = longReadings[k];
  });
  const words: OcrWord[] = [];
  // forEach skips the unset slots of the words left unread.
  recognitions.forEach(({ text, confidence, wholeLine }, i) => {
    if (text.trim().length === 0 || confidence < MIN_WORD_CONFIDENCE) return;
    words.push({ text: text.trim(), confidence, box: boxes[i].box, region: boxes[i].region, ...(wholeLine ? { wholeLine } : {}) });
  });
  return arrangeInReadingOrder(words);
}

/**
 * Reads the words of the given lines again at another horizontal stretch (same boxes, no detection) and
 * returns the lines with the new text. Used for a second look at MRZ lines whose first reading failed a
 * check: the recogniser's merges and drops depend on the time steps per glyph.
 */
export async function rereadLines(image: RgbImage, lines: OcrLine[], stretch: number): Promise<OcrLine[]> {
  const sessions = await getOcrSessions();
  const regions = lines.flatMap((l) => l.words.map((w) => w.region));
  const readings = await recogniseTexts(sessions.recognition, sessions.characters, image, regions, stretch);
  let k = 0;
  return lines.map((line) => {
    const words = line.words.map((w) => {
      const r = readings[k++];
      return { ...w, text: r.text.trim(), confidence: r.confidence };
    });
    return {
      ...line,
      words,
      text: words.map((w) => w.text).join(' '),
      confidence: words.reduce((s, w) => s + w.confidence, 0) / Math.max(1, words.length),
    };
  });
}
