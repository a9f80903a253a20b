import { readFileSync } from 'fs';
import { join } from 'path';
import { convertSilentFaceModel, sha256 } from '../convert-silent-face';
import { SILENT_FACE_MODELS } from '../silent-face-models';
import { MODELS_DIR, SILENT_FACE_DIR } from '../test-support/shared-data';

describe('convertSilentFaceModel', () => {
  it.each(SILENT_FACE_MODELS.map((spec) => [spec.onnxFile, spec] as const))('reproduces the committed %s byte for byte', (_file, spec) => {
    const checkpoint = readFileSync(join(SILENT_FACE_DIR, spec.sourceFile));
    const first = convertSilentFaceModel(spec, checkpoint);
    const second = convertSilentFaceModel(spec, checkpoint);
    expect(Buffer.from(second.onnx).equals(Buffer.from(first.onnx))).toBe(true);
    const committed = readFileSync(join(MODELS_DIR, spec.onnxFile));
    expect(sha256(first.onnx)).toBe(sha256(committed));
    const manifest = JSON.parse(readFileSync(join(MODELS_DIR, 'manifest.json'), 'utf8')) as {
      models: Array<{ file: string; sha256: string }>;
    };
    expect(manifest.models.find((m) => m.file === spec.onnxFile)?.sha256).toBe(sha256(committed));
  });
});
