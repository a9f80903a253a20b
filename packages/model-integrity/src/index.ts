import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A model file whose bytes are not the ones recorded for it. */
export class ModelIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelIntegrityError';
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The bytes of `path`, read once and checked against `expectedSha256` before any runtime sees
 * them. Loading from the checked bytes (not the path again) leaves no window to swap the file.
 */
export function readVerifiedModel(path: string, expectedSha256: string): Buffer {
  if (!SHA256_HEX.test(expectedSha256)) throw new ModelIntegrityError(`no valid sha256 is recorded for ${basename(path)}`);
  if (!existsSync(path)) throw new ModelIntegrityError(`model ${path} is missing`);
  const bytes = readFileSync(path);
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== expectedSha256)
    throw new ModelIntegrityError(
      `model ${basename(path)} has sha256 ${actual}, but ${expectedSha256} is recorded for it: the file was changed, truncated or not rebuilt`,
    );
  return bytes;
}

interface ManifestEntry {
  file: string;
  sha256: string;
}

/** The sha256 recorded for `file` in a manifest of the shape `{ models: [{ file, sha256 }] }`. */
export function manifestDigest(manifestPath: string, file: string): string {
  if (!existsSync(manifestPath)) throw new ModelIntegrityError(`model manifest ${manifestPath} is missing`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { models?: ManifestEntry[] };
  const entry = manifest.models?.find((m) => m.file === file);
  if (!entry) throw new ModelIntegrityError(`${file} is not listed in ${manifestPath}`);
  return entry.sha256;
}

/** A model in a directory with a `manifest.json` beside it, read verified. */
export function readModelListedInManifest(path: string, manifestPath = join(dirname(path), 'manifest.json')): Buffer {
  return readVerifiedModel(path, manifestDigest(manifestPath, basename(path)));
}
