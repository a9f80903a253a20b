import { readFileSync } from 'fs';
import { join, resolve } from 'path';
import { type FaceBox } from '../liveness/types';

/** Upstream's sample images, in the shared data folder beside the repository. */
export const SPOOF_DEV_DIR = join(
  process.env.KYC_SHARED_DIR ?? resolve(__dirname, '..', '..', '..', '..', '..', 'shared'),
  'data',
  'spoof-dev',
);

/** Hand-measured face boxes (see the JSON's "about"). */
export const SPOOF_DEV_BOXES = (
  JSON.parse(readFileSync(resolve(__dirname, '..', '..', 'test-data', 'spoof-dev-face-boxes.json'), 'utf8')) as {
    boxes: Record<string, FaceBox>;
  }
).boxes;
