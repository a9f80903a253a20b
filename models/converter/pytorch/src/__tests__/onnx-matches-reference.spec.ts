import { readFileSync } from 'fs';
import { join } from 'path';
import * as ort from 'onnxruntime-node';
import { readLegacyStateDict } from '../legacy-torch-reader';
import { SILENT_FACE_MODELS } from '../silent-face-models';
import { ReferenceMiniFasNet } from '../test-support/reference-forward';
import { MODELS_DIR, SILENT_FACE_DIR } from '../test-support/shared-data';

/**
 * The committed ONNX files against an unfolded float64 forward pass of MiniFASNet.py, on inputs
 * shaped like the real ones (BGR 0-255): a smooth face-like gradient and seeded noise.
 */
function inputs(size: number): Array<{ name: string; data: Float64Array }> {
  let seed = 7;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const gradient = new Float64Array(3 * size * size);
  const noise = new Float64Array(3 * size * size);
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const i = (c * size + y) * size + x;
        gradient[i] = 60 + 40 * c + 80 * Math.exp(-((x - size / 2) ** 2 + (y - size / 2) ** 2) / (2 * (size / 4) ** 2));
        noise[i] = 255 * random();
      }
    }
  }
  return [
    { name: 'gradient', data: gradient },
    { name: 'noise', data: noise },
  ];
}

describe.each(SILENT_FACE_MODELS.map((spec) => [spec.onnxFile, spec] as const))('%s', (_file, spec) => {
  it('gives the logits of the unfolded PyTorch definition (|Δ| < 1e-3, same softmax to 1e-4)', async () => {
    const reference = new ReferenceMiniFasNet(readLegacyStateDict(readFileSync(join(SILENT_FACE_DIR, spec.sourceFile))));
    const session = await ort.InferenceSession.create(join(MODELS_DIR, spec.onnxFile));
    for (const input of inputs(spec.inputSize)) {
      const expected = reference.forward(input.data, spec.inputSize);
      const tensor = new ort.Tensor('float32', Float32Array.from(input.data), [1, 3, spec.inputSize, spec.inputSize]);
      const result = await session.run({ input: tensor });
      const logits = Array.from(result.logits.data as Float32Array);
      const probabilities = Array.from(result.probabilities.data as Float32Array);
      logits.forEach((value, i) => expect(Math.abs(value - expected[i])).toBeLessThan(1e-3));
      const max = Math.max(...expected);
      const exp = expected.map((v) => Math.exp(v - max));
      const total = exp.reduce((a, b) => a + b, 0);
      probabilities.forEach((p, i) => expect(Math.abs(p - exp[i] / total)).toBeLessThan(1e-4));
    }
    await session.release();
  }, 60_000);
});
