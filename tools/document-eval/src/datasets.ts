import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateMrz } from '@kyc/document-generator';
import { parseCsv } from './csv';

/** One image of a labelled set, whatever its labels.csv looked like. */
export interface LabelledImage {
  file: string;
  path: string;
  /** MRZ lines as printed; null when the label has no complete MRZ. */
  mrzLines: string[] | null;
  /** Whether the printed MRZ is valid; null when unknown (no MRZ and no explicit label). */
  expectedValid: boolean | null;
  /** The side to declare when uploading, from an optional uploaded_as/side column. */
  side?: 'front' | 'back' | 'main';
  note?: string;
}

export class DatasetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatasetError';
  }
}

function parseBool(value: string | undefined): boolean | null {
  if (value === undefined || value === '') return null;
  return ['true', 'yes', '1', 'valid'].includes(value.toLowerCase());
}

/**
 * Reads <dir>/labels.csv. The outside-set format is `file,mrz` (lines joined by '|'); an optional
 * `mrz_valid` column overrides the validity computed from the label's own check digits. The dev set's
 * format (`line1..line3`, `has_mrz`, `check_digits`) is read too.
 */
export function loadLabelledSet(dir: string): LabelledImage[] {
  const labelsPath = join(dir, 'labels.csv');
  if (!existsSync(labelsPath)) throw new DatasetError(`no labels.csv in ${dir}`);
  const rows = parseCsv(readFileSync(labelsPath, 'utf8'));
  if (rows.length === 0) throw new DatasetError(`${labelsPath} has no rows`);
  if (!('file' in rows[0])) throw new DatasetError(`${labelsPath} has no "file" column`);
  return rows.map((row) => {
    let lines: string[] | null;
    if ('mrz' in row) lines = row.mrz ? row.mrz.split('|').map((l) => l.trim()) : null;
    else {
      const fromColumns = [row.line1, row.line2, row.line3].filter((l): l is string => !!l);
      lines = fromColumns.length > 0 ? fromColumns : null;
    }
    let expectedValid = parseBool(row.mrz_valid);
    if (expectedValid === null && row.has_mrz === 'malformed') expectedValid = false;
    if (expectedValid === null && row.check_digits === 'all_pass') expectedValid = true;
    if (expectedValid === null && lines) expectedValid = validateMrz(lines).valid;
    const side = [row.uploaded_as, row.side].find((s) => s === 'front' || s === 'back' || s === 'main') as LabelledImage['side'];
    return { file: row.file, path: join(dir, row.file), mrzLines: lines, expectedValid, side, note: row.note };
  });
}
