import { decodeImage } from '../image/decode-image';
import { smoothForDetection } from '../image/smooth-for-detection';
import { findMrz, looksLikeMrzLine, type MrzSearch } from '../mrz/find-mrz-lines';
import { mrzPrereader } from '../mrz/read-mrz-regions';
import { isCharacterRepair } from '../mrz/character-repair';
import { fieldsWithTextAfterPadding } from '../mrz/stray-after-padding';
import { type MrzReading } from '../mrz/types';
import { mrzBlockRows } from '../ocr/complete-mrz-rows';
import { boundsOf, isLongLine } from '../ocr/oriented-box';
import { readLocatedMrz } from '../mrz/recogniser/read-located-mrz';
import { mrzRowsFromHeads } from '../ocr/mrz-rows-from-heads';
import { lineOfWords, sortLinesTopToBottom } from '../ocr/reading-order';
import { readLineRegions, rereadLines, runOcr } from '../ocr/run-ocr';
import { type OcrLine, type OcrWord, type RgbImage } from '../ocr/types';
import { judgeQuality, measureQuality, type ImageQuality } from '../quality/measure-quality';
import { readViz } from '../viz/read-viz';
import { fillUncaptionedValues } from './uncaptioned-values';
import { foldText } from '../viz/viz-labels';
import { collectAuthenticitySignals } from './authenticity-signals';
import { decideDocumentType, personalDataFieldsOf } from './document-type';
import { buildExtractedData } from './extracted-data';
import { crossCheckMrzAndViz } from './mrz-viz-cross-check';
import { portraitNotChecked, portraitNotOnBack } from './portrait-detector';
import { rotateImage } from './rotate-image';
import { judgeMrzFirmness } from './mrz-read-firmness';
import { judgeSideProblems } from './side-problems';
import { completeVizFromMrz } from './viz-from-mrz-anchors';
import {
  type DeclaredDocumentType,
  type DocumentIssue,
  type DocumentSide,
  type PortraitCheck,
  type PortraitDetector,
  type SideAnalysis,
} from './types';

export interface AnalyzeOptions {
  side: DocumentSide;
  declaredType?: DeclaredDocumentType;
  now?: Date;
  portraitDetector?: PortraitDetector;
}

/**
 * An upright document read by OCR yields several confident, wider-than-tall words; fewer than this suggests a
 * rotated photo (or no text at all) and triggers the rotation retries.
 */
const MIN_UPRIGHT_WORDS = 6;

interface Reading {
  rotation: 0 | 90 | 180 | 270;
  image: RgbImage;
  lines: OcrLine[];
  mrzSearch: MrzSearch;
}

/**
 * Analyses one side of an identity document. Never throws: undecodable input and internal failures come back
 * as a typed result with `failure` set and the matching problem codes.
 */
