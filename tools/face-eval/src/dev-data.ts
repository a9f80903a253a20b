import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The development data sets beside the repository (`../shared/data`, or `$KYC_SHARED_DIR/data`):
 * never copied into the project, read by the evals and by the accuracy floors when present.
 *
 * - faces-dev: 150x150 TV-still crops, pairs_all.csv (img1,img2,same).
 * - faces-real-dev: real unconstrained photos, pairs.csv (img1,img2,same); identities.csv
 *   (file,identity) lists its photos, all of them bona fide captures of a live person.
 * - spoof-dev: upstream Silent-Face samples, labels.csv (file,label); face boxes measured by hand.
 * - spoof-real-dev: real live captures and attacks, labels.csv (file,label,attack_type,note).
 */
export const SHARED_DATA_DIR = join(process.env.KYC_SHARED_DIR ?? resolve(__dirname, '..', '..', '..', '..', 'shared'), 'data');

export interface PairSetFile {
  name: string;
  /** A csv with img1,img2,same columns, image paths relative to it. */
  file: string;
}

export interface LivenessSetFile {
  name: string;
  file: string;
  /** 'labelled': file,label[,attack_type] columns; 'live-only': every file listed is a bona fide capture. */
  kind: 'labelled' | 'live-only';
}

export const FACE_PAIR_SETS: readonly PairSetFile[] = [
  { name: 'faces-dev', file: 'faces-dev/pairs_all.csv' },
  { name: 'faces-real-dev', file: 'faces-real-dev/pairs.csv' },
];

export const LIVENESS_SETS: readonly LivenessSetFile[] = [
  { name: 'spoof-dev', file: 'spoof-dev/labels.csv', kind: 'labelled' },
  { name: 'spoof-real-dev', file: 'spoof-real-dev/labels.csv', kind: 'labelled' },
  { name: 'faces-real-dev', file: 'faces-real-dev/identities.csv', kind: 'live-only' },
];

/** The sets of `sets` whose csv exists under `dataDir`, with absolute paths. */
export function presentSets<T extends { file: string }>(sets: readonly T[], dataDir = SHARED_DATA_DIR): T[] {
  return sets.map((set) => ({ ...set, file: join(dataDir, set.file) })).filter((set) => existsSync(set.file));
}

/** A set's name from a csv path given on the command line: the known set whose file it is, else its folder's name. */
export function setNameFor(csvPath: string, known: readonly { name: string; file: string }[]): string {
  const path = resolve(csvPath);
  const match = known.find((set) => path.endsWith(`/${set.file}`));
  return match?.name ?? path.split('/').slice(-2, -1)[0] ?? path;
}

/** RFC-4180-style csv: a header row, fields optionally double-quoted (commas and "" inside quotes). */
export function readCsv(path: string): Record<string, string>[] {
  const rows = parseCsv(readFileSync(path, 'utf8'));
  if (rows.length === 0) return [];
  const header = rows[0].map((h) => h.trim());
  return rows
    .slice(1)
    .filter((cells) => cells.some((c) => c.trim().length > 0))
    .map((cells) => Object.fromEntries(header.map((h, i) => [h, (cells[i] ?? '').trim()])));
}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
