import { existsSync, readFileSync, writeFileSync } from 'fs';
import { join, resolve } from 'path';
import { convertSilentFaceModel, type ManifestEntry } from './convert-silent-face';
import { SILENT_FACE_MODELS, SILENT_FACE_SOURCE } from './silent-face-models';

/**
 * `npm run models:build` (PyTorch part): converts the Silent-Face checkpoints from the shared data
 * folder into models/*.onnx, updates their entries in models/manifest.json (other converters'
 * entries are kept) and copies the upstream licence. Running it twice gives identical bytes.
 */

const MODELS_DIR = resolve(__dirname, '..', '..', '..');
const REPO_ROOT = resolve(MODELS_DIR, '..');

function silentFaceDir(): string {
  const shared = process.env.KYC_SHARED_DIR ?? resolve(REPO_ROOT, '..', 'shared');
  return join(shared, 'data', 'models', 'silent-face');
}

interface Manifest {
  models: ManifestEntry[];
}

function readManifest(path: string): Manifest {
  if (!existsSync(path)) return { models: [] };
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Manifest>;
  return { models: Array.isArray(parsed.models) ? parsed.models : [] };
}

function main(): void {
  const sourceDir = silentFaceDir();
  const manifestPath = join(MODELS_DIR, 'manifest.json');
  const manifest = readManifest(manifestPath);
  for (const spec of SILENT_FACE_MODELS) {
    const checkpointPath = join(sourceDir, spec.sourceFile);
    if (!existsSync(checkpointPath)) throw new Error(`Checkpoint missing: ${checkpointPath} (set KYC_SHARED_DIR)`);
    const { onnx, manifest: entry } = convertSilentFaceModel(spec, readFileSync(checkpointPath));
    writeFileSync(join(MODELS_DIR, spec.onnxFile), onnx);
    manifest.models = manifest.models.filter((m) => m.file !== entry.file).concat(entry);
    process.stdout.write(`${spec.onnxFile}: ${onnx.length} bytes, sha256 ${entry.sha256}\n`);
  }
  manifest.models.sort((a, b) => a.file.localeCompare(b.file));
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  // Apache-2.0 §4(b): modified files carry a notice saying they were changed.
  const notice = [
    'Silent-Face-Anti-Spoofing (MiniFASNetV2, MiniFASNetV1SE weights)',
    `Source: ${SILENT_FACE_SOURCE.repository} at commit ${SILENT_FACE_SOURCE.commit}, resources/anti_spoof_models/`,
    'Copyright Minivision; licensed under the Apache License, Version 2.0 (full text below).',
    `Changed by this project: converted from PyTorch to ONNX (${SILENT_FACE_MODELS.map((m) => m.onnxFile).join(', ')}),`,
    'BatchNorm folded into the preceding convolutions, dropout removed, softmax appended.',
    '',
    '----------------------------------------------------------------------------',
    '',
  ].join('\n');
  writeFileSync(join(MODELS_DIR, SILENT_FACE_SOURCE.licenceFile), notice + readFileSync(join(sourceDir, 'LICENSE'), 'utf8'));
}

main();