export async function analyzeDocumentSide(input: Buffer, options: AnalyzeOptions): Promise<SideAnalysis> {
  const started = performance.now();
  const side = options?.side ?? 'front';
  const now = options?.now ?? new Date();
  try {
    const decoded = await decodeImage(input);
    if (!decoded.ok) return failedAnalysis(side, `image could not be decoded: ${decoded.detail}`, started);
    const detector = side === 'back' ? portraitNotOnBack : (options?.portraitDetector ?? portraitNotChecked);
    // Most pages need no rotation, so the portrait is looked for on the upright page while the text is read: a
    // detector working off the JavaScript thread then costs no wall time. A page read turned is checked again.
    const uprightPortrait = portraitAlongsideOcr() ? checkPortrait(detector, decoded.image) : null;
    const quality = await measureQuality(decoded.image, decoded.originalWidth, decoded.originalHeight);

    let ocrMs = 0;
    let mrzMs = 0;
    const read = async (rotation: Reading['rotation'], image: RgbImage): Promise<Reading> => {
      const t0 = performance.now();
      const lines = await runOcr(image, { prereadLongLines: mrzPrereader(now) });
      const t1 = performance.now();
      const mrzSearch = findMrz(lines, now);
      ocrMs += t1 - t0;
      mrzMs += performance.now() - t1;
      return { rotation, image, lines, mrzSearch };
    };
    const upright = await read(0, decoded.image);
    let best = upright;
    // MRZ orientation is the strongest cue; without an MRZ, a poor text yield also triggers the retries.
    if (!best.mrzSearch.reading && confidentWords(best.lines) < MIN_UPRIGHT_WORDS) {
      for (const rotation of [180, 90, 270] as const) {
        const attempt = await read(rotation, await rotateImage(decoded.image, rotation));
        if (isBetter(attempt, best)) best = attempt;
        if (best.mrzSearch.reading?.valid) break;
      }
    }

    // Second looks at an MRZ not read valid, cheapest first, until one reads it. An MRZ whose failing checks were
    // read as printed fails them on the document: looking again costs up to a second and reads the same.
    for (const look of MRZ_LOOKS) {
      if (best.mrzSearch.reading?.valid || readAsPrinted(best.mrzSearch.reading)) break;
      if (!look.applies(best)) continue;
      const t0 = performance.now();
      best = await look.run(best, now);
      ocrMs += performance.now() - t0;
    }

    // The rows are looked for on the page as read, then upright: a dim page whose MRZ the detector missed has few
    // confident words either, and the rotation retries may have kept a turned page for a few more of them.
    if (!best.mrzSearch.reading) {
      const t0 = performance.now();
      for (const page of best === upright ? [best] : [best, upright]) {
        const located = await readMrzWithoutDetector(page, now);
        if (located !== page) {
          best = located;
          break;
        }
      }
      ocrMs += performance.now() - t0;
    }

    const mrz = best.mrzSearch.reading;
    const mrzLineTexts = new Set(best.mrzSearch.candidateLines);
    const vizLines = best.lines.filter((l) => !mrzLineTexts.has(l.text.toUpperCase().replace(/\s+/g, '')));
    // An MRZ read anchors what the captions missed; on a side without one (a card front) values whose captions were
    // lost are placed by their shape and order.
    const captioned = readViz(vizLines);
    const viz = mrz ? completeVizFromMrz(captioned, vizLines, mrz) : fillUncaptionedValues(captioned, vizLines, now);
    const foldedText = foldText(best.lines.map((l) => l.text).join('\n'));
    const mrzTraceLines = [...best.mrzSearch.candidateLines, ...best.mrzSearch.traceLines];
    const layout = { side, mrzTraceLines, personalDataFields: personalDataFieldsOf(viz) };
    const type = decideDocumentType(mrz, foldedText, options?.declaredType, layout);
    const extractedData = buildExtractedData(mrz, viz);
    const crossCheck = mrz ? crossCheckMrzAndViz(mrz, viz) : null;
    const portrait = await portraitOfReadPage(detector, uprightPortrait, best);
    const qualityVerdict = judgeQuality(quality);
    const problems = judgeSideProblems({
      side,
      type,
      mrzSearch: best.mrzSearch,
      quality: qualityVerdict,
      crossCheck,
      portrait,
      data: extractedData,
      now,
    });
    const authenticitySignals = collectAuthenticitySignals({ mrz, data: extractedData, crossCheck, quality, foldedText, now });
    const issues: DocumentIssue[] = problems.map((code) => ({ code, scope: side }));
    if (authenticitySignals.some((s) => s.severity !== 'low')) issues.push({ code: 'GENERIC_REVIEW', scope: side });
    return {
      side,
      detectedDocumentType: type.type,
      detectionConfidence: type.confidence,
      requiresBackSide: type.requiresBackSide,
      mrz,
      viz,
      extractedData,
      problems,
      authenticitySignals,
      issues,
      quality,
      portrait,
      rotation: best.rotation,
      timingsMs: { ocr: Math.round(ocrMs), mrz: Math.round(mrzMs), total: Math.round(performance.now() - started) },
    };
  } catch (error) {
    return failedAnalysis(side, `analysis failed: ${error instanceof Error ? error.message : String(error)}`, started);
  }
}

