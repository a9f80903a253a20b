import { type OrientedBox, topToBottom } from '../../ocr/oriented-box';
import { type Recognition } from '../../ocr/recognise-text';
import { sampleGreyStrip } from '../../ocr/sample-strip';
import { type RgbImage } from '../../ocr/types';
import { PADDING_START } from '../character-repair';
import { mrzStatesExist } from '../country-codes';
import { LAYOUTS, type MrzLayout } from '../layouts';
import { readMrz } from '../read-mrz';
import { type MrzReading } from '../types';
import { type GreyStrip, readLineByTemplate, type TemplateLineReading } from './read-line-by-template';

/**
 * Every character of an accepted template reading correlates at least this well with its template. Check
 * digits vouch for numbers and dates; names have none, so a weak letter sends the line to the recogniser.
 */
export const MIN_CHARACTER_SCORE = 0.6;
/**
 * Weak marks are read as fillers only on lines whose characters match their templates this well on average: on a
 * sharp line a weak mark is print showing through, on a blurred one (every glyph matching at ~0.8) it may as well be
 * a misread glyph, and so may a firm-looking one that no check digit weighs (G read Q at a weight-1 place passes
 * both the number's and the composite check; seen on a card back blurred at σ 2.6, line means 0.77–0.81).
 */
export const MIN_MEAN_SCORE_BESIDE_WEAK_MARKS = 0.85;
/**
 * An MRZ the templates read whole but failing check digits is returned only when every character matched at least
 * this well (no weak mark anywhere) and only numeric fields' checks fail (`FAILURES_THE_TEMPLATES_SETTLE`).
 */
const MIN_CHARACTER_SCORE_BESIDE_FAILED_CHECK = 0.8;
/**
 * The check digits whose failure a firm template reading vouches for: those over dates, whose O/0-like look-alikes
 * the field type repairs, and the composite alone (every field it covers passing its own check). A document
 * number mixes letters and digits, and OCR-B's O and 0 differ by a few pixels: on the eval set (seed 2026) all 8
 * firm-looking template reads of a printed-valid MRZ that failed a check failed the document number's (an O for a
 * 0), while the 14 pages printed with a wrong check digit the templates read exactly failed it in 3. Those 3 are
 * left to the recogniser, as before.
 */
const FAILURES_THE_TEMPLATES_SETTLE = new Set(['birthDate', 'expiryDate', 'composite']);
/** Strips are cut at the photo's own scale, capped here: the template grid needs ~22 rows of band, not more. */
const MAX_STRIP_HEIGHT = 64;
export const MRZ_LINE_LENGTHS = [30, 36, 44] as const;

/**
 * Reads the MRZ among long text lines with OCR-B templates: lines are read alone, then every run of two or
 * three neighbouring lines of one MRZ length is parsed, and the first run whose MRZ is valid (every check digit,
 * no anomaly) with every character matched firmly, or read as a filler (`weakMarksAsFillers`), is returned as
 * readings by line index. So is a run read firmly throughout (`readAsPrintedByTemplate`) whose only failing checks
 * are ones such a reading vouches for: a document printed with a wrong check digit is then read once, by
 * template, instead of by the recogniser and every second look, which all want a valid MRZ. Anything less returns
 * nothing, and the recogniser reads those lines as before.
 */
