import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAllModels, buildManifest } from '../build';

/** models:build is reproducible: a fresh build matches the committed .onnx files and manifest byte for byte. */
describe('models:build', () => {
  const root = join(__dirname, '../..');
  const built = buildAllModels();
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { models: { file: string; sha256: string }[] };

  it.each(built.map((b) => [b.file, b] as const))('%s rebuilds to the sha256 in manifest.json and on disk', (file, model) => {
    const entry = manifest.models.find((m) => m.file === file);
    expect(entry?.sha256).toBe(model.sha256);
    expect(createHash('sha256').update(readFileSync(join(root, file))).digest('hex')).toBe(model.sha256);
  });

  it('rebuilds manifest.json identically', () => {
    const committed = readFileSync(join(root, 'manifest.json'), 'utf8');
    expect(buildManifest(built, JSON.parse(committed))).toBe(committed);
  });
});