const MRZ_REREAD_STRETCHES = [1.25, 1.75];

interface MrzLook {
  applies: (reading: Reading) => boolean;
  run: (reading: Reading, now: Date) => Promise<Reading>;
}

/**
 * The second looks, in the order they are tried. Costs and wins measured on the 57 eval pages that fail or are slow
 * (seed 2026), counting the look after which the MRZ read valid:
 * 1. the MRZ rows run on from their heads, read by template (~13 ms a run, 7 wins in 82 runs; the detector lost the
 *    filler runs);
 * 2. the MRZ block rebuilt around the first pass's long lines, its rows read whole by template, then by the
 *    recogniser (added 2026-11-25 afternoon: 2 of the 7 eval card backs whose MRZ no look read now read valid and
 *    exact, each ~0.4 s sooner than before, as the later looks no longer run);
 * 3. the rows run on from their heads read by the recogniser (~180 ms, 10 wins in 22), when a head shows fillers;
 * 4. the MRZ-like lines read again at other stretches (~110 ms each, no win in 18; kept for the merges and drops of
 *    glyphs it was written for);
 * 5. the page re-detected smoothed (~160 ms here, up to 1.7 s; 1 win in 13), when fillers show an MRZ is printed: a
 *    card front is not read twice;
 * 6. the rows run on from their heads read by the recogniser at the glyphs' own width (~0.15 s; added 2026-11-26:
 *    2 wins, the 2 card backs under noise σ 18–22 of the 4 eval pages no look read). On a noisy photo the stretched
 *    crop gives each filler's grain the time steps to read as a K or C ('WALKERSKOLLVERKTHOMASEKKKC…'), where at
 *    its own width the row reads clean. Last, not beside look 3: its fillers are less sure ('WALKERK<GRACE' for
 *    WALKER<<GRACE on a page look 5 reads right), and the name line has no check digit to catch that.
 */
const MRZ_LOOKS: MrzLook[] = [
  { applies: () => true, run: (reading, now) => readMrzFromHeads(reading, now, { recogniser: false }) },
  { applies: () => true, run: readCompletedMrzRows },
  { applies: () => true, run: (reading, now) => readMrzFromHeads(reading, now, { recogniser: true }) },
  { applies: (reading) => reading.mrzSearch.candidateLines.length >= 2, run: rereadMrzLines },
  { applies: (reading) => showsMrzFillers(reading.lines), run: redetectMrzLines },
  { applies: () => true, run: (reading, now) => readMrzFromHeads(reading, now, { recogniser: true, stretch: UNSTRETCHED }) },
];

/**
 * After the looks (added 2026-11-27), when none found any MRZ: the MRZ rows found without the text detector (`readLocatedMrz`), when no look found any MRZ:
 *    glyphs ~7 px high on a 512-px photo are below what the detector boxes (mrz-real-dev's dim AZE photo, read
 *    exactly now). Rows are located from the page's ink profile, each cut at the pitch its layout's glyph count
 *    implies and read by our recogniser; only a valid MRZ with existing state codes and firmly read names is kept.
 *    Costs the locator (~0.1 s idle, ~0.4 s under load 35) on every page without an MRZ, and a few model runs
 *    per candidate block.
 */
async function readMrzWithoutDetector(reading: Reading, now: Date): Promise<Reading> {
  const located = await readLocatedMrz(reading.image, now);
  if (!located) return reading;
  const mrzLines: OcrLine[] = located.rows.map((region, k) => {
    const box = boundsOf(region, reading.image.width, reading.image.height);
    const text = located.reading.lines[k];
    const confidence = located.meanConfidence[k];
    return { text, confidence, box, words: [{ text, confidence, box, region, wholeLine: true }] };
  });
  const lines = sortLinesTopToBottom([...reading.lines.filter((l) => !looksLikeMrzLine(l.text)), ...mrzLines]);
  const attempt: Reading = { ...reading, lines, mrzSearch: findMrz(lines, now) };
  return attempt.mrzSearch.reading?.valid ? attempt : reading;
}

