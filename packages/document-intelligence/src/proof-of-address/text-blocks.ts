import { type OcrLine, type OcrWord } from '../ocr/types';

/**
 * A page's text as blocks of consecutive lines that belong together (an address block, a box of invoice data).
 * A letter sets the addressee on the left and the date box on the right of the same rows; the OCR reads each
 * row across both, so rows are cut at wide gaps and the pieces regrouped by column.
 */
export type TextBlock = string[];

/** A horizontal gap wider than this many line heights separates two columns on one row. */
const COLUMN_GAP_HEIGHTS = 2.2;
/** A piece continues a block when it starts this close (in line heights) to the block's left edge… */
const SAME_COLUMN_HEIGHTS = 1.5;
/** …and lies at most this many line heights below the block's last piece. */
const MAX_LINE_GAP_HEIGHTS = 2.2;

interface Piece {
  text: string;
  x: number;
  top: number;
  bottom: number;
  height: number;
}

function piecesOf(line: OcrLine): Piece[] {
  const pieces: OcrWord[][] = [];
  for (const word of line.words) {
    const current = pieces[pieces.length - 1];
    const previous = current?.[current.length - 1];
    const height = Math.max(1, Math.min(word.box.height, previous?.box.height ?? word.box.height));
    if (previous && word.box.x - (previous.box.x + previous.box.width) <= COLUMN_GAP_HEIGHTS * height) current.push(word);
    else pieces.push([word]);
  }
  return pieces.map((words) => {
    const top = Math.min(...words.map((w) => w.box.y));
    const bottom = Math.max(...words.map((w) => w.box.y + w.box.height));
    return {
      text: words.map((w) => w.text).join(' '),
      x: words[0].box.x,
      top,
      bottom,
      height: Math.max(1, Math.min(...words.map((w) => w.box.height))),
    };
  });
}

/** OCR lines (reading order) → blocks in order of their first line; plain strings: blocks split at blank lines. */
export function textBlocks(lines: readonly OcrLine[] | readonly string[]): TextBlock[] {
  if (lines.every((l): l is string => typeof l === 'string')) return blocksOfStrings(lines as readonly string[]);
  const blocks: Piece[][] = [];
  for (const line of lines as readonly OcrLine[]) {
    if (line.words.length === 0) continue;
    for (const piece of piecesOf(line)) {
      const block = blocks.find((b) => {
        const last = b[b.length - 1];
        const unit = Math.max(piece.height, last.height);
        return (
          Math.abs(b[0].x - piece.x) <= SAME_COLUMN_HEIGHTS * unit &&
          piece.top >= last.top &&
          piece.top - last.bottom <= MAX_LINE_GAP_HEIGHTS * unit &&
          last !== piece
        );
      });
      if (block) block.push(piece);
      else blocks.push([piece]);
    }
  }
  return blocks.map((b) => b.map((p) => p.text.trim()).filter((t) => t.length > 0)).filter((b) => b.length > 0);
}

function blocksOfStrings(lines: readonly string[]): TextBlock[] {
  const blocks: TextBlock[] = [[]];
  for (const line of lines) {
    const text = line.trim();
    if (text) blocks[blocks.length - 1].push(text);
    else if (blocks[blocks.length - 1].length > 0) blocks.push([]);
  }
  return blocks.filter((b) => b.length > 0);
}
