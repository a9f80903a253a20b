import { dominantAngle, type OrientedBox, positionInFrame } from '../../ocr/oriented-box';
import { type Recognition } from '../../ocr/recognise-text';
import { sampleStrip } from '../../ocr/sample-strip';
import { type RgbImage } from '../../ocr/types';
import { readMrz } from '../read-mrz';
import { type GreyStrip, readLineByTemplate, type TemplateLineReading } from './read-line-by-template';

/**
 * Every character of an accepted template reading correlates at least this well with its template. Check
 * digits vouch for numbers and dates; names have none, so a weak letter sends the line to the recogniser.
 */
export const MIN_CHARACTER_SCORE = 0.6;
/** Strips are cut at the photo's own scale, capped here: the template grid needs ~22 rows of band, not more. */
const MAX_STRIP_HEIGHT = 64;
export const MRZ_LINE_LENGTHS = [30, 36, 44] as const;

/**
 * Reads the MRZ among long text lines with OCR-B templates: lines are read alone, then every run of two or
 * three neighbouring lines of one MRZ length is parsed, and the first run whose MRZ is valid (every check digit,
 * no anomaly) with every character matched firmly is returned as readings by line index. Anything less returns
 * nothing, and the recogniser reads those lines as before.
 */
export async function readMrzRegionsByTemplate(image: RgbImage, regions: OrientedBox[], now: Date): Promise<Map<number, Recognition>> {
  // The strips are cut together (libvips, off the JavaScript thread), then read one by one.
  const strips = await Promise.all(regions.map((region) => greyStrip(image, region)));
  const readings: (TemplateLineReading | null)[] = strips.map((strip) => readLineByTemplate(strip, MRZ_LINE_LENGTHS));
  // Which line lies above which, measured across the lines' common direction on a tilted page.
  const angle = dominantAngle(regions, 1);
  const across = regions.map((r) => positionInFrame(r, angle).across);
  const order = regions.map((_, i) => i).sort((a, b) => across[a] - across[b]);
  for (const size of [3, 2]) {
    for (let start = 0; start + size <= order.length; start += 1) {
      const window = order.slice(start, start + size);
      const lines = window.map((i) => readings[i]);
      if (lines.some((l) => !l || l.text.length !== lines[0]?.text.length)) continue;
      const firm = lines as TemplateLineReading[];
      if (firm.some((l) => Math.min(...l.scores) < MIN_CHARACTER_SCORE)) continue;
      const result = readMrz(firm.map((l) => l.text), { now });
      if (!result.ok || !result.reading.valid) continue;
      return new Map(window.map((regionIndex, k) => [regionIndex, { text: firm[k].text, confidence: firm[k].meanScore, wholeLine: true }]));
    }
  }
  return new Map();
}

/** The region as a level grey strip at the photo's own scale (capped at MAX_STRIP_HEIGHT rows). */
export async function greyStrip(image: RgbImage, region: OrientedBox): Promise<GreyStrip> {
  const height = Math.max(8, Math.min(MAX_STRIP_HEIGHT, Math.round(region.thickness)));
  const width = Math.max(8, Math.round((region.length * height) / region.thickness));
  const rgb = await sampleStrip(image, region, width, height);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i += 1) data[i] = Math.round(0.299 * rgb[3 * i] + 0.587 * rgb[3 * i + 1] + 0.114 * rgb[3 * i + 2]);
  return { data, width, height };
}