/** The crop at the glyphs' own width: one recogniser time step per column. */
const UNSTRETCHED = 1;

async function rereadMrzLines(reading: Reading, now: Date): Promise<Reading> {
  const indices = reading.lines.map((l, i) => (looksLikeMrzLine(l.text) ? i : -1)).filter((i) => i >= 0);
  let best = reading;
  for (const stretch of MRZ_REREAD_STRETCHES) {
    const reread = await rereadLines(
      reading.image,
      indices.map((i) => reading.lines[i]),
      stretch,
    );
    const lines = reading.lines.map((l, i) => (indices.includes(i) ? reread[indices.indexOf(i)] : l));
    const attempt: Reading = { ...reading, lines, mrzSearch: findMrz(lines, now) };
    if (mrzScore(attempt) > mrzScore(best)) best = attempt;
    if (best.mrzSearch.reading?.valid) break;
  }
  return best;
}

/**
 * Finds the long lines again on a smoothed copy of the page, completes the MRZ rows the detector broke apart
 * (`completeMrzRows`), and reads only the long lines (template reader first, as on the first pass). Their
 * MRZ-like lines replace the first pass's when they make a valid MRZ, or any MRZ where there was none. Runs only
 * when the first pass gave no valid MRZ: one more detector run and the long lines' reads.
 */
async function redetectMrzLines(reading: Reading, now: Date): Promise<Reading> {
  const longLines = await runOcr(reading.image, {
    detectionImage: await smoothForDetection(reading.image),
    longLinesOnly: true,
    completeMrzRows: true,
    prereadLongLines: mrzPrereader(now),
  });
  const mrzLike = longLines.filter((l) => looksLikeMrzLine(l.text));
  if (mrzLike.length === 0) return reading;
  // The MRZ closes the page: the new lines (in their own reading order) follow the first pass's other lines.
  const lines = [...reading.lines.filter((l) => !looksLikeMrzLine(l.text)), ...mrzLike];
  const attempt: Reading = { ...reading, lines, mrzSearch: findMrz(lines, now) };
  // A valid MRZ replaces the first reading; an invalid one only replaces none (a printed MRZ with a wrong check
  // digit is then reported as such). Otherwise a second, differently broken reading is no better evidence.
  const found = attempt.mrzSearch.reading;
  return found?.valid || (found && !reading.mrzSearch.reading) ? attempt : reading;
}

/**
 * An MRZ read as printed (`judgeMrzFirmness`: every line at its length, no repaired field failing), or one whose
 * every failing check digit is a trusted failure (its line read at its length, the field unrepaired) and no
 * character anywhere needed a letter↔digit repair: the failure is then evidence about the document, whatever came
 * of a line no failing check covers. A passport whose line 2 prints a wrong check digit and whose name line the
 * detector broke at its filler run is the second kind: every look wants a valid MRZ, which that page cannot give,
 * so all of them ran for nothing (~1 s; seed 2026 doc 297, read exactly by the first pass). A repaired character
 * shows the page was misread: a blurred passport whose nationality came in '1RL' had its number read with S for 5,
 * and a look then read it valid (seed 7 doc 22).
 */
function readAsPrinted(mrz: MrzReading | null | undefined): boolean {
  if (mrz == null) return false;
  const firmness = judgeMrzFirmness(mrz);
  if (firmness.firm) return true;
  const failing = mrz.checkDigits.filter((c) => !c.valid).length;
  return failing > 0 && firmness.trustedFailures.length === failing && !mrz.repairs.some(isCharacterRepair);
}

