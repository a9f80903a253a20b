import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildAllModels, type BuiltModel } from './build';

/**
 * The build step of @kyc/models (`npm run build`, and so `npm test` and `npm start`): writes the
 * face-api models into models/. They are build outputs, not committed files (the largest is 22 MB):
 * the converter makes them from the weights in the pinned @vladmandic/face-api npm package, and
 * manifest.json records the sha256 each must have. A build whose bytes differ from the manifest
 * (another package version, a converter change) fails here, so no service ever loads a model the
 * manifest does not describe; `npm run models:build` is how the manifest is deliberately changed.
 */

interface ManifestEntry {
  file: string;
  sha256: string;
}

export function modelsThatDifferFromManifest(built: BuiltModel[], manifest: { models: ManifestEntry[] }): string[] {
  return built.flatMap((model) => {
    const recorded = manifest.models.find((entry) => entry.file === model.file)?.sha256;
    return recorded === model.sha256 ? [] : [`${model.file}: built sha256 ${model.sha256}, manifest ${recorded ?? 'has no entry'}`];
  });
}

function sha256OfFile(path: string): string | undefined {
  return existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : undefined;
}

function main(): void {
  const root = resolve(__dirname, '..');
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { models: ManifestEntry[] };
  const built = buildAllModels();
  const mismatches = modelsThatDifferFromManifest(built, manifest);
  if (mismatches.length > 0) {
    throw new Error(
      `face models do not match models/manifest.json (run npm run models:build to change it on purpose):\n  ${mismatches.join('\n  ')}`,
    );
  }
  for (const model of built) {
    const path = join(root, model.file);
    if (sha256OfFile(path) === model.sha256) continue;
    writeFileSync(path, model.bytes);
    console.log(`${model.file}  ${model.bytes.length} bytes  sha256 ${model.sha256}`);
  }
}

if (require.main === module) main();
