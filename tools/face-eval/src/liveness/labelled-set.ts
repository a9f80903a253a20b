import { existsSync } from 'fs';
import { dirname, resolve } from 'path';
import { type Box } from '@kyc/face';
import { readCsv } from '../dev-data';

export interface LabelledFile {
  path: string;
  file: string;
  label: 'live' | 'spoof';
  box?: Box;
  /** The csv's attack_type column when it has one (print, replay…; 'none' for live). */
  attackType?: string;
}

/**
 * Reads a labels.csv: columns file,label (live|spoof), paths relative to the csv, fields may be
 * quoted; optional x,y,width,height columns give the face box and an optional attack_type column
 * is kept. Without box columns, boxes come from `boxes` (by file name) or the sample has no box
 * (the evaluation then asks the face detector, or reports no verdict).
 */
export function readLabelledSet(csvPath: string, boxes: Record<string, Box> = {}): LabelledFile[] {
  const rows = readCsv(csvPath);
  if (rows.length > 0 && (!('file' in rows[0]) || !('label' in rows[0]))) throw new Error(`${csvPath}: needs file,label columns`);
  const base = dirname(csvPath);
  return rows.map((row) => {
    const label = row.label;
    if (label !== 'live' && label !== 'spoof') throw new Error(`${csvPath}: label must be live or spoof, got ${label}`);
    const file = row.file;
    const path = resolve(base, file);
    if (!existsSync(path)) throw new Error(`${csvPath}: ${file} not found`);
    const boxCells = ['x', 'y', 'width', 'height'].map((name) => (row[name] ? Number(row[name]) : Number.NaN));
    const box = boxCells.every(Number.isFinite) ? { x: boxCells[0], y: boxCells[1], width: boxCells[2], height: boxCells[3] } : boxes[file];
    return { path, file, label, box, ...(row.attack_type ? { attackType: row.attack_type } : {}) };
  });
}

/**
 * A live-only set: every file in the csv's `file` column (e.g. faces-real-dev's identities.csv) is
 * a bona fide capture of a live person. It measures BPCER only.
 */
export function readLiveOnlySet(csvPath: string): LabelledFile[] {
  const rows = readCsv(csvPath);
  if (rows.length > 0 && !('file' in rows[0])) throw new Error(`${csvPath}: needs a file column`);
  const base = dirname(csvPath);
  return rows.map((row) => {
    const path = resolve(base, row.file);
    if (!existsSync(path)) throw new Error(`${csvPath}: ${row.file} not found`);
    return { path, file: row.file, label: 'live' as const };
  });
}
