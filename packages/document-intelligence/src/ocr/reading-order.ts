import { type Box, type OcrLine, type OcrWord } from './types';

/**
 * Groups words into rows (a word joins a row when its vertical centre lies within the row's band) and reads
 * rows top to bottom, words left to right — the order of Latin-script documents.
 */
export function arrangeInReadingOrder(words: OcrWord[]): OcrLine[] {
  const sorted = [...words].sort((a, b) => centreY(a.box) - centreY(b.box));
  const rows: OcrWord[][] = [];
  for (const word of sorted) {
    const row = rows.find((r) => {
      const band = unionBox(r.map((w) => w.box));
      const c = centreY(word.box);
      return c >= band.y && c <= band.y + band.height && Math.abs(word.box.height - band.height) < Math.max(word.box.height, band.height) * 0.6;
    });
    if (row) row.push(word);
    else rows.push([word]);
  }
  return rows
    .map((row) => row.sort((a, b) => a.box.x - b.box.x))
    .map((row) => ({
      words: row,
      text: row.map((w) => w.text).join(' '),
      confidence: row.reduce((s, w) => s + w.confidence, 0) / row.length,
      box: unionBox(row.map((w) => w.box)),
    }))
    .sort((a, b) => a.box.y - b.box.y);
}

function centreY(box: Box): number {
  return box.y + box.height / 2;
}

export function unionBox(boxes: Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}