/**
 * Reads the MRZ rows `mrzRowsFromHeads` runs on from the heads the first pass read: by template, or by the
 * recogniser, which reads only the longest guess (it reads what is there, so a shorter layout's row adds nothing)
 * and only when a head shows fillers (an MRZ is printed; a card front's stacked values never get that far), at the
 * long-line stretch unless `stretch` is given.
 * Only a valid MRZ replaces the first reading: these rows are a guess, and a guess that fails its check digits
 * says nothing about the document.
 */
async function readMrzFromHeads(
  reading: Reading,
  now: Date,
  { recogniser, stretch }: { recogniser: boolean; stretch?: number },
): Promise<Reading> {
  const fragments = reading.lines.flatMap((l) => l.words);
  const guesses = mrzRowsFromHeads(fragments);
  if (guesses.length === 0) return reading;
  if (recogniser && !guesses[0].heads.some((head) => head.includes('<'))) return reading;
  for (const guess of recogniser ? guesses.slice(0, 1) : guesses) {
    // The recogniser's look follows the template's on the same rows, which the templates already failed to read.
    const rows = await readLineRegions(
      reading.image,
      guess.rows,
      recogniser ? { recogniser, stretch } : { recogniser, prereadLongLines: mrzPrereader(now) },
    );
    const mrzLike = rows.filter((l) => looksLikeMrzLine(l.text));
    if (mrzLike.length < guess.rows.length) continue;
    const headTexts = new Set(guess.heads);
    const lines = [...reading.lines.filter((l) => !l.words.some((w) => headTexts.has(w.text.replace(/\s+/g, '')))), ...mrzLike];
    const attempt: Reading = { ...reading, lines, mrzSearch: findMrz(lines, now) };
    if (attempt.mrzSearch.reading?.valid) return attempt;
  }
  return reading;
}

/**
 * Reads the MRZ block rebuilt around the first pass's long lines (`mrzBlockRows`): a row the detector cut short
 * or split at a filler run is given the block's span, and the block's rows are read whole, by template and then
 * by the recogniser. The smoothed re-detection does the same on new boxes at the cost of a detector run; on these
 * boxes it costs only the reads. Only a valid MRZ with clean padding (`validWithCleanPadding`) replaces the first
 * reading.
 */
async function readCompletedMrzRows(reading: Reading, now: Date): Promise<Reading> {
  const words = reading.lines.flatMap((l) => l.words);
  // Only lines read as MRZ lines seed a block: a card front's title is a long line too, and its rows read whole
  // cost ~0.3 s for nothing.
  const isMrzSeed = (i: number) => isLongLine(words[i].region) && (looksLikeMrzLine(words[i].text) || words[i].text.includes('<<'));
  const { rows, absorbed } = mrzBlockRows(
    words.map((w) => w.region),
    isMrzSeed,
  );
  if (rows.length < 2) return reading;
  const read = await readLineRegions(reading.image, rows, { recogniser: true, prereadLongLines: mrzPrereader(now) });
  const mrzLike = read.filter((l) => looksLikeMrzLine(l.text));
  if (mrzLike.length < 2) return reading;
  const replaced = new Set([...absorbed].map((i) => words[i]));
  const kept = reading.lines.map((line) => withoutWords(line, replaced)).filter((line): line is OcrLine => line !== null);
  // In print order: a row the block left out (a perspective photo's boxes thicker than the pitch) keeps its first
  // pass reading between the rows read again.
  const lines = sortLinesTopToBottom([...kept, ...mrzLike]);
  const attempt: Reading = { ...reading, lines, mrzSearch: findMrz(lines, now) };
  return validWithCleanPadding(attempt.mrzSearch.reading) ? attempt : reading;
}

/** The line without the given words (null when none is left); a word beside them on its row stays. */
function withoutWords(line: OcrLine, dropped: Set<OcrWord>): OcrLine | null {
  const words = line.words.filter((w) => !dropped.has(w));
  if (words.length === line.words.length) return line;
  return words.length === 0 ? null : lineOfWords(words);
}

