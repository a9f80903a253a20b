import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCharacterTable, locateOcrModels } from './model-files';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'ocr-models.json'), 'utf8')) as {
  files: { path: string; sha256: string }[];
};

describe('OCR model files', () => {
  it('are the ones recorded in ocr-models.json (sha256)', () => {
    const files = locateOcrModels();
    for (const path of [files.detection, files.recognition, files.dictionary]) {
      const entry = manifest.files.find((f) => path.endsWith(f.path));
      expect(entry).toBeDefined();
      expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(entry?.sha256);
    }
  });

  it('build the CTC class table: blank, the dictionary, then space', () => {
    const table = loadCharacterTable(locateOcrModels().dictionary);
    expect(table[0]).toBe('');
    expect(table).toHaveLength(6625);
    expect(table[table.length - 1]).toBe(' ');
    expect(table).toContain('<');
  });
});
