import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { FACE_MODELS } from './face-models';
import { readWeightsManifest } from './tfjs/weights-manifest';

/**
 * `npm run models:build`: writes models/*.onnx from the weights in the @vladmandic/face-api npm
 * package, then models/manifest.json and the licence notice. Deterministic: the same package
 * version gives the same bytes (checked by build.test.ts against the manifest's sha256).
 */

export interface BuiltModel {
  file: string;
  bytes: Uint8Array;
  sha256: string;
}

export function faceApiPackageDir(): string {
  return dirname(require.resolve('@vladmandic/face-api/package.json'));
}

export function buildAllModels(): BuiltModel[] {
  const modelDir = join(faceApiPackageDir(), 'model');
  return FACE_MODELS.map((spec) => {
    const bytes = spec.build(readWeightsManifest(join(modelDir, spec.weightsManifest)));
    return { file: spec.file, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
}

/**
 * The manifest with this converter's entries replaced; entries other converters own (e.g. the
 * PyTorch liveness models) are kept as they are. Sorted by file, so the bytes are stable.
 */
export function buildManifest(built: BuiltModel[], existing: { models: { file: string }[] } = { models: [] }): string {
  const pkg = JSON.parse(readFileSync(join(faceApiPackageDir(), 'package.json'), 'utf8')) as { version: string; license: string };
  const models = FACE_MODELS.map((spec) => {
    const model = built.find((b) => b.file === spec.file);
    if (!model) throw new Error(`${spec.file} not built`);
    return {
      file: spec.file,
      sha256: model.sha256,
      description: spec.description,
      source: {
        package: '@vladmandic/face-api',
        version: pkg.version,
        files: [`model/${spec.weightsManifest}`, `model/${spec.weightsManifest.replace('-weights_manifest.json', '.bin')}`],
        upstream: 'https://github.com/justadudewhohacks/face-api.js (weights), https://github.com/vladmandic/face-api (package)',
      },
      licence: `${pkg.license} (as stated by @vladmandic/face-api and face-api.js); see LICENSES/face-api.txt`,
      inputs: spec.inputs,
      outputs: spec.outputs,
      preprocessing: spec.preprocessing,
      builtBy: 'npm run models:build (models/converter/build.ts)',
    };
  });
  const ownFiles = new Set(models.map((m) => m.file));
  const merged = [...existing.models.filter((m) => !ownFiles.has(m.file)), ...models].sort((a, b) => a.file.localeCompare(b.file));
  return JSON.stringify({ models: merged }, null, 2) + '\n';
}

function main(): void {
  const root = resolve(__dirname, '..');
  const built = buildAllModels();
  for (const model of built) {
    writeFileSync(join(root, model.file), model.bytes);
    console.log(`${model.file}  ${model.bytes.length} bytes  sha256 ${model.sha256}`);
  }
  const manifestPath = join(root, 'manifest.json');
  const existing = JSON.parse(readFileSync(manifestPath, 'utf8')) as { models: { file: string }[] };
  writeFileSync(manifestPath, buildManifest(built, existing));
  copyFileSync(join(faceApiPackageDir(), 'LICENSE'), join(root, 'LICENSES', 'vladmandic-face-api.LICENSE'));
  console.log('manifest.json written');
}

if (require.main === module) main();