/** A run of MRZ fillers anywhere on the page: an MRZ is printed, even if no whole line of it was found. */
function showsMrzFillers(lines: OcrLine[]): boolean {
  return lines.some((l) => l.text.includes('<<'));
}

/**
 * The rebuilt block's MRZ is kept only when it is valid and nothing stands in a field's padding: noise passes
 * mod-10 check digits now and then, and on a noisy card back whose fillers the recogniser read as K's it passed
 * every one ('WALKERSKOLIVERKTHOMASCKK<<<<<K'). The older looks are not held to this: on the eval set two card
 * backs read valid by them carry K's only in optional data, with every checked field and the name right, and
 * would lose them all.
 */
function validWithCleanPadding(mrz: MrzReading | null | undefined): boolean {
  return mrz?.valid === true && fieldsWithTextAfterPadding(mrz).length === 0;
}

function mrzScore(r: Reading): number {
  const m = r.mrzSearch.reading;
  if (!m) return -1;
  return (m.valid ? 2 : 0) + m.checkDigits.filter((c) => c.valid).length / Math.max(1, m.checkDigits.length);
}

/** Words read with confidence from boxes lying horizontally: text at 90°/270° gives upright boxes instead. */
function confidentWords(lines: OcrLine[]): number {
  return lines.reduce(
    (n, l) => n + l.words.filter((w) => w.confidence >= 0.85 && w.text.length >= 2 && w.box.width > w.box.height).length,
    0,
  );
}

function isBetter(candidate: Reading, current: Reading): boolean {
  const rank = (r: Reading) => (r.mrzSearch.reading?.valid ? 2 : r.mrzSearch.reading ? 1 : 0);
  if (rank(candidate) !== rank(current)) return rank(candidate) > rank(current);
  return confidentWords(candidate.lines) > confidentWords(current.lines) * 1.5;
}

/**
 * DOCUMENT_OCR_PORTRAIT_ALONGSIDE=0 looks for the portrait only after the text is read, on the page as read
 * (one detector run per page, none wasted on a page that turns out to need rotating).
 */
export function portraitAlongsideOcr(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DOCUMENT_OCR_PORTRAIT_ALONGSIDE !== '0';
}

/**
 * The portrait check of the page as it was read: the one started on the upright page when the page was read
 * upright, otherwise a new one on the turned page — after the upright one has finished, since a detector may
 * keep what it found last.
 */
async function portraitOfReadPage(
  detector: PortraitDetector,
  uprightPortrait: Promise<PortraitCheck> | null,
  read: Reading,
): Promise<PortraitCheck> {
  if (uprightPortrait) {
    const upright = await uprightPortrait;
    if (read.rotation === 0) return upright;
  }
  return checkPortrait(detector, read.image);
}

async function checkPortrait(detector: PortraitDetector, image: RgbImage): Promise<PortraitCheck> {
  try {
    return await detector.detectPortrait(image);
  } catch (error) {
    return { checked: false, reason: `portrait detector failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

const EMPTY_QUALITY: ImageQuality = {
  blur: 0,
  brightness: 0,
  glare: 0,
  width: 0,
  height: 0,
  saturation: 0,
  colourfulShare: 0,
  highFrequencyRatio: 0,
};

function failedAnalysis(side: DocumentSide, failure: string, started: number): SideAnalysis {
  const problems: SideAnalysis['problems'] = ['DOCUMENT_QUALITY_TOO_LOW', 'LOW_DETECTION_CONFIDENCE'];
  return {
    side,
    detectedDocumentType: 'unknown',
    detectionConfidence: 0,
    requiresBackSide: true,
    mrz: null,
    viz: { raw: {}, text: '' },
    extractedData: {},
    problems,
    authenticitySignals: [],
    issues: problems.map((code) => ({ code, scope: side })),
    quality: EMPTY_QUALITY,
    portrait: { checked: false, reason: 'image not analysed' },
    rotation: 0,
    failure,
    timingsMs: { ocr: 0, mrz: 0, total: Math.round(performance.now() - started) },
  };
}
