import { type OrientedBox, topToBottom } from '../../ocr/oriented-box';
import { type Recognition } from '../../ocr/recognise-text';
import { sampleGreyStrip } from '../../ocr/sample-strip';
import { type RgbImage } from '../../ocr/types';
import { mrzStatesExist } from '../country-codes';
import { LAYOUTS, type MrzLayout } from '../layouts';
import { readMrz } from '../read-mrz';
import { type MrzReading } from '../types';
import {
  preferDigitsInDocumentNumber,
  readZeroAtLineStart,
  rescoreByCheckDigits,
  type ScoredLine,
  settleStateCodes,
} from './check-digit-rescoring';
import { type ConstrainedReading, decodeGreedy, decodeWithGrammar, type StepLogProbs, substitutionCost } from './constrained-decode';
import { layoutGrammar } from './layout-grammar';
import { MAX_STRIP_WIDTH, MRZ_STRIP_HEIGHT, recogniseMrzStrip } from './mrz-recogniser-session';

/**
 * A line is tried as a layout's line when the model, read greedily, gives between these shares of its length:
 * a run of fillers read one or two short, or a stray mark at an end, still fits; a fragment of a line does not.
 */
const MIN_LENGTH_SHARE = 0.75;
const MAX_LENGTH_SHARE = 1.2;
/**
 * Names carry no check digit: a valid MRZ whose name line holds a character read below this peak probability is
 * not returned (the rest of the pipeline reads it, and its name is cross-checked against the visual zone).
 */
export const MIN_NAME_CONFIDENCE = 0.8;

export interface ModelMrzReading {
  /** Region indices, top line first. */
  regions: number[];
  lines: string[];
  reading: MrzReading;
  /** Per line, the lowest peak probability of its characters. */
  minConfidence: number[];
  /** Per line, per place: the peak probability of the character read there. */
  confidence: number[][];
  /** Per line, the mean peak probability of its characters (the line's confidence, as the recogniser gives it). */
  meanConfidence: number[];
  substitutions: string[];
  /**
   * The reading was valid with a letter O at its number's first place, and is not with the 0 read there instead
   * (`readZeroAtLineStart`): the printed check digits are what is wrong.
   */
  validWithLetterAtLineStart?: boolean;
}

/**
 * Reads the MRZ among long text lines with our OCR-B recogniser: each line once through the model, then every
 * run of two or three neighbouring lines is decoded under each layout's grammar (`decodeWithGrammar`) and the
 * check digits settle the near ties (`rescoreByCheckDigits`). Returns the readings by region index when a run
 * reads as a valid MRZ whose states exist and whose names were read firmly; otherwise nothing, and the lines go on
 * to the other readers. A document printed with a wrong check digit is left to them too: a model sure of a wrong
 * character would otherwise stop every second look (measured on generated pages: clean valid 100 % → 97 %).
 */
export async function readMrzRegionsByModel(image: RgbImage, regions: OrientedBox[], now: Date): Promise<Map<number, Recognition>> {
  const found = await findMrzByModel(image, regions, now);
  if (!found) return new Map();
  return new Map(
    found.regions.map((regionIndex, k) => [regionIndex, { text: found.lines[k], confidence: found.meanConfidence[k], wholeLine: true }]),
  );
}

export async function findMrzByModel(image: RgbImage, regions: OrientedBox[], now: Date): Promise<ModelMrzReading | null> {
  if (regions.length < 2) return null;
  const strips = await Promise.all(regions.map((region) => greyMrzStrip(image, region)));
  const probs: StepLogProbs[] = [];
  for (const strip of strips) probs.push(await recogniseMrzStrip(strip.data, strip.width));
  const greedyLengths = probs.map((p) => decodeGreedy(p).length);
  const order = topToBottom(regions);
  for (const size of [3, 2]) {
    for (const layout of LAYOUTS.filter((l) => l.lineCount === size)) {
      const grammar = layoutGrammar(layout);
      for (let start = 0; start + size <= order.length; start += 1) {
        const window = order.slice(start, start + size);
        if (!window.every((i) => fits(greedyLengths[i], layout))) continue;
        const candidate = readWindow(layout, grammar, window, probs, now);
        if (candidate && (isFirmValidReading(layout, candidate) || failsOnlyByLineStartZero(layout, candidate))) return candidate;
      }
    }
  }
  return null;
}

