import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SHARED_DATA_DIR } from '@kyc/verification-fixtures';
import { type AttackImage, type Identity } from './case-plan';

/** The real development sets eval:pipeline reads from ../shared/data (each set's SOURCE.md says where they come from). */
export const DATA_DIR = process.env.KYC_SHARED_DIR ? join(process.env.KYC_SHARED_DIR, 'data') : SHARED_DATA_DIR;

/** The first `count` comma-separated fields of each data row (the columns used here never hold commas; notes after them may). */
function rows(file: string, count: number): string[][] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim())
    .map((line) =>
      line
        .split(',')
        .slice(0, count)
        .map((cell) => cell.trim()),
    );
}

/** faces-real-dev's identities (identities.csv: file,identity), photos as absolute paths, in name order. */
export function loadIdentities(dir = join(DATA_DIR, 'faces-real-dev')): Identity[] {
  const file = join(dir, 'identities.csv');
  if (!existsSync(file)) throw new Error(`${file} is missing: ../shared/data/faces-real-dev must sit beside the checkout`);
  const byName = new Map<string, string[]>();
  for (const [photo, identity] of rows(file, 2)) byName.set(identity, [...(byName.get(identity) ?? []), join(dir, photo)]);
  return [...byName.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([name, photos]) => ({ name, photos: photos.sort() }));
}

/** The presentation attacks of spoof-real-dev and spoof-dev (labels.csv rows labelled spoof), those present. */
export function loadAttacks(): AttackImage[] {
  const attacks: AttackImage[] = [];
  for (const set of ['spoof-real-dev', 'spoof-dev']) {
    const labels = join(DATA_DIR, set, 'labels.csv');
    if (!existsSync(labels)) continue;
    for (const [file, label, attackType] of rows(labels, 3)) {
      if (label === 'spoof') attacks.push({ file: join(dirname(labels), file), set, attackType: attackType || 'unknown' });
    }
  }
  return attacks;
}

/** A pairs csv (img1,img2,same; paths relative to it) with absolute paths. */
export function loadPairs(file: string): Array<{ img1: string; img2: string; same: boolean }> {
  return rows(file, 3).map(([img1, img2, same]) => ({
    img1: join(dirname(file), img1),
    img2: join(dirname(file), img2),
    same: same === '1' || same.toLowerCase() === 'true',
  }));
}
