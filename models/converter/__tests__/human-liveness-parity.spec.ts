import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import * as tfc from '@tensorflow/tfjs-converter';
import * as ort from 'onnxruntime-node';
import { CACHE_DIR, HUMAN_CANDIDATES } from '../human-candidates';
import { convertGraphModel } from '../tfjs/graph-model-to-onnx';

/**
 * Human's two anti-spoofing models (liveness candidates of eval:liveness --candidates), converted
 * op by op, against TensorFlow.js running the same graph model. Needs the package fetched by
 * `npm run models:candidates` (.cache/human-models, 144 MB, not fetched in CI): skipped without it.
 */

const modelsDir = join(CACHE_DIR, 'package', 'models');
const present = existsSync(join(modelsDir, 'antispoof.json')) && existsSync(join(modelsDir, 'liveness.json'));

async function tfjsModel(jsonPath: string): Promise<tfc.GraphModel> {
  const json = JSON.parse(readFileSync(jsonPath, 'utf8'));
  const groups = json.weightsManifest as { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  const data = Buffer.concat(groups.flatMap((g) => g.paths.map((p) => readFileSync(join(dirname(jsonPath), p)))));
  return tfc.loadGraphModel({
    load: async () => ({
      modelTopology: json.modelTopology,
      weightSpecs: groups.flatMap((g) => g.weights),
      weightData: data.buffer.slice(data.byteOffset, data.byteOffset + data.length),
      format: json.format,
    }),
  });
}

function seeded(n: number, seed: number): Float32Array {
  let state = seed;
  return Float32Array.from({ length: n }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  });
}

(present ? describe : describe.skip)('Human anti-spoofing models converted to ONNX', () => {
  beforeAll(() => tf.setBackend('cpu'));

  it.each([
    ['antispoof.json', 128, 1],
    ['liveness.json', 32, 2],
  ])('%s gives TF.js outputs to 1e-5 on [0,1] inputs', async (model, size, outputs) => {
    const candidate = HUMAN_CANDIDATES.find((c) => c.model === model)!;
    const bytes = convertGraphModel(join(modelsDir, model), { outputs: candidate.outputs, graphName: 'test', docString: '' });
    const session = await ort.InferenceSession.create(bytes);
    const reference = await tfjsModel(join(modelsDir, model));
    const seen: number[] = [];
    for (let seed = 1; seed <= 6; seed++) {
      // smooth images (a face-like low-frequency field) and noise
      const input =
        seed % 2
          ? seeded(size * size * 3, seed)
          : Float32Array.from({ length: size * size * 3 }, (_, i) => (Math.sin(i / (40 * seed)) + 1) / 2);
      const expected = await (reference.execute(tf.tensor4d(input, [1, size, size, 3])) as tf.Tensor).data();
      const actual = (await session.run({ input: new ort.Tensor('float32', input, [1, size, size, 3]) }))[session.outputNames[0]]
        .data as Float32Array;
      expect(actual).toHaveLength(outputs);
      for (let i = 0; i < outputs; i++) expect(Math.abs(actual[i] - expected[i])).toBeLessThan(1e-5);
      seen.push(actual[0]);
    }
    // the inputs are told apart (the graph is not collapsed to a constant)
    expect(Math.max(...seen) - Math.min(...seen)).toBeGreaterThan(0.01);
  });
});
