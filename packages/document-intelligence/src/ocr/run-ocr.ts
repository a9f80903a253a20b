import { detectTextBoxes } from './detect-text-boxes';
import { arrangeInReadingOrder } from './reading-order';
import { recogniseText } from './recognise-text';
import { getOcrSessions } from './sessions';
import { type OcrLine, type OcrWord, type RgbImage } from './types';

/** Words below this recognition confidence are noise (texture, guilloche) rather than text. */
const MIN_WORD_CONFIDENCE = 0.5;

/** Detection → recognition → reading order over one image. */
export async function runOcr(image: RgbImage): Promise<OcrLine[]> {
  const sessions = await getOcrSessions();
  const boxes = await detectTextBoxes(sessions.detection, image);
  const words: OcrWord[] = [];
  for (const { box } of boxes) {
    const { text, confidence } = await recogniseText(sessions.recognition, sessions.characters, image, box);
    if (text.trim().length > 0 && confidence >= MIN_WORD_CONFIDENCE) words.push({ text: text.trim(), confidence, box });
  }
  return arrangeInReadingOrder(words);
}