function fits(length: number, layout: MrzLayout): boolean {
  return length >= layout.lineLength * MIN_LENGTH_SHARE && length <= layout.lineLength * MAX_LENGTH_SHARE;
}

/**
 * A reading whose only fault is the check digits the line-start 0 breaks (`readZeroAtLineStart`), every name read
 * firmly: returned invalid, as the document prints it, so that no other reader's O passes the wrong check digit.
 */
function failsOnlyByLineStartZero(layout: MrzLayout, candidate: ModelMrzReading): boolean {
  return (
    candidate.validWithLetterAtLineStart === true &&
    isFirmValidReading(layout, { ...candidate, reading: { ...candidate.reading, valid: true } })
  );
}

/** Valid, with state codes that exist (`readWindow`) and every name-line character read firmly. */
export function isFirmValidReading(layout: MrzLayout, candidate: ModelMrzReading): boolean {
  return candidate.reading.valid && !candidate.minConfidence.some((c, k) => c < MIN_NAME_CONFIDENCE && nameLine(layout, k));
}

function nameLine(layout: MrzLayout, line: number): boolean {
  return layout.fields.some((f) => f.kind === 'name' && f.span[0] === line);
}

export function readWindow(
  layout: MrzLayout,
  grammar: string[][],
  window: number[],
  probs: StepLogProbs[],
  now: Date,
): ModelMrzReading | null {
  const decoded: ConstrainedReading[] = [];
  for (let k = 0; k < window.length; k += 1) {
    const reading = decodeWithGrammar(probs[window[k]], grammar[k]);
    if (!reading) return null;
    decoded.push(reading);
  }
  const scored: ScoredLine[] = decoded.map((reading, k) => ({
    text: reading.text,
    allowed: grammar[k],
    cost: (x, character) => substitutionCost(probs[window[k]], reading, x, character),
  }));
  const byChecks = rescoreByCheckDigits(layout, scored);
  const byPrior = preferDigitsInDocumentNumber(layout, scored, byChecks.lines);
  const byStates = settleStateCodes(layout, scored, byPrior.lines);
  const asRead = readMrz(byStates.lines, { now });
  const byLineStart = readZeroAtLineStart(layout, byStates.lines);
  const rescored = {
    lines: byLineStart.lines,
    substitutions: [...byChecks.substitutions, ...byPrior.substitutions, ...byStates.substitutions, ...byLineStart.substitutions],
  };
  const result = byLineStart.substitutions.length > 0 ? readMrz(rescored.lines, { now }) : asRead;
  if (!result.ok || result.reading.format !== layout.format || !mrzStatesExist(result.reading)) return null;
  return {
    validWithLetterAtLineStart: byLineStart.substitutions.length > 0 && asRead.ok && asRead.reading.valid,
    regions: window,
    lines: rescored.lines,
    reading: result.reading,
    minConfidence: decoded.map((r) => Math.min(...r.confidence)),
    confidence: decoded.map((r) => r.confidence),
    meanConfidence: decoded.map((r) => r.confidence.reduce((sum, c) => sum + c, 0) / r.confidence.length),
    substitutions: rescored.substitutions,
  };
}

/** The region as a level grey strip, MRZ_STRIP_HEIGHT high, its aspect kept (Lanczos, as the model was trained). */
export async function greyMrzStrip(image: RgbImage, region: OrientedBox): Promise<{ data: Uint8Array; width: number }> {
  const width = Math.max(8, Math.min(MAX_STRIP_WIDTH, Math.round((region.length * MRZ_STRIP_HEIGHT) / region.thickness)));
  return { data: await sampleGreyStrip(image, region, width, MRZ_STRIP_HEIGHT), width };
}
