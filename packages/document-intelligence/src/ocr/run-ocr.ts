import { detectTextBoxes } from './detect-text-boxes';
import { arrangeInReadingOrder } from './reading-order';
import { recogniseTexts } from './recognise-text';
import { getOcrSessions } from './sessions';
import { type Box, type OcrLine, type OcrWord, type RgbImage } from './types';

/** Words below this recognition confidence are noise (texture, guilloche) rather than text. */
const MIN_WORD_CONFIDENCE = 0.5;

/**
 * The recogniser drops a thin first or last glyph ('I', '1') when the crop ends right at the ink; a margin of
 * a quarter of the line height on each side keeps it.
 */
function padHorizontally(box: Box, image: RgbImage): Box {
  const margin = Math.round(box.height * 0.25);
  const x = Math.max(0, box.x - margin);
  const right = Math.min(image.width, box.x + box.width + margin);
  return { ...box, x, width: right - x };
}

export interface OcrOptions {
  /**
   * Says which recognised words are dense monospace text (the MRZ). Those crops are read again stretched
   * 1.5× horizontally: more CTC time steps per glyph, so runs of one character ('111', '<<<') are not merged.
   * The second reading replaces the first whatever it says; nothing is chosen by content.
   */
  isDenseText?: (text: string) => boolean;
}

const DENSE_TEXT_STRETCH = 1.5;

/** Detection → recognition → reading order over one image. */
export async function runOcr(image: RgbImage, options: OcrOptions = {}): Promise<OcrLine[]> {
  const sessions = await getOcrSessions();
  const boxes = (await detectTextBoxes(sessions.detection, image)).map((b) => padHorizontally(b.box, image));
  const recognitions = await recogniseTexts(sessions.recognition, sessions.characters, image, boxes);
  const dense = options.isDenseText ? recognitions.map((r, i) => (options.isDenseText?.(r.text) ? i : -1)).filter((i) => i >= 0) : [];
  if (dense.length > 0) {
    const again = await recogniseTexts(sessions.recognition, sessions.characters, image, dense.map((i) => boxes[i]), DENSE_TEXT_STRETCH);
    dense.forEach((boxIndex, k) => { recognitions[boxIndex] = again[k]; });
  }
  const words: OcrWord[] = [];
  recognitions.forEach(({ text, confidence }, i) => {
    if (text.trim().length > 0 && confidence >= MIN_WORD_CONFIDENCE) words.push({ text: text.trim(), confidence, box: boxes[i] });
  });
  return arrangeInReadingOrder(words);
}
