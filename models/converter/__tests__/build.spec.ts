import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAllModels, buildManifest } from '../build';
import { modelsThatDifferFromManifest } from '../write-face-models';

/** models:build is reproducible: a fresh build matches the committed .onnx files and manifest byte for byte. */
describe('models:build', () => {
  const root = join(__dirname, '../..');
  const built = buildAllModels();
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { models: { file: string; sha256: string }[] };

  it.each(built.map((b) => [b.file, b] as const))('%s rebuilds to the sha256 in manifest.json and on disk', (file, model) => {
    const entry = manifest.models.find((m) => m.file === file);
    expect(entry?.sha256).toBe(model.sha256);
    expect(
      createHash('sha256')
        .update(readFileSync(join(root, file)))
        .digest('hex'),
    ).toBe(model.sha256);
  });

  it('rebuilds manifest.json identically', () => {
    const committed = readFileSync(join(root, 'manifest.json'), 'utf8');
    expect(buildManifest(built, JSON.parse(committed))).toBe(committed);
  });
});

describe('the build step (write-face-models)', () => {
  const built = buildAllModels();
  const manifest = JSON.parse(readFileSync(join(__dirname, '../../manifest.json'), 'utf8')) as {
    models: { file: string; sha256: string }[];
  };

  it('accepts models that match the manifest', () => {
    expect(modelsThatDifferFromManifest(built, manifest)).toEqual([]);
  });

  it('names a model whose bytes differ from the manifest, and one the manifest lacks', () => {
    const tampered = built.map((model) => (model.file === 'face-landmarks68.onnx' ? { ...model, sha256: '0'.repeat(64) } : model));
    const withoutRecogniser = { models: manifest.models.filter((m) => m.file !== 'face-recognition-resnet.onnx') };
    expect(modelsThatDifferFromManifest(tampered, withoutRecogniser)).toEqual([
      expect.stringContaining('face-landmarks68.onnx: built sha256 0000'),
      expect.stringMatching(/^face-recognition-resnet\.onnx: built sha256 [0-9a-f]{64}, manifest has no entry$/),
    ]);
  });
});
