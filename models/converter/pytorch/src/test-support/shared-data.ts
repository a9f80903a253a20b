import { join, resolve } from 'path';

/** The shared data folder beside the repository (CI clones with shared/ next to it). */
export const SILENT_FACE_DIR = join(
  process.env.KYC_SHARED_DIR ?? resolve(__dirname, '..', '..', '..', '..', '..', '..', 'shared'),
  'data',
  'models',
  'silent-face',
);
export const MODELS_DIR = resolve(__dirname, '..', '..', '..', '..');
