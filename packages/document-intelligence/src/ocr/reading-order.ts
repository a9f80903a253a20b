import { dominantAngle, positionInFrame } from './oriented-box';
import { type Box, type OcrLine, type OcrWord } from './types';

/** Words at least this elongated say which way the page's lines run. */
const MIN_DIRECTION_ELONGATION = 3;

/**
 * Groups words into rows and reads rows top to bottom, words left to right — the order of Latin-script
 * documents — in the page's own frame: positions are measured along and across the dominant text direction,
 * so the lines of a photo taken at an angle do not interleave.
 */
export function arrangeInReadingOrder(words: OcrWord[]): OcrLine[] {
  const angle = dominantAngle(
    words.map((w) => w.region),
    MIN_DIRECTION_ELONGATION,
  );
  const placed = words.map((word) => ({ word, ...positionInFrame(word.region, angle), thickness: word.region.thickness }));
  placed.sort((a, b) => a.across - b.across);
  const rows: (typeof placed)[] = [];
  for (const item of placed) {
    // A word joins a row when its centre lies within the row's band and its height is similar. A whole MRZ line
    // keeps its row to itself: specks or guilloche the detector boxed beside it would otherwise be read into it.
    const row = item.word.wholeLine
      ? undefined
      : rows.find((r) => {
          if (r.some((w) => w.word.wholeLine)) return false;
          const top = Math.min(...r.map((w) => w.across - w.thickness / 2));
          const bottom = Math.max(...r.map((w) => w.across + w.thickness / 2));
          const band = bottom - top;
          return item.across >= top && item.across <= bottom && Math.abs(item.thickness - band) < Math.max(item.thickness, band) * 0.6;
        });
    if (row) row.push(item);
    else rows.push([item]);
  }
  return rows
    .map((row) => row.sort((a, b) => a.along - b.along))
    .map((row) => ({ row, across: row.reduce((s, w) => s + w.across, 0) / row.length }))
    .sort((a, b) => a.across - b.across)
    .map(({ row }) => lineOfWords(row.map((w) => w.word)));
}

/** One line of the given words, in the given order: their text joined by spaces, mean confidence, joint box. */
export function lineOfWords(words: OcrWord[]): OcrLine {
  return {
    words,
    text: words.map((w) => w.text).join(' '),
    confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length,
    box: unionBox(words.map((w) => w.box)),
  };
}

/**
 * Lines put top to bottom in the page's frame, each line kept as it is: for lines read in separate passes (rows
 * read again beside rows kept from the first pass) that must be searched for an MRZ in the order they are printed.
 */
export function sortLinesTopToBottom(lines: OcrLine[]): OcrLine[] {
  const angle = dominantAngle(
    lines.flatMap((l) => l.words.map((w) => w.region)),
    MIN_DIRECTION_ELONGATION,
  );
  const across = (line: OcrLine) =>
    line.words.reduce((sum, w) => sum + positionInFrame(w.region, angle).across, 0) / Math.max(1, line.words.length);
  return lines
    .map((line) => ({ line, across: across(line) }))
    .sort((a, b) => a.across - b.across)
    .map(({ line }) => line);
}

export function unionBox(boxes: Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}