export async function readMrzRegionsByTemplate(image: RgbImage, regions: OrientedBox[], now: Date): Promise<Map<number, Recognition>> {
  // The strips are cut together (libvips, off the JavaScript thread), then read one by one.
  const strips = await Promise.all(regions.map((region) => greyStrip(image, region)));
  const readings: (TemplateLineReading | null)[] = strips.map((strip) => readLineByTemplate(strip, MRZ_LINE_LENGTHS));
  const order = topToBottom(regions);
  for (const size of [3, 2]) {
    for (let start = 0; start + size <= order.length; start += 1) {
      const window = order.slice(start, start + size);
      const lines = window.map((i) => readings[i]);
      if (lines.some((l) => !l || l.text.length !== lines[0]?.text.length)) continue;
      const read = lines as TemplateLineReading[];
      const asRead = readMrz(
        read.map((l) => l.text),
        { now },
      );
      if (!asRead.ok || !mrzStatesExist(asRead.reading)) continue;
      if (readAsPrintedByTemplate(read, asRead.reading)) {
        return new Map(
          window.map((regionIndex, k) => [regionIndex, { text: read[k].text, confidence: read[k].meanScore, wholeLine: true }]),
        );
      }
      const layout = LAYOUTS.find((l) => l.format === asRead.reading.format);
      const texts = layout ? weakMarksAsFillers(read, layout) : read.map((l) => l.text);
      const result = texts.every((t, k) => t === read[k].text) ? asRead : readMrz(texts, { now });
      if (!result.ok || !result.reading.valid) continue;
      const { lines: parsed } = result.reading;
      const weakAsFillers = read.every((line, k) =>
        line.scores.every((score, x) => score >= MIN_CHARACTER_SCORE || parsed[k]?.[x] === FILLER),
      );
      const anyWeak = read.some((line) => Math.min(...line.scores) < MIN_CHARACTER_SCORE);
      if (!weakAsFillers || (anyWeak && read.some((line) => line.meanScore < MIN_MEAN_SCORE_BESIDE_WEAK_MARKS))) continue;
      // As read, but with the weak marks the reading shows as fillers cleared: nothing else is changed here.
      const cleared = read.map((line) => [...line.text].map((c, x) => (line.scores[x] < MIN_CHARACTER_SCORE ? FILLER : c)).join(''));
      return new Map(window.map((regionIndex, k) => [regionIndex, { text: cleared[k], confidence: read[k].meanScore, wholeLine: true }]));
    }
  }
  return new Map();
}

const FILLER = '<';

/**
 * An MRZ the templates read firmly (every character at MIN_CHARACTER_SCORE_BESIDE_FAILED_CHECK or better, no
 * anomaly, nothing repaired: no letter↔digit repair, no padding cleared) that fails only checks in
 * FAILURES_THE_TEMPLATES_SETTLE: what the document prints, wrong check digit included.
 */
function readAsPrintedByTemplate(read: TemplateLineReading[], mrz: MrzReading): boolean {
  const failing = mrz.checkDigits.filter((c) => !c.valid).map((c) => c.name);
  if (mrz.valid || failing.length === 0 || mrz.anomalies.length > 0) return false;
  if (!failing.every((name) => FAILURES_THE_TEMPLATES_SETTLE.has(name))) return false;
  if (mrz.repairs.length > 0) return false;
  return read.every((line) => line.scores.every((score) => score >= MIN_CHARACTER_SCORE_BESIDE_FAILED_CHECK));
}

/**
 * Background print showing through the filler padding (a guilloche line across a '<') matches no glyph well, and
 * the best template it finds is some letter: 'P<AUTHUBER<<FLORIAN<<<2<<<', optional data '…K45<<<<<<<<X<<X<<<'.
 * A weakly matched character (below MIN_CHARACTER_SCORE) that stands after two fillers, once a field's padding has
 * begun, is therefore read as a filler in optional data, where the composite check digit covers it. In a name
 * field, which no check digit covers, it is left as read for readMrz's padding rules (character-repair.ts), which
 * clear it only where no name part can stand; a weak character they leave keeps the lines from being accepted.
 */
export function weakMarksAsFillers(lines: TemplateLineReading[], layout: MrzLayout): string[] {
  const chars = lines.map((l) => [...l.text]);
  for (const field of layout.fields.filter((f) => f.kind === 'optional')) {
    const [row, start, end] = field.span;
    if (!chars[row]) continue;
    for (let x = start + PADDING_START.optional; x < end; x += 1) {
      const paddingBegun = chars[row].slice(x - PADDING_START.optional, x).every((c) => c === FILLER);
      if (paddingBegun && chars[row][x] !== FILLER && lines[row].scores[x] < MIN_CHARACTER_SCORE) chars[row][x] = FILLER;
    }
  }
  return chars.map((c) => c.join(''));
}

/** The region as a level grey strip at the photo's own scale (capped at MAX_STRIP_HEIGHT rows). */
export async function greyStrip(image: RgbImage, region: OrientedBox): Promise<GreyStrip> {
  const height = Math.max(8, Math.min(MAX_STRIP_HEIGHT, Math.round(region.thickness)));
  const width = Math.max(8, Math.round((region.length * height) / region.thickness));
  return { data: await sampleGreyStrip(image, region, width, height), width, height };
}
