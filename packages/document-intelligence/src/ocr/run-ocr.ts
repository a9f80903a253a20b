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

/** Detection → recognition → reading order over one image. */
export async function runOcr(image: RgbImage): Promise<OcrLine[]> {
  const sessions = await getOcrSessions();
  const boxes = await detectTextBoxes(sessions.detection, image);
  const recognitions = await recogniseTexts(sessions.recognition, sessions.characters, image, boxes.map((b) => padHorizontally(b.box, image)));
  const words: OcrWord[] = [];
  recognitions.forEach(({ text, confidence }, i) => {
    if (text.trim().length > 0 && confidence >= MIN_WORD_CONFIDENCE) words.push({ text: text.trim(), confidence, box: boxes[i].box });
  });
  return arrangeInReadingOrder(words);
}
