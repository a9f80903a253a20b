import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The shared development data sits beside the checkout: <root>/../shared/data. */
export const SHARED_DATA_DIR = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'data');
export const MRZ_DEV_DIR = join(SHARED_DATA_DIR, 'mrz-dev');

export function mrzDevAvailable(): boolean {
  return existsSync(join(MRZ_DEV_DIR, 'labels.csv'));
}

export function mrzDevImage(file: string): Buffer {
  return readFileSync(join(MRZ_DEV_DIR, file));
}

/** Levenshtein distance / reference length. */
export function characterErrorRate(read: string, reference: string): number {
  const d: number[][] = Array.from({ length: read.length + 1 }, (_, i) => [i, ...new Array<number>(reference.length).fill(0)]);
  for (let j = 1; j <= reference.length; j += 1) d[0][j] = j;
  for (let i = 1; i <= read.length; i += 1) {
    for (let j = 1; j <= reference.length; j += 1) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (read[i - 1] === reference[j - 1] ? 0 : 1));
    }
  }
  return d[read.length][reference.length] / Math.max(1, reference.length);
}
